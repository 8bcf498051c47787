//! The plain square grid as a [`Topology`] of its own: what the algorithms generic over a
//! topology are compiled with for square mazes, so that they keep the square grid's
//! arithmetic (index offsets, no shape to look up, no mask).

use super::{Side, Topology};
use crate::maze::Maze;

/// A `width` × `height` grid of squares with every cell on. Sides 0 north, 1 east, 2 south,
/// 3 west.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    width: u32,
    height: u32,
}

impl Square {
    pub fn new(width: u32, height: u32) -> Square {
        Square { width, height }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The grid of a maze (which must be a plain square one).
    pub fn of(maze: &Maze) -> Square {
        Square::new(maze.width(), maze.height())
    }

    /// How far a cell index moves through each side.
    #[inline]
    fn offset(&self, side: Side) -> isize {
        let w = self.width as isize;
        [-w, 1, w, -1][usize::from(side & 3)]
    }
}

impl Topology for Square {
    #[inline]
    fn len(&self) -> usize {
        self.width as usize * self.height as usize
    }

    #[inline]
    fn sides(&self, _cell: usize) -> u8 {
        4
    }

    #[inline]
    fn max_sides(&self) -> u8 {
        4
    }

    #[inline]
    fn neighbour(&self, cell: usize, side: Side) -> Option<usize> {
        let w = self.width as usize;
        let (x, y) = (cell % w, cell / w);
        let inside = match side {
            0 => y > 0,
            1 => x + 1 < w,
            2 => y + 1 < self.height as usize,
            3 => x > 0,
            _ => false,
        };
        inside.then(|| cell.wrapping_add_signed(self.offset(side)))
    }

    #[inline]
    fn back(&self, _cell: usize, side: Side) -> Side {
        (side + 2) & 3
    }

    #[inline]
    fn is_on(&self, _cell: usize) -> bool {
        true
    }

    #[inline]
    fn nearest_on(&self, cell: usize) -> usize {
        cell
    }

    /// The neighbours from the cell's column and row: one division, then four comparisons.
    #[inline]
    fn for_each_neighbour(&self, cell: usize, mut f: impl FnMut(Side, usize)) {
        let w = self.width as usize;
        let (x, y) = (cell % w, cell / w);
        if y > 0 {
            f(0, cell - w);
        }
        if x + 1 < w {
            f(1, cell + 1);
        }
        if y + 1 < self.height as usize {
            f(2, cell + w);
        }
        if x > 0 {
            f(3, cell - 1);
        }
    }

    /// An index offset, without looking at the border: an open passage never faces it.
    #[inline]
    fn through(&self, cell: usize, side: Side) -> usize {
        cell.wrapping_add_signed(self.offset(side))
    }

    fn position(&self, cell: usize) -> (f64, f64) {
        let w = self.width as usize;
        ((cell % w) as f64 + 0.5, (cell / w) as f64 + 0.5)
    }

    fn estimate(&self, from: usize, to: usize) -> u32 {
        let w = self.width as usize;
        let (ax, ay, bx, by) = (from % w, from / w, to % w, to / w);
        (ax.abs_diff(bx) + ay.abs_diff(by)) as u32
    }
}
