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
    let mut sweep = Sweep::new(maze, from);
    sweep.run(maze, usize::MAX);
    sweep.distance
}

/// [`distances`] a slice at a time: the breadth-first sweep, kept between calls.
#[derive(Clone, Debug)]
pub struct Sweep {
    distance: Vec<u32>,
    queue: VecDeque<usize>,
    /// The furthest cell reached so far and its distance; of equally far ones, the lowest.
    furthest: (usize, u32),
}

impl Sweep {
    pub fn new(maze: &Maze, from: usize) -> Sweep {
        let mut distance = vec![UNREACHED; maze.len()];
        distance[from] = 0;
        Sweep {
            distance,
            queue: VecDeque::from([from]),
            furthest: (from, 0),
        }
    }

    /// The furthest cell reached so far and its distance (of equally far cells, the lowest):
    /// kept as the sweep goes, so no scan of the cells is needed at the end.
    pub fn furthest(&self) -> (usize, u32) {
        self.furthest
    }

    /// Takes at most `limit` cells from the queue (at least one); true once every cell it
    /// can reach has its distance. Returns the cells taken too.
    pub fn run(&mut self, maze: &Maze, limit: usize) -> (bool, usize) {
        let grid = maze.topology();
        let mut taken = 0;
        while taken < limit.max(1) {
            let Some(cell) = self.queue.pop_front() else {
                break;
            };
            taken += 1;
            let next_distance = self.distance[cell] + 1;
            let distance = &mut self.distance;
            let queue = &mut self.queue;
            let furthest = &mut self.furthest;
            grid.for_each_passage(cell, maze.cell(cell), |_, next| {
                if distance[next] == UNREACHED {
                    distance[next] = next_distance;
                    queue.push_back(next);
                    if (next_distance, std::cmp::Reverse(next))
                        > (furthest.1, std::cmp::Reverse(furthest.0))
                    {
                        *furthest = (next, next_distance);
                    }
                }
            });
        }
        (self.queue.is_empty(), taken)
    }
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
    let mut measure = Measure::new(maze, from);
    measure.run(maze, usize::MAX);
    measure.longest().unwrap_or(Longest {
        ends: (from, from),
        path: vec![from],
    })
}

/// The distances from a cell and the longest path through it, measured a slice at a time
/// (a worksheet's shading on the largest mazes): [`longest_path`]'s two sweeps and its walk
/// back, the first sweep being [`distances`] from that cell.
#[derive(Clone, Debug)]
pub struct Measure {
    /// Distances from the cell, once the first sweep is over, and the greatest of them.
    near: Option<Vec<u32>>,
    far: u32,
    stage: Stage,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Sweeping from the cell asked about, `from`.
    Near {
        from: usize,
        sweep: Sweep,
    },
    /// Sweeping from `first`, the cell furthest from it.
    Far {
        first: usize,
        sweep: Sweep,
    },
    /// Walking back from the far end toward `first`, each step to a neighbour one passage
    /// nearer, through the distances from `first`.
    Walk {
        first: usize,
        from_first: Vec<u32>,
        path: Vec<usize>,
    },
    Done(Longest),
}

impl Measure {
    pub fn new(maze: &Maze, from: usize) -> Measure {
        Measure {
            near: None,
            far: 0,
            stage: Stage::Near {
                from,
                sweep: Sweep::new(maze, from),
            },
        }
    }

    /// Does at most about `limit` cells of work; true once measured. Returns the work done
    /// too (in cells).
    pub fn run(&mut self, maze: &Maze, limit: usize) -> (bool, usize) {
        let mut used = 0;
        while used < limit.max(1) {
            let left = limit.max(1) - used;
            self.stage = match std::mem::replace(&mut self.stage, Stage::Done(empty())) {
                Stage::Near { from, mut sweep } => {
                    let (done, taken) = sweep.run(maze, left);
                    used += taken;
                    if !done {
                        self.stage = Stage::Near { from, sweep };
                        continue;
                    }
                    let (first, far) = sweep.furthest();
                    self.far = far;
                    self.near = Some(sweep.distance);
                    Stage::Far {
                        first,
                        sweep: Sweep::new(maze, first),
                    }
                }
                Stage::Far { first, mut sweep } => {
                    let (done, taken) = sweep.run(maze, left);
                    used += taken;
                    if !done {
                        self.stage = Stage::Far { first, sweep };
                        continue;
                    }
                    let (second, _) = sweep.furthest();
                    Stage::Walk {
                        first,
                        from_first: sweep.distance,
                        path: vec![second],
                    }
                }
                Stage::Walk {
                    first,
                    from_first,
                    mut path,
                } => {
                    let grid = maze.topology();
                    let mut cell = path[path.len() - 1];
                    while cell != first && used < limit.max(1) {
                        let mut nearer = cell;
                        grid.for_each_passage(cell, maze.cell(cell), |_, next| {
                            if from_first[next] + 1 == from_first[cell] && nearer == cell {
                                nearer = next;
                            }
                        });
                        cell = nearer;
                        path.push(cell);
                        used += 1;
                    }
                    if cell != first {
                        self.stage = Stage::Walk {
                            first,
                            from_first,
                            path,
                        };
                        continue;
                    }
                    path.reverse();
                    Stage::Done(Longest {
                        ends: (first, path[path.len() - 1]),
                        path,
                    })
                }
                done @ Stage::Done(_) => {
                    self.stage = done;
                    return (true, used);
                }
            };
        }
        (matches!(self.stage, Stage::Done(_)), used)
    }

    /// The distances from the cell measured, once the first sweep is over.
    pub fn distances(&self) -> Option<&[u32]> {
        self.near.as_deref()
    }

    /// The longest path, once measured.
    pub fn longest(self) -> Option<Longest> {
        match self.stage {
            Stage::Done(longest) => Some(longest),
            _ => None,
        }
    }

    /// The distances from the cell, the greatest of them and the longest path, once
    /// measured.
    pub fn into_parts(self) -> Option<(Vec<u32>, u32, Longest)> {
        let near = self.near?;
        match self.stage {
            Stage::Done(longest) => Some((near, self.far, longest)),
            _ => None,
        }
    }
}

/// A placeholder while a stage is taken apart.
fn empty() -> Longest {
    Longest {
        ends: (0, 0),
        path: Vec::new(),
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
