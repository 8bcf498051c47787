//! Distance maps and the longest path: how far every cell is from one cell, through the
//! maze's passages, and the two cells furthest apart with the path between them. The book
//! colours a maze by these distances ("Dijkstra's colouring"): it shows the texture an
//! algorithm leaves at a glance. Works on every grid shape.

use crate::maze::Maze;
use crate::topology::Topology;
use std::collections::VecDeque;

/// The distance of a cell the passages do not reach.
pub const UNREACHED: u32 = u32::MAX;

/// Passages from `from` to every cell (breadth first, every passage one step); [`UNREACHED`]
/// for cells it cannot reach, and for cells a mask switched off.
pub fn distances(maze: &Maze, from: usize) -> Vec<u32> {
    let grid = maze.topology();
    let mut distance = vec![UNREACHED; maze.len()];
    let mut queue = VecDeque::from([from]);
    distance[from] = 0;
    while let Some(cell) = queue.pop_front() {
        let next_distance = distance[cell] + 1;
        grid.for_each_passage(cell, maze.cell(cell), |_, next| {
            if distance[next] == UNREACHED {
                distance[next] = next_distance;
                queue.push_back(next);
            }
        });
    }
    distance
}

/// The longest path: its two ends, and the cells from one to the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Longest {
    pub ends: (usize, usize),
    pub path: Vec<usize>,
}

impl Longest {
    /// Passages along it.
    pub fn length(&self) -> u32 {
        (self.path.len() - 1) as u32
    }
}

/// The longest path between two cells reachable from `from`, found with two sweeps: the cell
/// furthest from `from`, then the cell furthest from that one. On a perfect maze (a tree) that
/// is the longest path there is, the maze's diameter; with loops it is long, not always the
/// longest.
pub fn longest_path(maze: &Maze, from: usize) -> Longest {
    let furthest = |distance: &[u32]| {
        (0..distance.len())
            .filter(|&c| distance[c] != UNREACHED)
            .max_by_key(|&c| (distance[c], std::cmp::Reverse(c)))
            .unwrap_or(from)
    };
    let first = furthest(&distances(maze, from));
    let from_first = distances(maze, first);
    let second = furthest(&from_first);
    // Walk back from the far end, each step to a neighbour one passage nearer.
    let grid = maze.topology();
    let mut path = vec![second];
    let mut cell = second;
    while cell != first {
        let mut nearer = cell;
        grid.for_each_passage(cell, maze.cell(cell), |_, next| {
            if from_first[next] + 1 == from_first[cell] && nearer == cell {
                nearer = next;
            }
        });
        cell = nearer;
        path.push(cell);
    }
    path.reverse();
    Longest {
        ends: (first, second),
        path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{Grid, Shape};

    #[test]
    fn a_corridor_counts_its_passages() {
        let maze = Maze::from_cells(4, 1, vec![2, 10, 10, 8]).unwrap();
        assert_eq!(distances(&maze, 1), [1, 0, 1, 2]);
        let longest = longest_path(&maze, 2);
        assert_eq!(longest.length(), 3);
        assert_eq!(longest.path, [0, 1, 2, 3]);
    }

    #[test]
    fn walls_keep_cells_unreached() {
        let maze = Maze::from_cells(3, 1, vec![2, 8, 0]).unwrap();
        assert_eq!(distances(&maze, 0), [0, 1, UNREACHED]);
    }

    /// On every shape the longest path is a real path, and no cell is further from either of
    /// its ends than the other end is (the sweeps found the diameter of the tree).
    #[test]
    fn the_longest_path_is_the_diameter_on_every_shape() {
        for shape in Shape::ALL {
            let grid = Grid::new(shape, 8, 6).unwrap();
            let maze = crate::generators::generate_on(
                "recursive-backtracker",
                Maze::on_grid(grid.clone()),
                9,
                0.0,
            )
            .unwrap();
            let longest = longest_path(&maze, 0);
            for pair in longest.path.windows(2) {
                let mut joined = false;
                grid.for_each_passage(pair[0], maze.cell(pair[0]), |_, next| {
                    joined |= next == pair[1];
                });
                assert!(
                    joined,
                    "{shape}: {} and {} are not joined",
                    pair[0], pair[1]
                );
            }
            for end in [longest.ends.0, longest.ends.1] {
                let furthest = distances(&maze, end).into_iter().max().unwrap();
                assert_eq!(furthest, longest.length(), "{shape}");
            }
            // Brute force: no two cells are further apart.
            let diameter = (0..grid.len())
                .map(|c| distances(&maze, c).into_iter().max().unwrap())
                .max()
                .unwrap();
            assert_eq!(diameter, longest.length(), "{shape}");
        }
    }
}
