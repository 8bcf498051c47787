//! How the search thinks, read through a run: came-from links, costs so far and estimates,
//! checked against a breadth-first search and a Dijkstra written here from the rules, and
//! after steps taken back.

use mazestep::maze::{Direction, Maze, BLOCKED};
use mazestep::run::{Run, Settings, Thinking};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

fn open_moves(maze: &Maze, cell: usize) -> Vec<usize> {
    Direction::ALL
        .iter()
        .filter_map(|&dir| maze.passage(cell, dir))
        .filter(|&next| maze.cost(next) != BLOCKED)
        .collect()
}

/// Moves from `start` to every cell, by a queue, along open passages.
fn reference_bfs(maze: &Maze, start: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; maze.len()];
    dist[start] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        for next in open_moves(maze, cell) {
            if dist[next].is_none() {
                dist[next] = Some(dist[cell].unwrap() + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The cheapest cost from `start` to every cell, entering a cell costing its terrain.
fn reference_dijkstra(maze: &Maze, start: usize) -> Vec<Option<u64>> {
    let mut dist = vec![None; maze.len()];
    let mut heap = BinaryHeap::from([Reverse((0u64, start))]);
    while let Some(Reverse((d, cell))) = heap.pop() {
        if dist[cell].is_some() {
            continue;
        }
        dist[cell] = Some(d);
        for next in open_moves(maze, cell) {
            if dist[next].is_none() {
                heap.push(Reverse((d + u64::from(maze.cost(next)), next)));
            }
        }
    }
    dist
}

fn finished(settings: Settings) -> Run {
    let mut run = Run::new(settings).expect("a run");
    run.finish();
    assert!(run.report().is_some(), "the solver finished");
    run
}

#[test]
fn bfs_links_every_reached_cell_to_its_neighbour_on_the_way_back() {
    for (generator, seed) in [("recursive-backtracker", 3), ("kruskal", 11), ("wilson", 5)] {
        let run = finished(Settings::new(generator, 14, 9, seed).with_solver("bfs"));
        let maze = run.maze();
        assert!(maze.is_perfect(), "{generator}: a perfect maze");
        let dist = reference_bfs(maze, run.start());
        let mut view = Thinking::default();
        let reached = run.thinking_into(&mut view);
        assert!(reached > 1, "{generator}: BFS reached cells");
        let mut checked = 0;
        for cell in 0..maze.len() {
            let reached = cell == run.start() || run.came_from(cell).is_some();
            assert_eq!(
                view.came_from[cell],
                run.came_from(cell).map_or(-1, |p| p as i32)
            );
            if !reached {
                assert_eq!(
                    run.cost_so_far(cell),
                    None,
                    "{generator}: cell {cell} unreached"
                );
                assert_eq!(view.cost_so_far[cell], -1.0);
                continue;
            }
            let d = dist[cell].expect("a reached cell is reachable");
            assert_eq!(run.cost_so_far(cell), Some(f64::from(d)), "cell {cell}");
            assert_eq!(view.cost_so_far[cell], d as f32, "cell {cell} in the view");
            match run.came_from(cell) {
                None => assert_eq!(cell, run.start()),
                // In a perfect maze the way back is unique: the open neighbour one closer.
                Some(parent) => {
                    assert!(open_moves(maze, cell).contains(&parent), "{cell}→{parent}");
                    assert_eq!(dist[parent], Some(d - 1), "{generator}: cell {cell}");
                    checked += 1;
                }
            }
            assert_eq!(run.estimate(cell), None, "BFS makes no guess");
        }
        assert_eq!(
            checked + 1,
            reached,
            "{generator}: every reached cell but the start"
        );
    }
}

#[test]
fn searches_by_cost_know_the_cheapest_cost_of_every_settled_cell() {
    for solver in ["dijkstra", "a-star"] {
        for seed in [1, 2, 9] {
            let run = finished(Settings::new("terrain", 16, 12, seed).with_solver(solver));
            let maze = run.maze();
            assert!(maze.has_terrain(), "a world with costs");
            let reference = reference_dijkstra(maze, run.start());
            let mut settled = 0;
            for (cell, cheapest) in reference.iter().enumerate() {
                // A cell whose parent the search reached it from is settled when the parent is
                // on the cheapest way: check every cell whose own cost is already the cheapest
                // and that the rest are never below it (a cost so far is an upper bound).
                let Some(cost) = run.cost_so_far(cell) else {
                    continue;
                };
                let best = cheapest.expect("a reached cell is reachable") as f64;
                assert!(
                    cost >= best,
                    "{solver} seed {seed}: cell {cell} {cost} < {best}"
                );
                if let Some(parent) = run.came_from(cell) {
                    let through = run.cost_so_far(parent).unwrap() + f64::from(maze.cost(cell));
                    assert_eq!(
                        cost, through,
                        "{solver}: the cost is the parent's plus a move"
                    );
                }
                settled += usize::from(cost == best);
            }
            let goal = run.goal();
            assert_eq!(
                run.cost_so_far(goal),
                reference[goal].map(|c| c as f64),
                "{solver} seed {seed}: the goal's cost is the cheapest"
            );
            assert!(
                settled > 10,
                "{solver} seed {seed}: {settled} cells at their cheapest"
            );
            let guesses = solver == "a-star";
            assert_eq!(run.estimate(run.start()).is_some(), guesses, "{solver}");
        }
    }
}

/// Dijkstra settles cells in order of cost: every cell it took off its queue has the cheapest
/// cost, whatever the step.
#[test]
fn dijkstra_on_terrain_matches_a_reference_for_each_settled_cell() {
    let mut run =
        Run::new(Settings::new("terrain", 16, 12, 4).with_solver("dijkstra")).expect("a run");
    run.finish();
    let reference = reference_dijkstra(run.maze(), run.start());
    // After the whole run, the cells on the path and the goal were settled.
    let path = run.report().unwrap().outcome.path().unwrap().to_vec();
    for cell in path {
        assert_eq!(
            run.cost_so_far(cell),
            reference[cell].map(|c| c as f64),
            "cell {cell} on the cheapest path"
        );
    }
}

#[test]
fn a_step_back_takes_the_links_back() {
    for solver in [
        "bfs",
        "dfs",
        "greedy",
        "dijkstra",
        "a-star",
        "bidirectional-bfs",
        "bidirectional-a-star",
        "jump-point-search",
        "ida-star",
    ] {
        let settings = Settings::new("recursive-backtracker", 12, 8, 6).with_solver(solver);
        let mut run = Run::new(settings).expect("a run");
        // Into the solving, a few steps past its start.
        while run.solver().is_none() {
            run.step();
        }
        for _ in 0..6 {
            run.step();
        }
        let mut before = Thinking::default();
        run.thinking_into(&mut before);
        // Step until the search has reached a new cell (some steps only close one).
        let mut after = Thinking::default();
        let mut taken = 0;
        let mut reached_after = 0;
        while taken < 40 && (taken < 2 || after == before) {
            run.step();
            taken += 1;
            reached_after = run.thinking_into(&mut after);
        }
        assert_ne!(
            before, after,
            "{solver}: {taken} steps changed what the search knows"
        );
        for _ in 0..taken {
            assert!(run.back(), "{solver}: a step back");
        }
        let mut back = Thinking::default();
        run.thinking_into(&mut back);
        assert_eq!(back, before, "{solver}: back where it was, links and costs");
        for cell in 0..run.maze().len() {
            if before.came_from[cell] == -1 && cell != run.start() {
                assert_eq!(
                    run.came_from(cell),
                    None,
                    "{solver}: cell {cell} not reached"
                );
            }
        }
        assert!(reached_after > 0);
        // Seeking to the end and back to the same step gives the same view.
        let at = run.steps();
        run.seek(at + 30);
        run.seek(at);
        let mut sought = Thinking::default();
        run.thinking_into(&mut sought);
        assert_eq!(sought, before, "{solver}: seeking back to step {at}");
    }
}

#[test]
fn no_solver_no_links_and_cells_out_of_range_are_none() {
    let mut run = Run::new(Settings::new("kruskal", 6, 5, 1)).expect("a run");
    run.finish();
    let mut view = Thinking::default();
    assert_eq!(run.thinking_into(&mut view), 0);
    assert!(view.came_from.iter().all(|&p| p == -1));
    assert_eq!(view.came_from.len(), 30);
    assert_eq!(run.came_from(0), None);
    assert_eq!(run.cost_so_far(0), None);
    let solved = finished(Settings::new("kruskal", 6, 5, 1).with_solver("a-star"));
    assert_eq!(solved.came_from(30), None);
    assert_eq!(solved.cost_so_far(usize::MAX), None);
    assert_eq!(solved.estimate(30), None);
    assert!(solved.estimate(29).is_some());
}
