//! Parent links, the way a search remembers how it reached each cell, and following them back
//! from the goal to get the path.
//!
//! A search that reaches a cell from a neighbour notes that neighbour as the cell's *parent*;
//! the start is its own parent. Following parents from the goal walks back along the way the
//! search found, so the path is that walk reversed.
//!
//! Two ways to keep them:
//! - as a cell index, four bytes a cell, with [`NO_PARENT`] for a cell not reached
//!   ([`trace_path`] follows these);
//! - as the side of the cell that leads back to the parent, one byte a cell: a quarter of the
//!   memory, which is what a search reading parents all over a large grid mostly waits for.
//!   The parent is the cell through that side ([`Topology::through`]: on the square grid an
//!   index offset), and [`follow_parents`] follows any such rule.

use crate::topology::Topology;

/// "No parent yet" in a parent array of cell indices.
pub const NO_PARENT: u32 = u32::MAX;

/// "Not reached yet" in a parent array of sides.
pub const NO_SIDE: u8 = u8::MAX;
/// The start in a parent array of sides: its own parent (sides are 0 to 7).
pub const START_SIDE: u8 = 8;

/// The parent a parent array of sides names for `cell` (`back`: its entry), if reached.
#[inline]
pub fn parent_through<T: Topology>(grid: &T, cell: usize, back: u8) -> Option<usize> {
    match back {
        NO_SIDE => None,
        START_SIDE => Some(cell),
        side => Some(grid.through(cell, side)),
    }
}

/// The path start → goal, following `parent` back from the goal. Every cell on the way back
/// has a parent; stopping at one without is only a guard.
pub fn follow_parents(
    start: usize,
    goal: usize,
    parent: impl Fn(usize) -> Option<usize>,
) -> Vec<usize> {
    let mut path = vec![goal];
    let mut cell = goal;
    while let Some(up) = parent(cell).filter(|_| cell != start) {
        cell = up;
        path.push(cell);
    }
    path.reverse();
    path
}

/// Follows a parent array from `goal` back to `start` and returns the path start → goal.
pub fn trace_path(parent: &[u32], start: usize, goal: usize) -> Vec<usize> {
    let mut path = vec![goal];
    let mut cell = goal;
    while cell != start {
        cell = parent[cell] as usize;
        path.push(cell);
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{Square, Topology};

    /// Parents kept as sides back, one byte a cell, as the searches keep them: 8 for the start,
    /// `u8::MAX` for a cell not reached.
    #[test]
    fn follows_side_parents_back_to_the_start() {
        // A 3x2 grid; the search went 0 -> 1 -> 4 -> 5, and reached 3 from 4.
        //   0 1 2
        //   3 4 5
        let (grid, north, east, west) = (Square::new(3, 2), 0u8, 1u8, 3u8);
        let back = [8, west, u8::MAX, east, north, west];
        let parent = |cell: usize| match back[cell] {
            u8::MAX => None,
            8 => Some(cell),
            side => Some(grid.through(cell, side)),
        };
        assert_eq!(follow_parents(0, 5, parent), [0, 1, 4, 5]);
        assert_eq!(follow_parents(0, 3, parent), [0, 1, 4, 3]);
        assert_eq!(follow_parents(0, 0, parent), [0]);
        // A cell with no parent stops the walk (only a guard: searches never ask for one).
        assert_eq!(follow_parents(0, 2, parent), [2]);
    }

    #[test]
    fn traces_index_parents_back_to_the_start() {
        // 2 -> 0 -> 3 -> 1, the start 2 its own parent; cell 4 not reached.
        let parent = [2, 3, 2, 0, NO_PARENT];
        assert_eq!(trace_path(&parent, 2, 1), [2, 0, 3, 1]);
        assert_eq!(trace_path(&parent, 2, 2), [2]);
        // Both ways of keeping parents give the same path.
        let by_index = |cell: usize| (parent[cell] != NO_PARENT).then_some(parent[cell] as usize);
        assert_eq!(follow_parents(2, 1, by_index), trace_path(&parent, 2, 1));
    }
}
