//! The fillers from the outside: cul-de-sac filling, blind-alley filling and blind-alley
//! sealing, checked against facts worked out here without them. On a perfect maze each leaves
//! exactly the one solution open; with loops, blind-alley filling (and sealing) leaves exactly
//! the cells on some way from the start to the goal that walks no passage twice (found by
//! trying every such way on small mazes, and by removing each passage in turn on larger ones),
//! and cul-de-sac filling fills only such cells, more than dead-end filling where a noose is.

use mazestep::board::{mark, Board};
use mazestep::generators;
use mazestep::machine::{run_to_end, Event, Machine};
use mazestep::maze::{Direction, Maze};
use mazestep::rng::Rng;
use mazestep::solvers::{self, BlindAlley, CulDeSacFilling, DeadEndFilling, Outcome, Solver};
use mazestep::topology::{Grid, Mask, Shape, Topology};
use std::collections::{HashSet, VecDeque};

/// A passage: one cell, the side it leaves by, the cell beyond.
type Passage = (usize, u8, usize);

/// Every passage of `maze` once (from its lower cell), by the grid's neighbours and the maze's
/// passage bits.
fn passages(grid: &Grid, maze: &Maze) -> Vec<Passage> {
    let mut all = Vec::new();
    for cell in 0..grid.len() {
        grid.for_each_neighbour(cell, |side, next| {
            if next > cell && maze.cell(cell) & (1 << side) != 0 {
                all.push((cell, side, next));
            }
        });
    }
    all
}

/// The cells reached from `from` through `passages`, all but the one numbered `without`.
fn reached(len: usize, passages: &[Passage], from: usize, without: usize) -> Vec<bool> {
    let mut next_to: Vec<Vec<usize>> = vec![Vec::new(); len];
    for (i, &(a, _, b)) in passages.iter().enumerate() {
        if i != without {
            next_to[a].push(b);
            next_to[b].push(a);
        }
    }
    let mut seen = vec![false; len];
    seen[from] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        for &next in &next_to[cell] {
            if !seen[next] {
                seen[next] = true;
                queue.push_back(next);
            }
        }
    }
    seen
}

/// The cells on some way from `start` to `goal` that walks no passage twice, by removing each
/// passage in turn: a cell is on none exactly when some passage, removed, cuts it off from
/// both the start and the goal (a bridge into a part with neither). The goal is reachable.
fn on_some_way(grid: &Grid, maze: &Maze, start: usize, goal: usize) -> Vec<bool> {
    let all = passages(grid, maze);
    let mut on = reached(grid.len(), &all, start, usize::MAX);
    assert!(on[goal], "the goal is reachable");
    for without in 0..all.len() {
        let (from_start, from_goal) = (
            reached(grid.len(), &all, start, without),
            reached(grid.len(), &all, goal, without),
        );
        for cell in 0..grid.len() {
            on[cell] &= from_start[cell] || from_goal[cell];
        }
    }
    on
}

/// Whether the passage `(cell, side)` is a bridge: removed, its two cells are apart.
fn is_bridge(grid: &Grid, maze: &Maze, cell: usize, side: u8) -> bool {
    let all = passages(grid, maze);
    let next = grid.neighbour(cell, side).unwrap();
    let (low, high) = (cell.min(next), cell.max(next));
    let index = all
        .iter()
        .position(|&(a, s, b)| (a, b) == (low, high) && (a != cell || s == side))
        .expect("an open passage");
    !reached(grid.len(), &all, cell, index)[next]
}

/// The cells of the one path from `start` to `goal` of a perfect maze, by a breadth-first
/// search written here.
fn solution(grid: &Grid, maze: &Maze, start: usize, goal: usize) -> Vec<bool> {
    let mut parent = vec![usize::MAX; grid.len()];
    parent[start] = start;
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        grid.for_each_neighbour(cell, |side, next| {
            if maze.cell(cell) & (1 << side) != 0 && parent[next] == usize::MAX {
                parent[next] = cell;
                queue.push_back(next);
            }
        });
    }
    let mut on = vec![false; grid.len()];
    let mut cell = goal;
    on[cell] = true;
    while cell != start {
        cell = parent[cell];
        on[cell] = true;
    }
    on
}

/// The three fillers run to the end on `maze`: for each, its name, the cells it left open
/// (neither filled nor cut off) and its outcome.
fn fill(maze: &Maze, start: usize, goal: usize) -> Vec<(&'static str, Vec<bool>, Outcome)> {
    let mut results = Vec::new();
    let mut culdesac = CulDeSacFilling::new(maze, start, goal);
    run(&mut culdesac, maze);
    let open = (0..maze.len()).map(|c| !culdesac.is_filled(c)).collect();
    results.push((
        "cul-de-sac-filling",
        open,
        culdesac.outcome().unwrap().clone(),
    ));
    for seals in [false, true] {
        let mut alley = BlindAlley::new(maze, start, goal, seals);
        run(&mut alley, maze);
        let open = (0..maze.len()).map(|c| !alley.is_closed(c)).collect();
        let name = alley.info().name;
        results.push((name, open, alley.outcome().unwrap().clone()));
    }
    results
}

fn run(machine: &mut dyn Machine, maze: &Maze) -> Board {
    let mut board = Board::new(maze.clone());
    run_to_end(machine, &mut board, &mut Rng::new(0));
    board
}

/// Checks that `path` goes from `start` to `goal` through open passages.
fn assert_legal(grid: &Grid, maze: &Maze, path: &[usize], start: usize, goal: usize, what: &str) {
    assert_eq!(path.first(), Some(&start), "{what}");
    assert_eq!(path.last(), Some(&goal), "{what}");
    for pair in path.windows(2) {
        let mut joined = false;
        grid.for_each_neighbour(pair[0], |side, next| {
            joined |= next == pair[1] && maze.cell(pair[0]) & (1 << side) != 0;
        });
        assert!(joined, "{what}: no passage from {} to {}", pair[0], pair[1]);
    }
}

/// Every shape at a few sizes, a masked grid, and weaves.
fn grids() -> Vec<Grid> {
    let mut grids = Vec::new();
    for shape in Shape::ALL {
        for (width, height) in [(1, 1), (2, 1), (1, 5), (6, 5), (9, 7)] {
            if let Ok(grid) = Grid::new(shape, width, height) {
                grids.push(grid);
            }
        }
    }
    let rows = (0..7)
        .map(|y| {
            (0..9)
                .map(|x| (x, y) == (0, 0) || (x, y) == (4, 3))
                .collect()
        })
        .collect();
    let hex = Grid::new(Shape::Hex, 9, 7).unwrap();
    grids.push(hex.with_mask(&Mask::from_rows(rows)).unwrap());
    grids
}

/// Perfect mazes on every grid, and weaves made by every generator that weaves.
fn perfect_mazes() -> Vec<(Grid, Maze, String)> {
    let mut mazes = Vec::new();
    for grid in grids() {
        for seed in [1, 2, 3] {
            let empty = Maze::on_grid(grid.clone());
            let maze = generators::generate_on("recursive-backtracker", empty, seed, 0.0).unwrap();
            let label = format!(
                "{} {}x{} seed {seed}",
                grid.shape(),
                grid.width(),
                grid.height()
            );
            mazes.push((grid.clone(), maze, label));
        }
    }
    let weave = Grid::new(Shape::Weave, 12, 9).unwrap();
    for entry in generators::ALL.iter().filter(|e| e.weave) {
        for seed in [1, 2] {
            let empty = Maze::on_grid(weave.clone());
            let maze = generators::generate_on(entry.info.name, empty, seed, 0.0).unwrap();
            mazes.push((
                weave.clone(),
                maze,
                format!("{} weave seed {seed}", entry.info.name),
            ));
        }
    }
    mazes
}

/// A few ends among the cells that are on: corner to corner, from the middle, and one cell
/// for both.
fn ends(grid: &Grid) -> Vec<(usize, usize)> {
    let on: Vec<usize> = (0..grid.len()).filter(|&c| grid.is_on(c)).collect();
    let (first, last, middle) = (on[0], on[on.len() - 1], on[on.len() / 2]);
    vec![
        (first, last),
        (middle, first),
        (last, middle),
        (middle, middle),
    ]
}

#[test]
fn on_a_perfect_maze_each_filler_leaves_exactly_the_solution_open() {
    for (grid, maze, label) in perfect_mazes() {
        assert!(maze.is_perfect(), "{label}");
        for (start, goal) in ends(&grid) {
            let path = solution(&grid, &maze, start, goal);
            for (name, open, outcome) in fill(&maze, start, goal) {
                let what = format!("{name} on {label} from {start} to {goal}");
                for cell in (0..grid.len()).filter(|&c| grid.is_on(c)) {
                    assert_eq!(open[cell], path[cell], "{what}: cell {cell}");
                }
                let found = outcome
                    .path()
                    .unwrap_or_else(|| panic!("{what}: {outcome:?}"));
                assert_legal(&grid, &maze, found, start, goal, &what);
                assert_eq!(found.len(), path.iter().filter(|&&on| on).count(), "{what}");
            }
        }
    }
}

/// Mazes with loops: braided by the generator, or with walls knocked down at random (which
/// makes nooses and loops that touch the path at one cell).
fn mazes_with_loops() -> Vec<(Grid, Maze, String)> {
    let mut mazes = Vec::new();
    let mut rng = Rng::new(31);
    for shape in Shape::ALL {
        let Ok(grid) = Grid::new(shape, 7, 6) else {
            continue;
        };
        for seed in [1, 2, 3, 4] {
            let empty = Maze::on_grid(grid.clone());
            let braid = [0.3, 0.6][seed as usize % 2];
            let maze =
                generators::generate_on("recursive-backtracker", empty, seed, braid).unwrap();
            mazes.push((
                grid.clone(),
                maze.clone(),
                format!("{shape} seed {seed} braid {braid}"),
            ));
            let knocked = knock_down(&grid, &maze, 0.08, &mut rng);
            mazes.push((
                grid.clone(),
                knocked,
                format!("{shape} seed {seed} knocked"),
            ));
        }
    }
    mazes
}

/// `maze` with about `share` of its walls between neighbours opened.
fn knock_down(grid: &Grid, maze: &Maze, share: f64, rng: &mut Rng) -> Maze {
    let mut board = Board::new(maze.clone());
    for cell in 0..grid.len() {
        grid.for_each_neighbour(cell, |side, next| {
            let closed = board.maze().cell(cell) & (1 << side) == 0;
            if next > cell && closed && grid.is_on(cell) && grid.is_on(next) && rng.chance(share) {
                board.join(cell, side, next, grid.back(cell, side));
            }
        });
    }
    board.into_maze()
}

#[test]
fn with_loops_blind_alley_filling_and_sealing_leave_exactly_the_cells_on_some_way() {
    for (grid, maze, label) in mazes_with_loops() {
        for (start, goal) in ends(&grid) {
            let expected = on_some_way(&grid, &maze, start, goal);
            for (name, open, outcome) in fill(&maze, start, goal) {
                let what = format!("{name} on {label} from {start} to {goal}");
                for cell in (0..grid.len()).filter(|&c| grid.is_on(c)) {
                    if name == "cul-de-sac-filling" {
                        // It fills only cells on no way (so never a cell of a solution).
                        assert!(open[cell] || !expected[cell], "{what}: filled {cell}");
                    } else {
                        assert_eq!(open[cell], expected[cell], "{what}: cell {cell}");
                    }
                }
                let found = outcome
                    .path()
                    .unwrap_or_else(|| panic!("{what}: {outcome:?}"));
                assert_legal(&grid, &maze, found, start, goal, &what);
            }
        }
    }
}

/// Every way from the start to the goal that walks no passage twice, tried one by one on
/// small mazes: the cells they pass are what blind-alley filling leaves, and the cells of the
/// simple paths among them are left by all three.
#[test]
fn on_small_mazes_the_ways_tried_one_by_one_agree() {
    let mut rng = Rng::new(7);
    let mut nooses = 0;
    for (width, height) in [(3, 3), (4, 3), (4, 4)] {
        for seed in 0..12 {
            let grid = Grid::new(Shape::Square, width, height).unwrap();
            let perfect = generators::generate(
                ["recursive-backtracker", "kruskal", "wilson"][seed % 3],
                width,
                height,
                seed as u64,
            )
            .unwrap();
            let maze = knock_down(&grid, &perfect, 0.15, &mut rng);
            let (start, goal) = (0, grid.len() - 1 - seed % 2);
            let (trail_cells, simple_cells) = walk_every_way(&grid, &maze, start, goal);
            let mut dead_ends = DeadEndFilling::new(&maze, start, goal);
            run(&mut dead_ends, &maze);
            for (name, open, _) in fill(&maze, start, goal) {
                let what = format!("{name} on {width}x{height} seed {seed}: {:?}", maze.cells());
                for cell in 0..grid.len() {
                    if simple_cells[cell] {
                        assert!(open[cell], "{what}: filled {cell}, on a simple path");
                    }
                    if name == "cul-de-sac-filling" {
                        // Everything dead-end filling fills, and perhaps nooses too.
                        assert!(!open[cell] || !dead_ends.is_filled(cell), "{what}: {cell}");
                        nooses += usize::from(!open[cell] && !dead_ends.is_filled(cell));
                    } else {
                        assert_eq!(open[cell], trail_cells[cell], "{what}: cell {cell}");
                    }
                }
            }
        }
    }
    assert!(nooses > 0, "no maze had a noose: the test proves little");
}

/// The cells on some way from `start` to `goal` that uses no passage twice, and those on some
/// simple path (no cell twice), by trying every way.
fn walk_every_way(grid: &Grid, maze: &Maze, start: usize, goal: usize) -> (Vec<bool>, Vec<bool>) {
    let all = passages(grid, maze);
    let mut trail = vec![false; grid.len()];
    let mut simple = vec![false; grid.len()];
    let mut used = vec![false; all.len()];
    let mut route = vec![start];
    try_ways(&all, goal, &mut used, &mut route, &mut trail, &mut simple);
    (trail, simple)
}

fn try_ways(
    all: &[Passage],
    goal: usize,
    used: &mut [bool],
    route: &mut Vec<usize>,
    trail: &mut [bool],
    simple: &mut [bool],
) {
    let at = *route.last().unwrap();
    if at == goal {
        let distinct: HashSet<usize> = route.iter().copied().collect();
        for &cell in route.iter() {
            trail[cell] = true;
            simple[cell] |= distinct.len() == route.len();
        }
    }
    for i in 0..all.len() {
        let (a, _, b) = all[i];
        let next = if a == at {
            b
        } else if b == at {
            a
        } else {
            continue;
        };
        if !used[i] {
            used[i] = true;
            route.push(next);
            try_ways(all, goal, used, route, trail, simple);
            route.pop();
            used[i] = false;
        }
    }
}

/// A noose: a loop of four cells on a one-passage stem off the way along the bottom row, and
/// two dead-end branches. Dead-end filling leaves the noose; cul-de-sac filling seals it and
/// fills it; blind-alley sealing walls up the three doors and nothing else.
#[test]
fn a_noose_is_sealed_and_filled_where_dead_end_filling_leaves_it() {
    use Direction::{East, North};
    let mut board = Board::new(Maze::new(5, 3).unwrap());
    let at = |x: usize, y: usize| y * 5 + x;
    for x in 0..4 {
        board.carve(at(x, 2), East);
    }
    // The stem and the loop.
    board.carve(at(2, 2), North);
    board.carve(at(2, 1), North);
    board.carve(at(2, 0), East);
    board.carve(at(2, 1), East);
    board.carve(at(3, 1), North);
    // Two branches: (0, 1) (0, 0) (1, 0) (1, 1), and (4, 1) (4, 0).
    board.carve(at(0, 2), North);
    board.carve(at(0, 1), North);
    board.carve(at(0, 0), East);
    board.carve(at(1, 1), North);
    board.carve(at(4, 2), North);
    board.carve(at(4, 1), North);
    let maze = board.into_maze();
    let (start, goal) = (at(0, 2), at(4, 2));
    let bottom = |cell: usize| cell >= at(0, 2);

    let mut dead_ends = DeadEndFilling::new(&maze, start, goal);
    run(&mut dead_ends, &maze);
    let loop_cells = [at(2, 0), at(3, 0), at(2, 1), at(3, 1)];
    for cell in 0..maze.len() {
        let left = bottom(cell) || loop_cells.contains(&cell);
        assert_eq!(
            !dead_ends.is_filled(cell),
            left,
            "dead-end filling, cell {cell}"
        );
    }

    let mut culdesac = CulDeSacFilling::new(&maze, start, goal);
    let mut board = Board::new(maze.clone());
    let mut seals = Vec::new();
    while let Some(step) = culdesac.step(&mut board, &mut Rng::new(0)) {
        if let Event::Seal { cell, side } = step.event {
            seals.push((cell as usize, side));
        }
    }
    // The loop's joint is (2, 1); its first loop side is north.
    assert_eq!(seals, vec![(at(2, 1), Direction::North.side())]);
    for cell in 0..maze.len() {
        assert_eq!(
            !culdesac.is_filled(cell),
            bottom(cell),
            "cul-de-sac, cell {cell}"
        );
    }
    assert_eq!(
        culdesac.outcome().and_then(Outcome::path).map(<[_]>::len),
        Some(5)
    );

    let grid = maze.topology().into_owned();
    let mut sealing = BlindAlley::new(&maze, start, goal, true);
    let mut board = Board::new(maze.clone());
    let mut doors = Vec::new();
    while let Some(step) = sealing.step(&mut board, &mut Rng::new(0)) {
        if let Event::Seal { cell, side } = step.event {
            let cell = cell as usize;
            assert!(
                is_bridge(&grid, &maze, cell, side),
                "seal at {cell} is no bridge"
            );
            doors.push(cell);
        }
    }
    doors.sort_unstable();
    assert_eq!(doors, vec![at(0, 1), at(2, 1), at(4, 1)]);
    for cell in 0..maze.len() {
        let marked = board.mark(cell) & mark::SPECIAL != 0;
        assert_eq!(
            marked,
            doors.contains(&cell),
            "sealing marks only doors: {cell}"
        );
        assert_eq!(
            !sealing.is_closed(cell),
            bottom(cell),
            "sealing, cell {cell}"
        );
    }
}

/// Blind-alley sealing walls up only bridges, each into a part with neither start nor goal,
/// and the passage sealed joins the door to the cell it was found from; a door is never
/// behind another's seal.
#[test]
fn sealed_entrances_are_bridges_into_parts_with_neither_start_nor_goal() {
    let mut sealed_some = false;
    for (grid, maze, label) in mazes_with_loops() {
        for (start, goal) in ends(&grid) {
            let mut sealing = BlindAlley::new(&maze, start, goal, true);
            let mut board = Board::new(maze.clone());
            while let Some(step) = sealing.step(&mut board, &mut Rng::new(0)) {
                let Event::Seal { cell, side } = step.event else {
                    continue;
                };
                let (cell, what) = (cell as usize, format!("{label} seal at {cell}"));
                assert!(is_bridge(&grid, &maze, cell, side), "{what}: no bridge");
                let all = passages(&grid, &maze);
                let next = grid.neighbour(cell, side).unwrap();
                assert_eq!(next, sealing.entered_from(cell), "{what}");
                let index = all
                    .iter()
                    .position(|&(a, _, b)| (a, b) == (cell.min(next), cell.max(next)));
                let beyond = reached(grid.len(), &all, cell, index.unwrap());
                assert!(!beyond[start] && !beyond[goal], "{what}: an end behind it");
                assert!(
                    !sealing.is_closed(next),
                    "{what}: sealed from inside an alley"
                );
                sealed_some = true;
            }
        }
    }
    assert!(sealed_some);
}

/// On braided mazes from every generator that makes mazes, every filler's path is legal and
/// as short as a breadth-first search finds: nothing they close lies on a shortest path.
#[test]
fn filler_paths_are_shortest_on_braided_mazes() {
    for entry in generators::ALL.iter().filter(|e| e.perfect) {
        let name = entry.info.name;
        let Ok(maze) = generators::generate_braided(name, 10, 8, 5, 0.5) else {
            continue;
        };
        let grid = maze.topology().into_owned();
        let (start, goal) = (0, maze.len() - 1);
        let shortest = solvers::solve("bfs", &maze, (0, 0), (9, 7)).unwrap();
        let shortest = shortest.outcome.path().unwrap().len();
        for (filler, _, outcome) in fill(&maze, start, goal) {
            let what = format!("{filler} on {name}");
            let path = outcome.path().unwrap_or_else(|| panic!("{what}"));
            assert_legal(&grid, &maze, path, start, goal, &what);
            assert_eq!(path.len(), shortest, "{what}");
        }
    }
}

/// A goal walled off: every filler says it cannot be reached.
#[test]
fn a_goal_cut_off_is_unreachable() {
    let mut board = Board::new(generators::generate("kruskal", 6, 5, 4).unwrap());
    let goal = board.maze().len() - 1;
    for dir in [Direction::North, Direction::West] {
        board.build_wall(goal, dir);
    }
    let maze = board.into_maze();
    for (name, _, outcome) in fill(&maze, 0, goal) {
        assert_eq!(outcome, Outcome::Unreachable, "{name}");
    }
}

/// What cul-de-sac filling leaves holds no noose, found here another way: no passage left is
/// a bridge into a part, with neither start nor goal, that has as many passages as cells (one
/// loop, with its stem); and where there was one, cul-de-sac filling fills more than
/// dead-end filling.
#[test]
fn cul_de_sac_filling_leaves_no_noose() {
    let mut more = 0;
    for (grid, maze, label) in mazes_with_loops() {
        for (start, goal) in ends(&grid) {
            let mut culdesac = CulDeSacFilling::new(&maze, start, goal);
            run(&mut culdesac, &maze);
            let mut dead_ends = DeadEndFilling::on(grid.clone(), start, goal);
            run(&mut dead_ends, &maze);
            let left: Vec<Passage> = passages(&grid, &maze)
                .into_iter()
                .filter(|&(a, _, b)| !culdesac.is_filled(a) && !culdesac.is_filled(b))
                .collect();
            let whole = reached(grid.len(), &left, start, usize::MAX);
            for (i, &(a, _, b)) in left.iter().enumerate() {
                let from_a = reached(grid.len(), &left, a, i);
                if from_a[b] || !whole[a] {
                    continue; // no bridge, or a part the start cannot reach
                }
                // The side of the bridge away from the start.
                let far = if from_a[start] {
                    reached(grid.len(), &left, b, i)
                } else {
                    from_a
                };
                if far[start] || far[goal] {
                    continue;
                }
                let cells = far.iter().filter(|&&on| on).count();
                let inside = left.iter().filter(|&&(x, _, y)| far[x] && far[y]).count();
                assert_ne!(
                    cells, inside,
                    "{label} from {start} to {goal}: a noose left at {a}-{b}"
                );
            }
            let filled = |c: usize| culdesac.is_filled(c) && !dead_ends.is_filled(c);
            more += usize::from((0..grid.len()).any(filled));
        }
    }
    assert!(more > 0, "no noose anywhere: the test proves little");
}

/// A noose on a noose: the outer loop becomes a noose only once the inner one is filled, and
/// its joint comes before the inner one's in the scan, so it is found by looking again where
/// the filling stopped.
#[test]
fn a_noose_left_by_filling_another_is_found_again() {
    use Direction::{East, North, South, West};
    let mut board = Board::new(Maze::new(6, 4).unwrap());
    let at = |x: usize, y: usize| y * 6 + x;
    for x in 0..5 {
        board.carve(at(x, 0), East);
    }
    for (x, y, dir) in [
        (1, 0, South), // the stem
        (1, 1, South), // the outer loop
        (1, 2, East),
        (2, 2, North),
        (2, 1, West),
        (2, 2, East), // the inner noose's stem and loop
        (3, 2, East),
        (4, 2, South),
        (4, 3, West),
        (3, 3, North),
    ] {
        board.carve(at(x, y), dir);
    }
    let maze = board.into_maze();
    let mut culdesac = CulDeSacFilling::new(&maze, at(0, 0), at(5, 0));
    let mut board = Board::new(maze.clone());
    let mut joints = Vec::new();
    while let Some(step) = culdesac.step(&mut board, &mut Rng::new(0)) {
        if let Event::Seal { cell, .. } = step.event {
            joints.push(cell as usize);
        }
    }
    assert_eq!(joints, vec![at(3, 2), at(1, 1)]);
    for cell in 0..maze.len() {
        assert_eq!(culdesac.is_filled(cell), cell > at(5, 0), "cell {cell}");
    }
}
