//! Small helpers the generators share: a cell's neighbours as a set of direction bits, and a
//! uniformly random pick from such a set.
//!
//! These sit in the innermost loops of most generators, so they avoid what is slow there:
//! dividing to find a cell's column and row (the caller passes them), and branching on random
//! maze contents (a set is built with bit operations, and the pick is a table lookup).

use crate::maze::{Direction, Maze};
use crate::rng::Rng;

/// The size of the grid a generator works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    pub width: u32,
    pub height: u32,
}

impl Grid {
    pub fn of(maze: &Maze) -> Grid {
        Grid {
            width: maze.width(),
            height: maze.height(),
        }
    }

    /// Column and row of a cell.
    pub fn coords(&self, cell: usize) -> (u32, u32) {
        (
            (cell % self.width as usize) as u32,
            (cell / self.width as usize) as u32,
        )
    }

    /// The neighbours of `cell`, which is at column `x` and row `y`, that lie inside the grid
    /// and satisfy `keep`, as direction bits ([`Direction::bit`]).
    #[inline]
    pub fn neighbours(&self, cell: usize, x: u32, y: u32, keep: impl Fn(usize) -> bool) -> u8 {
        let w = self.width as usize;
        let is = |inside: bool, next: usize| u8::from(inside && keep(next));
        is(y > 0, cell.wrapping_sub(w))
            | is(x + 1 < self.width, cell + 1) << 1
            | is(y + 1 < self.height, cell + w) << 2
            | is(x > 0, cell.wrapping_sub(1)) << 3
    }

    /// The neighbour of `cell`, at `(x, y)`, toward `dir` (which must lie inside the grid), with
    /// its column and row.
    #[inline]
    pub fn toward(&self, cell: usize, x: u32, y: u32, dir: Direction) -> (usize, u32, u32) {
        // Looked up in tables indexed by the direction's number rather than matched on: the
        // direction is random, and a branch (or jump) on it would mostly be mispredicted.
        const DX: [i32; 4] = [0, 1, 0, -1];
        const DY: [i32; 4] = [-1, 0, 1, 0];
        let (dx, dy) = (DX[dir as usize], DY[dir as usize]);
        let offset = dx as isize + dy as isize * self.width as isize;
        (
            cell.wrapping_add_signed(offset),
            x.wrapping_add_signed(dx),
            y.wrapping_add_signed(dy),
        )
    }
}

/// A uniformly random direction from a non-empty set of direction bits, in the order north,
/// east, south, west (the same pick as `rng.index` into a list of them in that order).
#[inline]
pub(crate) fn random_direction(set: u8, rng: &mut Rng) -> Direction {
    NTH[set as usize & 15][rng.below(set.count_ones()) as usize]
}

/// `NTH[set][k]`: the k-th direction of a set of direction bits.
const NTH: [[Direction; 4]; 16] = {
    let mut table = [[Direction::North; 4]; 16];
    let mut set = 0;
    while set < 16 {
        let mut k = 0;
        let mut i = 0;
        while i < 4 {
            if set & (1 << i) != 0 {
                table[set][k] = Direction::ALL[i];
                k += 1;
            }
            i += 1;
        }
        set += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_sets_stop_at_the_border() {
        let grid = Grid {
            width: 3,
            height: 2,
        };
        let all = |_| true;
        assert_eq!(grid.neighbours(0, 0, 0, all), 0b0110); // east, south
        assert_eq!(grid.neighbours(4, 1, 1, all), 0b1011); // north, east, west
        assert_eq!(grid.neighbours(4, 1, 1, |c| c == 3), 0b1000);
        assert_eq!(grid.toward(4, 1, 1, Direction::North), (1, 1, 0));
        assert_eq!(grid.toward(0, 0, 0, Direction::East), (1, 1, 0));
    }

    #[test]
    fn picks_cover_exactly_the_set() {
        let mut rng = Rng::new(5);
        for set in 1u8..16 {
            let mut seen = 0u8;
            for _ in 0..200 {
                seen |= random_direction(set, &mut rng).bit();
            }
            assert_eq!(seen, set);
        }
    }
}
