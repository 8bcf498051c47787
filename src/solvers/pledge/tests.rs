//! Pledge's own promises: a legal route, out through a gap in the outer wall where a wall
//! follower circles an island, and every step taken back.

use super::*;
use crate::generators::generate_braided;
use crate::maze::{E, N, S, W};
use crate::solvers::{Hand, WallFollower};

/// The whole state of `pledge`, its sets in order.
fn snapshot(pledge: &Pledge) -> String {
    let mut visits: Vec<_> = pledge.last_visit.iter().collect();
    visits.sort();
    let free = pledge.seen_free.count();
    let cells = (&pledge.walked, pledge.visited);
    format!(
        "{} {} {} {:?} {:?} {visits:?} {free:?} {cells:?} {} {} {} {:?}",
        pledge.cell,
        pledge.heading,
        pledge.turns,
        pledge.route,
        pledge
            .trail
            .iter()
            .map(|a| (a.heading, a.turns))
            .collect::<Vec<_>>(),
        pledge.last_crossing,
        pledge.started,
        pledge.repeating,
        pledge.outcome
    )
}

fn run(solver: &mut dyn Solver, board: &mut Board) -> Vec<Step> {
    let mut rng = Rng::new(0);
    std::iter::from_fn(|| solver.step(board, &mut rng)).collect()
}

/// Every move of `route` goes through an open passage, asked of the maze side by side.
fn is_legal(maze: &Maze, route: &[usize]) -> bool {
    route
        .windows(2)
        .all(|pair| (0..4).any(|side| maze.passage_through(pair[0], side) == Some(pair[1])))
}

/// The east gap of row `y` on a `width`-wide maze: its cell and side.
fn east_exit(width: u32, y: u32) -> (usize, Exits) {
    let cell = (y * width + width - 1) as usize;
    let exits = Exits {
        start: None,
        goal: Some(1),
    };
    (cell, exits)
}

#[test]
fn leaves_the_island_a_wall_follower_circles_and_walks_out_of_the_gap() {
    let (width, height) = (12, 8);
    let mut islands = 0;
    for seed in 0..40 {
        let maze = generate_braided("recursive-backtracker", width, height, seed, 1.0).unwrap();
        for y in [0, height / 2, height - 1] {
            let (goal, exits) = east_exit(width, y);
            for start in 0..maze.len() {
                let mut board = Board::new(maze.clone());
                let mut right = WallFollower::new(&maze, start, goal, Hand::Right);
                right.use_exits(exits);
                run(&mut right, &mut board);
                let circled = matches!(
                    right.outcome(),
                    Some(Outcome::GaveUp { reason, .. })
                        if *reason == crate::solvers::wall_follower::LOOPED
                );
                let mut board = Board::new(maze.clone());
                let mut pledge = Pledge::new(&maze, start, goal);
                pledge.use_exits(exits);
                let steps = run(&mut pledge, &mut board);
                let Some(Outcome::Found(route)) = pledge.outcome() else {
                    panic!(
                        "seed {seed}, start {start}, exit row {y}: {:?}",
                        pledge.outcome()
                    );
                };
                assert_eq!(route.first(), Some(&start));
                assert_eq!(route.last(), Some(&goal));
                assert!(
                    is_legal(&maze, route),
                    "seed {seed}, start {start}: {route:?}"
                );
                assert!(matches!(
                    steps.last().map(|s| s.event),
                    Some(Event::Found { .. })
                ));
                islands += usize::from(circled);
            }
        }
    }
    // Braided mazes have islands, and many starts put the right hand on one.
    assert!(islands > 100, "only {islands} starts on an island");
}

#[test]
fn lets_go_of_the_wall_when_the_counter_is_back_to_zero() {
    // A 3x3 ring round a closed centre; start (0,1) on its west side, the gap east of (2,1).
    let cells = vec![E | S, W | E, W | S, N | S, 0, N | S, N | E, W | E, N | W];
    let maze = Maze::from_cells(3, 3, cells).unwrap();
    let mut board = Board::new(maze.clone());
    let mut pledge = Pledge::new(&maze, 3, 5);
    pledge.use_exits(Exits {
        start: None,
        goal: Some(1),
    });
    let mut rng = Rng::new(0);
    let mut lines = Vec::new();
    let mut counters = Vec::new();
    while let Some(step) = pledge.step(&mut board, &mut rng) {
        lines.push(step.line);
        counters.push(pledge.turns());
    }
    // Facing east at (0,1) the centre is walled: turn left, north (−1), up to (0,0); the
    // right hand's first choice there is east (+1): the counter is 0, let go, and walk
    // straight east to (2,0). The border ahead: turn left, north is the border too, west
    // (−2); the right hand now on the top wall, along it and round the ring anticlockwise,
    // (0,1), (0,2), (1,2), (2,2), up to (2,1), whose right is the gap: out.
    assert_eq!(lines[0], BEGIN.0);
    assert_eq!(lines[1], MEET_WALL.0);
    assert_eq!(counters[1], -1);
    assert_eq!(lines[2], LET_GO.0);
    assert_eq!(counters[2], 0);
    assert_eq!(lines[3], STRAIGHT.0);
    assert_eq!((lines[4], counters[4]), (MEET_WALL.0, -2));
    assert_eq!(counters.last(), Some(&-5));
    assert_eq!(
        pledge.outcome().and_then(Outcome::path),
        Some(&[3, 0, 1, 2, 1, 0, 3, 6, 7, 8, 5][..])
    );
}

#[test]
fn every_step_is_taken_back() {
    for seed in 0..6 {
        let maze = generate_braided("kruskal", 9, 7, seed, 0.8).unwrap();
        let (goal, exits) = east_exit(9, 3);
        for start in [0, 31, 40, 62] {
            let mut board = Board::new(maze.clone());
            let mut pledge = Pledge::new(&maze, start, goal);
            pledge.use_exits(exits);
            let mut rng = Rng::new(0);
            let mut before = vec![snapshot(&pledge)];
            let mut steps = Vec::new();
            while let Some(step) = pledge.step(&mut board, &mut rng) {
                steps.push(step);
                before.push(snapshot(&pledge));
            }
            before.pop();
            while let Some(step) = steps.pop() {
                assert!(pledge.undo(&step, &[], &board));
                assert_eq!(snapshot(&pledge), before.pop().unwrap(), "seed {seed}");
            }
        }
    }
}

#[test]
fn a_goal_inside_the_maze_may_loop_and_says_so() {
    // The ring's closed centre as the goal: Pledge circles and comes back to a known state.
    let cells = vec![E | S, W | E, W | S, N | S, 0, N | S, N | E, W | E, N | W];
    let maze = Maze::from_cells(3, 3, cells).unwrap();
    let mut board = Board::new(maze.clone());
    let mut pledge = Pledge::new(&maze, 0, 4);
    let steps = run(&mut pledge, &mut board);
    assert!(matches!(
        steps.last().map(|s| s.event),
        Some(Event::Looped { .. })
    ));
    assert!(matches!(
        pledge.outcome(),
        Some(Outcome::GaveUp { reason, .. }) if *reason == LOOPED
    ));
}
