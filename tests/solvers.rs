//! Property tests for every registered solver on mazes from every registered generator.
//!
//! The tests iterate `solvers::ALL` and `generators::ALL`, so algorithms added later are covered
//! without touching this file. What a solver found is checked against facts worked out here
//! independently: distances from a plain breadth-first search over `Maze::passage`, routes
//! walked passage by passage, the wall follower's rule re-stated in a few lines.
//!
//! Mazes come in several kinds: perfect (straight from a generator), with loops (extra walls
//! knocked down), and with the goal cut off (walls built around it, or a wall line splitting
//! the maze), so that "unreachable" and "gave up" are exercised as well as "found".

// Native only: wasm-pack compiles every test target for wasm32, and these use host-only
// dev-dependencies. The browser tests are in tests/wasm.rs.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::{mark, Board};
use mazestep::generators;
use mazestep::machine::{run_to_end, Event, Machine};
use mazestep::maze::{Direction, Maze};
use mazestep::player::Player;
use mazestep::rng::Rng;
use mazestep::solvers::{
    self, random_mouse, wall_follower, AStar, DeadEndFilling, Hand, Outcome, Solver, Tremaux,
    WallFollower,
};
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

/// The generators of mazes: every one but the open worlds, whose goals may be walled off by
/// obstacles (the searches' promises below are about connected mazes).
static MAZE_GENERATORS: std::sync::LazyLock<Vec<&'static generators::Entry>> =
    std::sync::LazyLock::new(|| generators::ALL.iter().filter(|e| e.perfect).collect());

// ---------------------------------------------------------------------------------------------
// Helpers: making mazes and checking results without the code under test.
// ---------------------------------------------------------------------------------------------

/// A perfect maze from the `index`-th registered generator.
fn generated(index: usize, width: u32, height: u32, seed: u64) -> Maze {
    let name = MAZE_GENERATORS[index % MAZE_GENERATORS.len()].info.name;
    generators::generate(name, width, height, seed).unwrap()
}

/// Knocks down about `count` extra walls at random, making loops (braiding proper arrives
/// later; this is enough to give the searches more than one way round).
fn with_loops(maze: Maze, count: usize, rng: &mut Rng) -> Maze {
    let mut board = Board::new(maze);
    for _ in 0..count {
        let cell = rng.index(board.maze().len());
        let dir = Direction::ALL[rng.index(4)];
        if board.maze().neighbour(cell, dir).is_some() && !board.maze().is_open(cell, dir) {
            board.carve(cell, dir);
        }
    }
    board.into_maze()
}

/// Builds walls on every side of `cell`, sealing it off.
fn sealed(maze: Maze, cell: usize) -> Maze {
    let mut board = Board::new(maze);
    for dir in Direction::ALL {
        if board.maze().neighbour(cell, dir).is_some() {
            board.build_wall(cell, dir);
        }
    }
    board.into_maze()
}

/// Builds a wall down the east side of column `x`, splitting the maze in two.
fn split(maze: Maze, x: u32) -> Maze {
    let mut board = Board::new(maze);
    if x + 1 < board.maze().width() {
        for y in 0..board.maze().height() {
            let cell = board.maze().index(x, y);
            board.build_wall(cell, Direction::East);
        }
    }
    board.into_maze()
}

/// Kinds of maze the properties run on.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Perfect,
    Loops,
    GoalSealed,
    Split,
    LoopsAndSplit,
}

fn make_maze(kind: Kind, gen: usize, width: u32, height: u32, seed: u64, goal: usize) -> Maze {
    let maze = generated(gen, width, height, seed);
    let mut rng = Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let loops = (maze.len() / 4).max(1);
    match kind {
        Kind::Perfect => maze,
        Kind::Loops => with_loops(maze, loops, &mut rng),
        Kind::GoalSealed => sealed(maze, goal),
        Kind::Split => split(maze, rng.below(width)),
        Kind::LoopsAndSplit => split(with_loops(maze, loops, &mut rng), rng.below(width)),
    }
}

/// Distances from `from` to every cell through open passages, by a breadth-first search
/// written here from `Maze::passage` alone. `None` for cells that cannot be reached.
fn distances(maze: &Maze, from: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; maze.len()];
    let mut queue = VecDeque::from([from]);
    dist[from] = Some(0);
    while let Some(cell) = queue.pop_front() {
        let d = dist[cell].unwrap();
        for dir in Direction::ALL {
            if let Some(next) = maze.passage(cell, dir) {
                if dist[next].is_none() {
                    dist[next] = Some(d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    dist
}

/// Whether `a` and `b` are joined by an open passage.
fn joined(maze: &Maze, a: usize, b: usize) -> bool {
    Direction::ALL
        .into_iter()
        .any(|dir| maze.passage(a, dir) == Some(b))
}

/// Checks that `route` starts on `start` and every step goes through an open passage.
fn assert_walkable(maze: &Maze, route: &[usize], start: usize, what: &str) {
    assert_eq!(
        route.first(),
        Some(&start),
        "{what}: route does not begin on the start"
    );
    for pair in route.windows(2) {
        assert!(
            joined(maze, pair[0], pair[1]),
            "{what}: no open passage between {} and {}",
            pair[0],
            pair[1]
        );
    }
}

/// The solvers that promise a shortest path.
fn is_shortest(name: &str) -> bool {
    // Dead-end filling too: a filled cell lies on no simple way from start to goal, so every
    // shortest way survives the filling and its last search finds one. So do the other
    // fillers (cul-de-sac, blind-alley filling and sealing): they close only parts behind a
    // passage with neither start nor goal beyond it.
    matches!(
        name,
        "bfs"
            | "a-star"
            | "dijkstra"
            | "bidirectional-bfs"
            | "dead-end-filling"
            | "collision"
            | "shortest-paths"
            | "cul-de-sac-filling"
            | "blind-alley-filling"
            | "blind-alley-sealing"
    )
}

/// The searches that, when the goal cannot be reached, have looked at exactly the cells
/// reachable from the start (one flood from the start only).
fn floods_from_start(name: &str) -> bool {
    matches!(name, "bfs" | "a-star" | "dijkstra" | "dfs" | "greedy")
}

/// The solvers that must always find a path when there is one (Pledge is sure to only of an
/// exit in the outer wall, and these goals are cells).
fn is_complete(name: &str) -> bool {
    !is_wall_follower(name) && !matches!(name, "random-mouse" | "pledge")
}

fn is_wall_follower(name: &str) -> bool {
    name.starts_with("wall-follower")
}

/// The walkers whose answer is the route walked, revisits and all, and who may not arrive.
fn walks_a_route(name: &str) -> bool {
    is_wall_follower(name) || name == "pledge"
}

/// Runs a solver one step at a time with journaling on, checking after every step that undoing
/// the step's journal entries restores the board exactly and redoing them comes back. Returns
/// the solver, the board and the number of steps.
fn step_with_undo(
    entry: &solvers::Entry,
    maze: &Maze,
    start: usize,
    goal: usize,
) -> (Box<dyn Solver>, Board, u64) {
    let mut solver = (entry.make)(maze, start, goal, &Default::default());
    let mut board = Board::new(maze.clone());
    board.set_journaling(true);
    let mut rng = Rng::new(0);
    let mut steps = 0;
    // Every step is checked up to 200 a cell, far more than any search but the random mouse
    // takes; its wander on after that (up to its limit) is only stepped, or this test would
    // copy the board a thousand times a cell.
    let checked = 200 * maze.len() as u64;
    loop {
        let check = steps < checked;
        let before = check.then(|| board.clone());
        let from = board.journal_len();
        let Some(_) = solver.step(&mut board, &mut rng) else {
            break;
        };
        steps += 1;
        let Some(before) = before else {
            assert!(
                steps <= (random_mouse::MOVES_PER_CELL + 1) * maze.len() as u64 + 200,
                "{}: no end in sight",
                entry.info.name
            );
            continue;
        };
        let after = board.clone();
        let changes = board.journal()[from..].to_vec();
        board.undo(&changes);
        assert_eq!(
            board.maze(),
            before.maze(),
            "{}: undo of step {steps}",
            entry.info.name
        );
        assert_eq!(
            board.marks(),
            before.marks(),
            "{}: undo of step {steps}",
            entry.info.name
        );
        assert_eq!(
            board.groups(),
            before.groups(),
            "{}: undo of step {steps}",
            entry.info.name
        );
        board.redo(&changes);
        assert_eq!(
            board.marks(),
            after.marks(),
            "{}: redo of step {steps}",
            entry.info.name
        );
        assert_eq!(
            board.maze(),
            after.maze(),
            "{}: redo of step {steps}",
            entry.info.name
        );
    }
    (solver, board, steps)
}

/// Everything every solver must satisfy on one maze, start and goal.
fn check_all_solvers(maze: &Maze, start: usize, goal: usize, perfect: bool) {
    let dist = distances(maze, start);
    let reachable_cells = dist.iter().filter(|d| d.is_some()).count() as u64;
    let shortest = dist[goal];
    let (sx, sy) = maze.coords(start);
    let (gx, gy) = maze.coords(goal);
    let mut shortest_lengths = Vec::new();

    for entry in solvers::ALL {
        let name = entry.info.name;
        let what = format!(
            "{name} on {}x{} from {start} to {goal}",
            maze.width(),
            maze.height()
        );
        // Stepping one at a time (journal on, bounded, so a solver that never ends fails
        // instead of hanging) gives what running to the end gives.
        let (solver, board, steps) = step_with_undo(entry, maze, start, goal);
        let report = solvers::solve(name, maze, (sx, sy), (gx, gy)).unwrap();
        assert_eq!(solver.outcome(), Some(&report.outcome), "{what}: stepping");
        assert_eq!(
            solver.visited(),
            report.visited,
            "{what}: stepping, visited"
        );
        assert_eq!(steps, report.steps, "{what}: stepping, steps");
        assert!(solver.is_done(), "{what}");

        // The search never changes the maze.
        assert_eq!(board.maze(), maze, "{what}: the maze changed");

        match &report.outcome {
            Outcome::Found(path) => {
                assert_walkable(maze, path, start, &what);
                assert_eq!(
                    path.last(),
                    Some(&goal),
                    "{what}: path does not end on the goal"
                );
                assert!(
                    shortest.is_some(),
                    "{what}: found a path to an unreachable goal"
                );
                // PATH marks exactly the cells of the result (the bottlenecks on it keep their
                // own mark, which the path's would hide).
                let on_path: HashSet<usize> = path.iter().copied().collect();
                let necks: HashSet<usize> = match name {
                    "bottlenecks" => solver.answer_cells().unwrap().into_iter().collect(),
                    _ => HashSet::new(),
                };
                for cell in 0..maze.len() {
                    assert_eq!(
                        board.mark(cell) & mark::PATH != 0,
                        on_path.contains(&cell) && !necks.contains(&cell),
                        "{what}: PATH mark of cell {cell}"
                    );
                }
                if is_shortest(name) {
                    assert_eq!(
                        path.len() as u32,
                        shortest.unwrap() + 1,
                        "{what}: not shortest"
                    );
                    shortest_lengths.push((name, path.len()));
                }
                if is_wall_follower(name) {
                    assert_eq!(report.visited, on_path.len() as u64, "{what}: visited");
                }
            }
            Outcome::Unreachable => {
                assert!(
                    shortest.is_none(),
                    "{what}: claims unreachable, but it is not"
                );
                if floods_from_start(name) {
                    // These searches exhaust everything reachable from the start.
                    assert_eq!(report.visited, reachable_cells, "{what}: visited");
                }
            }
            Outcome::GaveUp { route, reason } => {
                assert_walkable(maze, route, start, &what);
                assert!(!reason.is_empty(), "{what}: a reason must be given");
                assert!(
                    !is_complete(name),
                    "{what}: a complete search never gives up"
                );
                assert!(
                    !(perfect && is_wall_follower(name) && shortest.is_some()),
                    "{what}: a wall follower must reach the goal in a perfect maze"
                );
                if name == "random-mouse" {
                    let expected = if maze.cell(start) == 0 {
                        wall_follower::WALLED_IN
                    } else {
                        random_mouse::STEP_LIMIT
                    };
                    assert_eq!(*reason, expected, "{what}");
                }
                if is_wall_follower(name) {
                    let expected = if maze.cell(start) == 0 {
                        wall_follower::WALLED_IN
                    } else {
                        wall_follower::LOOPED
                    };
                    assert_eq!(*reason, expected, "{what}");
                    let distinct: HashSet<usize> = route.iter().copied().collect();
                    assert_eq!(report.visited, distinct.len() as u64, "{what}: visited");
                }
            }
        }

        if is_complete(name) && shortest.is_some() {
            assert!(
                report.outcome.path().is_some(),
                "{what}: a complete search must find a path"
            );
        }
        if is_complete(name) && shortest.is_none() {
            assert_eq!(report.outcome, Outcome::Unreachable, "{what}");
        }
        if is_wall_follower(name) && shortest.is_none() {
            assert!(matches!(report.outcome, Outcome::GaveUp { .. }), "{what}");
        }
    }
    // Every optimal solver took part and they all agree.
    if shortest.is_some() {
        let optimal = solvers::names()
            .into_iter()
            .filter(|n| is_shortest(n))
            .count();
        assert_eq!(shortest_lengths.len(), optimal, "{shortest_lengths:?}");
        assert!(
            shortest_lengths.windows(2).all(|w| w[0].1 == w[1].1),
            "{shortest_lengths:?}"
        );
    }
}

/// Re-states the wall follower's rule: from `heading`, the first open way among hand side,
/// ahead, other side, back.
fn rule(maze: &Maze, cell: usize, heading: Direction, hand: Hand) -> Option<Direction> {
    let (near, far) = match hand {
        Hand::Right => (heading.right(), heading.left()),
        Hand::Left => (heading.left(), heading.right()),
    };
    [near, heading, far, heading.opposite()]
        .into_iter()
        .find(|&dir| maze.passage(cell, dir).is_some())
}

// ---------------------------------------------------------------------------------------------
// Properties.
// ---------------------------------------------------------------------------------------------

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        2 => Just(Kind::Perfect),
        2 => Just(Kind::Loops),
        1 => Just(Kind::GoalSealed),
        1 => Just(Kind::Split),
        1 => Just(Kind::LoopsAndSplit),
    ]
}

/// `Machine::step_to_end` (how a search runs when nobody watches) takes the same steps and
/// ends on the same last step as stepping one call at a time, for every solver.
#[test]
fn running_to_the_end_ends_on_the_last_step() {
    for (gen, width, height, seed) in [(0, 9, 7, 1), (3, 12, 5, 2), (2, 1, 6, 3), (1, 8, 8, 4)] {
        let maze = generated(gen, width, height, seed);
        let goal = maze.len() - 1;
        for entry in solvers::ALL {
            let mut stepped = (entry.make)(&maze, 0, goal, &Default::default());
            let mut board = Board::new(maze.clone());
            let mut rng = Rng::new(0);
            let (mut count, mut last) = (0, None);
            while let Some(step) = stepped.step(&mut board, &mut rng) {
                count += 1;
                last = Some(step);
            }
            let mut ran = (entry.make)(&maze, 0, goal, &Default::default());
            let mut board = Board::new(maze.clone());
            let ended = ran.step_to_end(&mut board, &mut Rng::new(0));
            assert_eq!(
                ended,
                (count, last),
                "{} on {width}x{height}",
                entry.info.name
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// Every solver on every kind of maze: routes walkable, shortest where promised, honest
    /// about unreachable goals, deterministic step by step, undoable, and the maze untouched.
    #[test]
    fn solvers_agree_with_an_independent_search(
        kind in kind(),
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=14,
        height in 1u32..=14,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = make_maze(kind, gen, width, height, seed, goal);
        check_all_solvers(&maze, start, goal, matches!(kind, Kind::Perfect));
    }

    /// Larger mazes with loops, run to the end only (no per-step undo), for the optimal solvers.
    #[test]
    fn bfs_and_a_star_are_shortest_on_larger_mazes_with_loops(
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=48,
        height in 1u32..=48,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
        loops in 0usize..200,
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = with_loops(generated(gen, width, height, seed), loops, &mut Rng::new(seed));
        let dist = distances(&maze, start)[goal];
        for name in solvers::names().into_iter().filter(|n| is_shortest(n)) {
            let report = solvers::solve(name, &maze, maze.coords(start), maze.coords(goal))
                .unwrap();
            let path = report.outcome.path().expect("a generated maze is connected");
            assert_walkable(&maze, path, start, name);
            prop_assert_eq!(path.len() as u32, dist.unwrap() + 1, "{}", name);
        }
    }

    /// On a perfect maze, dead-end filling leaves exactly the one path unfilled: every other
    /// cell is filled, one per step, and the path is the unique one (as long as the independent
    /// search's distance).
    #[test]
    fn dead_end_filling_leaves_only_the_unique_path_on_perfect_mazes(
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=24,
        height in 1u32..=24,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = generated(gen, width, height, seed);
        let dist = distances(&maze, start)[goal].expect("a generated maze is connected");
        let mut solver = DeadEndFilling::new(&maze, start, goal);
        let mut board = Board::new(maze.clone());
        let steps = run_to_end(&mut solver, &mut board, &mut Rng::new(0));
        let path = solver.outcome().unwrap().path().unwrap().to_vec();
        prop_assert_eq!(path.len() as u32, dist + 1);
        assert_walkable(&maze, &path, start, "dead-end-filling");
        let on_path: HashSet<usize> = path.iter().copied().collect();
        for cell in 0..len {
            prop_assert_eq!(solver.is_filled(cell), !on_path.contains(&cell), "cell {}", cell);
            prop_assert_eq!(board.mark(cell) & mark::SPECIAL != 0, solver.is_filled(cell));
        }
        // Begin, one step per filled cell, and the final search.
        prop_assert_eq!(steps, (len - path.len()) as u64 + 2);
    }

    /// Trémaux: every passage walked at most twice (so at most two moves per passage), the
    /// passages marked exactly once are exactly the path's, and when the goal cannot be
    /// reached every passage the start can reach is marked twice.
    #[test]
    fn tremaux_marks_each_passage_at_most_twice_and_the_once_marked_ones_are_the_path(
        kind in kind(),
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=16,
        height in 1u32..=16,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = make_maze(kind, gen, width, height, seed, goal);
        let mut solver = Tremaux::new(&maze, start, goal);
        let mut board = Board::new(maze.clone());
        let mut rng = Rng::new(0);
        let mut moves = 0;
        while let Some(step) = solver.step(&mut board, &mut rng) {
            if let Event::Move { from, to, heading } = step.event {
                let heading = Direction::from_side(heading);
                prop_assert_eq!(maze.passage(from as usize, heading), Some(to as usize));
                moves += 1;
            }
        }
        let reach = distances(&maze, start);
        let mut passages = 0;
        let mut once = HashSet::new();
        for cell in 0..len {
            for dir in [Direction::East, Direction::South] {
                let Some(next) = maze.passage(cell, dir) else { continue };
                passages += 1;
                let marks = solver.passage_marks(cell, dir);
                prop_assert_eq!(marks, solver.passage_marks(next, dir.opposite()));
                prop_assert!(marks <= 2);
                if marks == 1 {
                    once.insert((cell.min(next), cell.max(next)));
                }
                if reach[cell].is_some() && reach[goal].is_none() {
                    prop_assert_eq!(marks, 2, "cell {} side {:?}", cell, dir);
                }
            }
        }
        prop_assert!(moves <= 2 * passages);
        match solver.outcome().unwrap() {
            Outcome::Found(path) => {
                let along: HashSet<(usize, usize)> =
                    path.windows(2).map(|w| (w[0].min(w[1]), w[0].max(w[1]))).collect();
                prop_assert_eq!(along.len(), path.len() - 1, "the path repeats a passage");
                prop_assert_eq!(once, along);
            }
            other => prop_assert_eq!(other, &Outcome::Unreachable),
        }
    }

    /// Real braided mazes (`generate_braided`, any share of dead ends removed): every solver
    /// passes the full check, the optimal ones stay shortest, weighted A* (weight 2) is at most
    /// twice the shortest, and the others find some path.
    #[test]
    fn on_braided_mazes_the_optimal_solvers_stay_optimal(
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=20,
        height in 1u32..=20,
        seed in any::<u64>(),
        braid in 0.0f64..=1.0,
        start in any::<u32>(),
        goal in any::<u32>(),
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let name = MAZE_GENERATORS[gen].info.name;
        let maze = generators::generate_braided(name, width, height, seed, braid).unwrap();
        check_all_solvers(&maze, start, goal, maze.is_perfect());
        let shortest = distances(&maze, start)[goal].expect("a braided maze is connected");
        for entry in solvers::ALL {
            let report = solvers::solve(entry.info.name, &maze, maze.coords(start),
                maze.coords(goal)).unwrap();
            let Some(path) = report.outcome.path() else {
                prop_assert!(walks_a_route(entry.info.name), "{}", entry.info.name);
                continue;
            };
            let steps = path.len() as u32 - 1;
            if is_shortest(entry.info.name) {
                prop_assert_eq!(steps, shortest, "{}", entry.info.name);
            } else if entry.info.name == "a-star-weighted" {
                prop_assert!(steps <= 2 * shortest, "{} vs {}", steps, shortest);
            } else if !walks_a_route(entry.info.name) {
                // A search's path visits no cell twice, so it can be no longer than the maze.
                let distinct: HashSet<usize> = path.iter().copied().collect();
                prop_assert_eq!(distinct.len(), path.len(), "{}", entry.info.name);
            }
        }
    }

    /// A*'s bookkeeping at the end: the heuristic never overestimates, every closed cell has
    /// its true distance, and nothing left open could have led to a shorter path.
    #[test]
    fn a_star_scores_are_admissible_and_closed_cells_are_exact(
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=20,
        height in 1u32..=20,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
        loops in 0usize..60,
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = with_loops(generated(gen, width, height, seed), loops, &mut Rng::new(seed));
        let from_start = distances(&maze, start);
        let to_goal = distances(&maze, goal);
        let mut solver = AStar::new(&maze, start, goal);
        let mut board = Board::new(maze.clone());
        run_to_end(&mut solver, &mut board, &mut Rng::new(0));
        let length = solver.outcome().unwrap().path().unwrap().len() as u32 - 1;
        for cell in 0..len {
            prop_assert!(solver.h(cell) <= to_goal[cell].unwrap());
            if solver.is_closed(cell) {
                prop_assert_eq!(solver.g(cell), from_start[cell]);
            }
            if let Some(g) = solver.g(cell) {
                prop_assert!(g >= from_start[cell].unwrap());
            }
        }
        for open in solver.open_set() {
            prop_assert!(open.f >= length);
            prop_assert_eq!(open.f, open.g + open.h);
            prop_assert!(!solver.is_closed(open.cell));
        }
        prop_assert_eq!(solver.open_len(), solver.open_set().len() as u64);
    }

    /// The wall followers obey their rule on every move, report it as Move events, face the
    /// way they last moved, and start facing an open way with a wall on the hand side.
    #[test]
    fn wall_followers_follow_their_rule(
        kind in kind(),
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=16,
        height in 1u32..=16,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
        left in any::<bool>(),
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = make_maze(kind, gen, width, height, seed, goal);
        let hand = if left { Hand::Left } else { Hand::Right };
        let mut solver = WallFollower::new(&maze, start, goal, hand);
        let mut board = Board::new(maze.clone());
        let mut rng = Rng::new(0);

        // The starting heading: first open way, clockwise from north, with a wall on the hand
        // side; else the first open way; else north.
        let open = |dir| maze.passage(start, dir).is_some();
        let hand_side = |dir: Direction| if left { dir.left() } else { dir.right() };
        let expected = Direction::ALL.into_iter().find(|&d| open(d) && !open(hand_side(d)))
            .or_else(|| Direction::ALL.into_iter().find(|&d| open(d)))
            .unwrap_or(Direction::North);
        prop_assert_eq!(solver.heading().map(Direction::from_side), Some(expected));

        let mut route = Vec::new();
        while let Some(step) = solver.step(&mut board, &mut rng) {
            match step.event {
                Event::Begin { cell } => {
                    prop_assert_eq!(cell as usize, start);
                    route.push(start);
                }
                Event::Move { from, to, heading } => {
                    let heading = Direction::from_side(heading);
                    let facing = solver_heading_before(&route, &maze, expected);
                    prop_assert_eq!(from as usize, *route.last().unwrap());
                    prop_assert_eq!(Some(heading), rule(&maze, from as usize, facing, hand));
                    prop_assert_eq!(maze.passage(from as usize, heading), Some(to as usize));
                    prop_assert_eq!(solver.heading().map(Direction::from_side), Some(heading));
                    prop_assert_eq!(solver.current(), Some(to as usize));
                    route.push(to as usize);
                }
                Event::Found { length } => prop_assert_eq!(length as usize, route.len()),
                Event::Looped { cell, heading } => {
                    prop_assert_eq!(cell as usize, *route.last().unwrap());
                    prop_assert_eq!(Some(heading), solver.heading());
                }
                Event::Unreachable => prop_assert_eq!(maze.cell(start), 0),
                other => prop_assert!(false, "unexpected event {:?}", other),
            }
            prop_assert!(route.len() <= 4 * len + 2, "walked too long");
        }
        prop_assert_eq!(solver.route(), &route[..]);
        // VISITED marks exactly the cells walked on.
        let walked: HashSet<usize> = route.iter().copied().collect();
        for cell in 0..len {
            prop_assert_eq!(board.mark(cell) & mark::VISITED != 0, walked.contains(&cell));
        }
    }

    /// The player walks the found path exactly, one cell per tick.
    #[test]
    fn the_player_walks_the_path_one_cell_per_tick(
        kind in kind(),
        gen in 0..MAZE_GENERATORS.len(),
        width in 1u32..=12,
        height in 1u32..=12,
        seed in any::<u64>(),
        start in any::<u32>(),
        goal in any::<u32>(),
    ) {
        let len = (width * height) as usize;
        let (start, goal) = (start as usize % len, goal as usize % len);
        let maze = make_maze(kind, gen, width, height, seed, goal);
        for entry in solvers::ALL {
            let report = solvers::solve(entry.info.name, &maze, maze.coords(start),
                maze.coords(goal)).unwrap();
            let Outcome::Found(path) = report.outcome else { continue };
            let mut player = Player::new(path.clone());
            let mut board = Board::new(maze.clone());
            let mut rng = Rng::new(0);
            prop_assert_eq!(player.current(), None);
            for (tick, &cell) in path.iter().enumerate() {
                prop_assert!(!player.is_done());
                let step = player.step(&mut board, &mut rng).unwrap();
                prop_assert_eq!(step.event, Event::Walk { cell: cell as u32 }, "tick {}", tick);
                prop_assert_eq!(player.current(), Some(cell));
                prop_assert!(board.mark(cell) & mark::WALKED != 0);
            }
            prop_assert!(player.is_done());
            prop_assert_eq!(player.step(&mut board, &mut rng), None);
            let on_path: HashSet<usize> = path.iter().copied().collect();
            for cell in 0..len {
                prop_assert_eq!(board.mark(cell) & mark::WALKED != 0, on_path.contains(&cell));
            }
            prop_assert_eq!(board.maze(), &maze);
        }
    }
}

/// The heading the follower had before its next move: the heading of its last move, or the
/// starting heading before the first.
fn solver_heading_before(route: &[usize], maze: &Maze, starting: Direction) -> Direction {
    match route {
        [.., a, b] => Direction::ALL
            .into_iter()
            .find(|&dir| maze.passage(*a, dir) == Some(*b))
            .unwrap(),
        _ => starting,
    }
}

// ---------------------------------------------------------------------------------------------
// Fixed cases: the smallest and thinnest mazes, for every generator and seed range.
// ---------------------------------------------------------------------------------------------

#[test]
fn edge_sizes_for_every_generator_and_solver() {
    let sizes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (1, 9),
        (9, 1),
        (2, 2),
        (3, 7),
        (7, 3),
    ];
    for gen in 0..MAZE_GENERATORS.len() {
        for (width, height) in sizes {
            for seed in 0..6 {
                let len = (width * height) as usize;
                let corners = [(0, len - 1), (len - 1, 0), (0, 0), (len / 2, len - 1)];
                for (start, goal) in corners {
                    let maze = generated(gen, width, height, seed);
                    check_all_solvers(&maze, start, goal, true);
                    if len > 1 && start != goal {
                        let cut = sealed(maze, goal);
                        check_all_solvers(&cut, start, goal, false);
                    }
                }
            }
        }
    }
}

#[test]
fn an_unreachable_goal_is_reported_by_each_kind_of_solver() {
    // A 3x1 corridor with the east cell walled off: 0 - 1 | 2.
    let maze = Maze::from_cells(3, 1, vec![2, 8, 0]).unwrap();
    for entry in solvers::ALL {
        let report = solvers::solve(entry.info.name, &maze, (0, 0), (2, 0)).unwrap();
        assert_ne!(
            report.outcome.path().map(|p| p.len()),
            Some(3),
            "{}",
            entry.info.name
        );
        match entry.info.name {
            name if floods_from_start(name) => {
                assert_eq!(report.outcome, Outcome::Unreachable);
                assert_eq!(report.visited, 2);
            }
            name if is_wall_follower(name) => assert_eq!(
                report.outcome,
                Outcome::GaveUp {
                    // Along the corridor, back, and the first move again.
                    route: vec![0, 1, 0, 1],
                    reason: "no way to the goal by following this wall",
                },
                "{name}"
            ),
            _ => assert!(report.outcome.path().is_none()),
        }
    }
}

#[test]
fn a_walled_in_start_gives_up_at_once() {
    let maze = Maze::new(2, 2).unwrap();
    for hand in [Hand::Right, Hand::Left] {
        let mut solver = WallFollower::new(&maze, 0, 3, hand);
        let mut board = Board::new(maze.clone());
        let steps = run_to_end(&mut solver, &mut board, &mut Rng::new(0));
        assert_eq!(steps, 2);
        assert_eq!(
            solver.outcome(),
            Some(&Outcome::GaveUp {
                route: vec![0],
                reason: wall_follower::WALLED_IN
            })
        );
    }
}

#[test]
fn start_on_the_goal_is_a_one_cell_path() {
    let maze = generated(0, 5, 4, 3);
    for entry in solvers::ALL {
        let report = solvers::solve(entry.info.name, &maze, (2, 1), (2, 1)).unwrap();
        assert_eq!(
            report.outcome,
            Outcome::Found(vec![maze.index(2, 1)]),
            "{}",
            entry.info.name
        );
    }
}

#[test]
fn registry_lists_the_seed_solvers_in_order() {
    let names = solvers::names();
    assert_eq!(
        &names[..4],
        ["bfs", "a-star", "wall-follower-right", "wall-follower-left"]
    );
    let distinct: HashSet<&str> = names.iter().copied().collect();
    assert_eq!(distinct.len(), names.len(), "names must be unique");
    for entry in solvers::ALL {
        let maze = Maze::new(2, 2).unwrap();
        let solver = (entry.make)(&maze, 0, 3, &Default::default());
        assert_eq!(
            solver.info().name,
            entry.info.name,
            "make builds the named solver"
        );
        assert!(!entry.info.pseudocode.is_empty());
        assert!(!entry.info.step_unit.is_empty());
    }
}

#[test]
fn solve_refuses_bad_names_and_cells_with_clear_messages() {
    let maze = Maze::new(3, 2).unwrap();
    let err = solvers::solve("dijkstar", &maze, (0, 0), (1, 1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown solver 'dijkstar'"), "{err}");
    assert!(err.contains(&solvers::names().join(", ")), "{err}");
    assert!(
        err.contains("bfs, a-star, wall-follower-right, wall-follower-left, dfs"),
        "{err}"
    );
    let err = solvers::solve("bfs", &maze, (3, 0), (1, 1))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "start 3,0 is outside the 3x2 maze: x must be 0 to 2, y 0 to 1"
    );
    let err = solvers::solve("a-star", &maze, (0, 0), (0, 2))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "goal 0,2 is outside the 3x2 maze: x must be 0 to 2, y 0 to 1"
    );
}

#[test]
fn a_star_expands_fewer_cells_than_bfs_on_an_open_field() {
    // A fully open 9x9 field: BFS floods every cell nearer than the goal, A* walks a straight
    // line of cells with f equal to the distance.
    let mut board = Board::new(Maze::new(9, 9).unwrap());
    for cell in 0..81 {
        for dir in [Direction::East, Direction::South] {
            if board.maze().neighbour(cell, dir).is_some() {
                board.carve(cell, dir);
            }
        }
    }
    let maze = board.into_maze();
    let bfs = solvers::solve("bfs", &maze, (0, 0), (8, 8)).unwrap();
    let a_star = solvers::solve("a-star", &maze, (0, 0), (8, 8)).unwrap();
    assert_eq!(bfs.outcome.path().unwrap().len(), 17);
    assert_eq!(a_star.outcome.path().unwrap().len(), 17);
    assert!(
        a_star.steps * 3 < bfs.steps,
        "{} vs {}",
        a_star.steps,
        bfs.steps
    );
}
