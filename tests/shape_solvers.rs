//! Every solver on every grid shape, and on masked grids: each finds a real path from the start
//! to the goal through open passages; the optimal ones find one as short as a breadth-first
//! search written here finds; the wall followers reach the goal in every perfect maze. On
//! terrain, the searches by cost find a path as cheap as a Dijkstra written here finds.

use mazestep::board::Board;
use mazestep::generators;
use mazestep::machine::run_to_end;
use mazestep::maze::Maze;
use mazestep::rng::Rng;
use mazestep::solvers::{self, Outcome};
use mazestep::topology::{Grid, Mask, Shape, Topology};
use mazestep::world::Search;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Sizes for every shape: the smallest, thin ones, and a few larger.
const SIZES: [(u32, u32); 8] = [
    (1, 1),
    (1, 2),
    (2, 1),
    (1, 6),
    (7, 1),
    (2, 2),
    (9, 7),
    (4, 11),
];

/// Solvers that find a shortest path in any maze.
const OPTIMAL: [&str; 4] = ["bfs", "a-star", "dijkstra", "bidirectional-bfs"];

/// A mask of `width` × `height` with a hole in the middle and a corner cut off: one region.
fn holed_mask(width: u32, height: u32) -> Mask {
    let rows = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| (x == 0 && y == 0) || (x == width / 2 && y == height / 2))
                .collect()
        })
        .collect();
    Mask::from_rows(rows)
}

/// Every grid to solve on: each shape at each size it allows, and masked grids.
fn grids() -> Vec<Grid> {
    let mut grids = Vec::new();
    for shape in Shape::ALL {
        for (width, height) in SIZES {
            match Grid::new(shape, width, height) {
                Ok(grid) => grids.push(grid),
                // A column of triangles falls apart: refused.
                Err(_) => assert!(
                    shape == Shape::Triangle && width == 1,
                    "{shape} {width}x{height}"
                ),
            }
        }
    }
    for shape in [Shape::Square, Shape::Hex, Shape::Triangle] {
        let grid = Grid::new(shape, 9, 7).unwrap();
        grids.push(grid.with_mask(&holed_mask(9, 7)).unwrap());
    }
    grids
}

/// The number of passages on a shortest way from `from` to every cell (`None`: unreachable),
/// by a breadth-first search over the grid's neighbours and the maze's passage bits.
fn distances(grid: &Grid, maze: &Maze, from: usize) -> Vec<Option<usize>> {
    let mut dist = vec![None; grid.len()];
    dist[from] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        let d = dist[cell].unwrap();
        grid.for_each_neighbour(cell, |side, next| {
            if maze.cell(cell) & (1 << side) != 0 && dist[next].is_none() {
                dist[next] = Some(d + 1);
                queue.push_back(next);
            }
        });
    }
    dist
}

/// Whether `a` and `b` are joined by an open passage (both ends open).
fn joined(grid: &Grid, maze: &Maze, a: usize, b: usize) -> bool {
    let mut found = false;
    grid.for_each_neighbour(a, |side, next| {
        if next == b && maze.cell(a) & (1 << side) != 0 {
            let back = grid.back(a, side);
            found |= maze.cell(b) & (1 << back) != 0;
        }
    });
    found
}

/// A few start and goal pairs among the cells that are on: corner to corner, a middle cell,
/// and the start as the goal.
fn ends(grid: &Grid) -> Vec<(usize, usize)> {
    let on: Vec<usize> = (0..grid.len()).filter(|&c| grid.is_on(c)).collect();
    let (first, last, middle) = (on[0], on[on.len() - 1], on[on.len() / 2]);
    vec![
        (first, last),
        (last, first),
        (middle, first),
        (middle, middle),
    ]
}

/// The same maze with about `share` of its walls between cells that are on opened: loops.
fn with_loops(grid: &Grid, maze: &Maze, share: f64, seed: u64) -> Maze {
    let mut board = Board::new(maze.clone());
    let mut rng = Rng::new(seed);
    for cell in 0..grid.len() {
        grid.for_each_neighbour(cell, |side, next| {
            if next > cell && board.maze().cell(cell) & (1 << side) == 0 && rng.chance(share) {
                board.join(cell, side, next, grid.back(cell, side));
            }
        });
    }
    board.maze().clone()
}

/// Solves with every solver and checks what each found; `perfect` says the maze has no loops.
fn check_every_solver(grid: &Grid, maze: &Maze, perfect: bool, label: &str) {
    for (start, goal) in ends(grid) {
        let shortest = distances(grid, maze, start)[goal].expect("the goal is reachable");
        for name in any_shape_solvers() {
            let label = format!("{name} on {label} from {start} to {goal}");
            let report = solvers::solve(name, maze, grid.place(start), grid.place(goal))
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            let path = match &report.outcome {
                Outcome::Found(path) => path,
                // A wall follower may circle an island in a maze with loops.
                Outcome::GaveUp { .. } if !perfect && name.starts_with("wall-follower") => continue,
                other => panic!("{label}: {other:?}"),
            };
            assert_eq!(path.first(), Some(&start), "{label}: {path:?}");
            assert_eq!(path.last(), Some(&goal), "{label}: {path:?}");
            for pair in path.windows(2) {
                assert!(
                    joined(grid, maze, pair[0], pair[1]),
                    "{label}: no passage from {} to {} in {path:?}",
                    pair[0],
                    pair[1]
                );
            }
            let optimal = OPTIMAL.contains(&name) || (perfect && name == "dead-end-filling");
            if optimal {
                assert_eq!(path.len(), shortest + 1, "{label}: not a shortest path");
            }
            if perfect && !name.starts_with("wall-follower") {
                // One path between any two cells: every search that finds one finds it.
                assert_eq!(
                    path.len(),
                    shortest + 1,
                    "{label}: a perfect maze has one path"
                );
            }
        }
    }
}

#[test]
fn every_solver_solves_perfect_mazes_on_every_shape() {
    for grid in grids() {
        for seed in [1, 2] {
            let maze = generators::generate_on(
                "recursive-backtracker",
                Maze::on_grid(grid.clone()),
                seed,
                0.0,
            )
            .unwrap();
            assert!(maze.is_perfect());
            let label = format!(
                "{} {}x{}{} seed {seed}",
                grid.shape(),
                grid.width(),
                grid.height(),
                if grid.is_masked() { " masked" } else { "" }
            );
            check_every_solver(&grid, &maze, true, &label);
        }
    }
}

#[test]
fn every_solver_solves_mazes_with_loops_on_every_shape() {
    for grid in grids() {
        for (seed, share) in [(3, 0.1), (4, 0.3), (5, 1.0)] {
            let perfect = generators::generate_on(
                "recursive-backtracker",
                Maze::on_grid(grid.clone()),
                seed,
                0.0,
            )
            .unwrap();
            let maze = with_loops(&grid, &perfect, share, seed);
            let label = format!(
                "{} {}x{}{} with loops ({share}) seed {seed}",
                grid.shape(),
                grid.width(),
                grid.height(),
                if grid.is_masked() { " masked" } else { "" }
            );
            check_every_solver(&grid, &maze, maze.is_perfect(), &label);
        }
    }
}

/// A start walled in on every side: the searches find no way, the wall followers give up at
/// once, on every shape.
#[test]
fn a_walled_in_start_has_no_path_on_any_shape() {
    for shape in Shape::ALL {
        let grid = Grid::new(shape, 5, 4).unwrap();
        let maze = Maze::on_grid(grid.clone());
        let goal = grid.len() - 1;
        for name in any_shape_solvers() {
            let report = solvers::solve(name, &maze, grid.place(0), grid.place(goal)).unwrap();
            assert!(
                report.outcome.path().is_none(),
                "{name} on {shape}: {:?}",
                report.outcome
            );
        }
    }
}

/// The solvers allowed on every shape (all but jump point search, whose pruning rules are
/// the square grid's).
fn any_shape_solvers() -> Vec<&'static str> {
    solvers::ALL
        .iter()
        .filter(|e| e.any_shape)
        .map(|e| e.info.name)
        .collect()
}

/// Every solver works on any shape but those the registry marks square-only, which are
/// refused on other shapes with a message naming the ones that work.
#[test]
fn square_only_solvers_are_refused_on_other_shapes() {
    for entry in solvers::ALL {
        let name = entry.info.name;
        let grid = Grid::new(Shape::Hex, 5, 4).unwrap();
        let maze = Maze::on_grid(grid.clone());
        let result = solvers::solve(name, &maze, grid.place(0), grid.place(1));
        if entry.any_shape {
            assert!(result.is_ok(), "{name}");
        } else {
            let err = result.unwrap_err().to_string();
            assert!(
                err.contains("plain square grid only") && err.contains("a-star"),
                "{name}: {err}"
            );
        }
    }
    assert!(solvers::ALL.iter().filter(|e| e.any_shape).count() >= 13);
}

/// Weaves from every generator that makes them (Kruskal's are dense with crossings), plain,
/// masked and braided: every solver finds a real path, the optimal ones a shortest one, over
/// the graph with its tunnels.
#[test]
fn every_solver_solves_weaves_from_every_weave_generator() {
    let plain = Grid::new(Shape::Weave, 12, 9).unwrap();
    let masked = plain.clone().with_mask(&holed_mask(12, 9)).unwrap();
    let large = Grid::new(Shape::Weave, 25, 20).unwrap();
    for entry in generators::ALL.iter().filter(|e| e.weave) {
        for grid in [&plain, &masked, &large] {
            for (seed, braid) in [(1, 0.0), (2, 0.0), (3, 0.5)] {
                let name = entry.info.name;
                let maze = generators::generate_on(name, Maze::on_grid(grid.clone()), seed, braid)
                    .unwrap();
                let tunnels: u32 = maze.cells().iter().map(|&b| (b >> 4).count_ones()).sum();
                let label = format!(
                    "{name} weave {}x{}{} seed {seed} braid {braid} ({} tunnel ends)",
                    grid.width(),
                    grid.height(),
                    if grid.is_masked() { " masked" } else { "" },
                    tunnels
                );
                check_every_solver(grid, &maze, braid == 0.0, &label);
            }
        }
    }
}

/// A wall follower on a weave faces one of the four ways at every step, and after going
/// through a tunnel it faces the way the tunnel went: straight on, under the crossing.
#[test]
fn wall_followers_on_a_weave_face_four_ways_and_go_straight_under() {
    let grid = Grid::new(Shape::Weave, 14, 10).unwrap();
    let mut tunnels_taken = 0;
    for seed in 1..5 {
        let maze =
            generators::generate_on("kruskal", Maze::on_grid(grid.clone()), seed, 0.0).unwrap();
        for name in ["wall-follower-right", "wall-follower-left", "tremaux"] {
            let entry = solvers::find(name).unwrap();
            let mut machine = (entry.make)(&maze, 0, grid.len() - 1, &Default::default());
            let mut board = Board::new(maze.clone());
            let mut rng = Rng::new(0);
            while let Some(step) = machine.step(&mut board, &mut rng) {
                let heading = machine.heading();
                assert!(
                    heading.is_none_or_below(4),
                    "{name} seed {seed}: {heading:?}"
                );
                if let mazestep::machine::Event::Move { heading: side, .. } = step.event {
                    if side >= 4 {
                        tunnels_taken += 1;
                        assert_eq!(heading, Some(side - 4), "{name} seed {seed}: {step:?}");
                    }
                }
            }
            assert!(machine.is_done());
        }
    }
    assert!(tunnels_taken > 0, "no walker went through a tunnel");
}

/// `Option<u8>` below a bound, or none (MSRV 1.80 has no `Option::is_none_or`).
trait BelowOrNone {
    fn is_none_or_below(&self, bound: u8) -> bool;
}

impl BelowOrNone for Option<u8> {
    fn is_none_or_below(&self, bound: u8) -> bool {
        self.map_or(true, |value| value < bound)
    }
}

/// The cost of the cheapest way from `from` to `to` (the sum of the costs of the cells
/// entered), by a Dijkstra with a binary heap over the grid's neighbours and the passage bits.
fn cheapest(grid: &Grid, maze: &Maze, from: usize, to: usize) -> Option<u64> {
    let mut dist = vec![u64::MAX; grid.len()];
    dist[from] = 0;
    let mut heap = BinaryHeap::from([Reverse((0, from))]);
    while let Some(Reverse((d, cell))) = heap.pop() {
        if cell == to {
            return Some(d);
        }
        if d > dist[cell] {
            continue;
        }
        grid.for_each_neighbour(cell, |side, next| {
            let through = d + u64::from(maze.cost(next));
            if maze.cell(cell) & (1 << side) != 0 && through < dist[next] {
                dist[next] = through;
                heap.push(Reverse((through, next)));
            }
        });
    }
    None
}

/// Dijkstra, A* and bidirectional A* on terrain (costs 1 to 9 painted at random on a maze
/// with loops) find a legal path as cheap as the reference's, on every shape and mask.
#[test]
fn searches_by_cost_find_the_cheapest_path_on_terrain_on_every_shape() {
    for grid in grids() {
        for seed in [6, 7] {
            let perfect = generators::generate_on(
                "recursive-backtracker",
                Maze::on_grid(grid.clone()),
                seed,
                0.0,
            )
            .unwrap();
            let mut board = Board::new(with_loops(&grid, &perfect, 0.4, seed));
            let mut rng = Rng::new(seed);
            for cell in 0..grid.len() {
                if grid.is_on(cell) {
                    board.set_terrain(cell, 1 + rng.index(9) as u8);
                }
            }
            let maze = board.into_maze();
            for (start, goal) in ends(&grid) {
                let expected = cheapest(&grid, &maze, start, goal).unwrap();
                for name in ["dijkstra", "a-star", "bidirectional-a-star"] {
                    let label = format!(
                        "{name} on {} {}x{} seed {seed} from {start} to {goal}",
                        grid.shape(),
                        grid.width(),
                        grid.height()
                    );
                    let entry = solvers::find(name).unwrap();
                    let mut solver = (entry.make)(&maze, start, goal, &Search::default());
                    let mut board = Board::new(maze.clone());
                    run_to_end(solver.as_mut(), &mut board, &mut Rng::new(0));
                    let path = solver.outcome().and_then(Outcome::path).expect(&label);
                    for pair in path.windows(2) {
                        assert!(joined(&grid, &maze, pair[0], pair[1]), "{label}: {path:?}");
                    }
                    let paid: u64 = path[1..].iter().map(|&c| u64::from(maze.cost(c))).sum();
                    assert_eq!(paid, expected, "{label}: not the cheapest");
                }
            }
        }
    }
}
