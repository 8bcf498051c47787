//! The unicursal labyrinth against its promise: no choice anywhere, and one route from the
//! first cell through every cell, on every size from 1 × 1, odd or even, and many seeds.

use super::*;
use crate::generators::generate;

/// Walks the route from cell 0 to its other end, never turning back; returns the cells in
/// order. Fails on a cell with more than two openings.
fn route(maze: &Maze) -> Vec<usize> {
    let open = |cell: usize| -> Vec<usize> {
        (0..4)
            .filter_map(|side| maze.passage(cell, Direction::ALL[side]))
            .collect()
    };
    let mut walked = vec![0];
    let mut came_from = None;
    let mut cell = 0;
    loop {
        let ways = open(cell);
        assert!(ways.len() <= 2, "cell {cell} has {} openings", ways.len());
        let Some(&next) = ways.iter().find(|&&next| Some(next) != came_from) else {
            return walked;
        };
        // Cell 0 is an end: its one way is onward.
        if cell == 0 && !walked.is_empty() && came_from.is_some() {
            panic!("the route came back to cell 0");
        }
        assert!(walked.len() <= maze.len(), "the route loops");
        walked.push(next);
        (came_from, cell) = (Some(cell), next);
    }
}

#[test]
fn one_route_visits_every_cell_at_every_size() {
    for width in 1..=11 {
        for height in 1..=11 {
            for seed in 0..4 {
                let maze = generate("unicursal", width, height, seed).unwrap();
                let label = format!("{width}x{height} seed {seed}");
                let walked = route(&maze);
                let mut seen = walked.clone();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), walked.len(), "{label}: a cell twice");
                assert_eq!(walked.len(), maze.len(), "{label}: the route misses cells");
                assert!(maze.is_perfect(), "{label}");
                let end = *walked.last().unwrap();
                let expected = if width < 2 || height < 2 {
                    maze.len() - 1
                } else if width % 2 == 1 && height % 2 == 1 {
                    width as usize + 1
                } else {
                    1
                };
                assert_eq!(end, expected, "{label}: the route's other end");
            }
        }
    }
}

#[test]
fn different_seeds_make_different_labyrinths() {
    let a = generate("unicursal", 12, 10, 1).unwrap();
    let b = generate("unicursal", 12, 10, 2).unwrap();
    assert_ne!(a, b);
}

#[test]
fn the_half_maze_is_a_tree_of_the_blocks() {
    let maze = Maze::new(9, 7).unwrap();
    let mut machine = Unicursal::new(&maze);
    let mut board = Board::new(maze);
    let mut rng = Rng::new(5);
    let mut lines = Vec::new();
    while let Some(step) = machine.step(&mut board, &mut rng) {
        lines.push(step.line);
    }
    // 4 × 3 blocks: 11 passages, each pushed, popped and split once, then one cut.
    assert_eq!(machine.passages().len(), 11);
    let count = |line: Line| lines.iter().filter(|&&l| l == line.0).count();
    assert_eq!(count(BEGIN), 1);
    assert_eq!(count(PUSH), 11);
    assert_eq!(count(POP), 12);
    assert_eq!(count(SPLIT), 11);
    assert_eq!(count(CUT), 1);
    assert_eq!(lines.last(), Some(&CUT.0));
}
