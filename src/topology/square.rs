//! The plain square grid as a [`Topology`] of its own: what the algorithms generic over a
//! topology are compiled with for square mazes, so that they keep the square grid's
//! arithmetic (index offsets, no shape to look up, no mask).

use super::{random_side, Side, Spot, Topology, Walk, Weave};
use crate::rng::{Coins, Rng};

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

    /// How far a cell index moves through each side.
    #[inline]
    fn offset(&self, side: Side) -> isize {
        let w = self.width as isize;
        [-w, 1, w, -1][usize::from(side & 3)]
    }

    /// Whether the cell at `(x, y)` has all four neighbours inside the grid.
    #[inline]
    fn is_interior(&self, x: u32, y: u32) -> bool {
        // One comparison per axis: x - 1 wraps around to a huge number for x = 0.
        x.wrapping_sub(1) < self.width.wrapping_sub(2)
            && y.wrapping_sub(1) < self.height.wrapping_sub(2)
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

    /// The four sides written out, each a constant.
    #[inline(always)]
    fn for_each_side(bits: u8, mut f: impl FnMut(Side)) {
        if bits & 1 != 0 {
            f(0);
        }
        if bits & 2 != 0 {
            f(1);
        }
        if bits & 4 != 0 {
            f(2);
        }
        if bits & 8 != 0 {
            f(3);
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

    /// `cell * 2` for the wall east of `cell` and `cell * 2 + 1` for the wall south of it, row
    /// by row: east and south of each cell but the last, then south of the last; the bottom
    /// row east only. Written through exact chunks rather than pushed one by one: at
    /// 4096 x 4096 these are 33 million walls.
    fn walls(&self) -> Vec<u32> {
        let (width, height) = (self.width as usize, self.height as usize);
        let mut walls = vec![0u32; (width - 1) * height + width * (height - 1)];
        let (upper, bottom) = walls.split_at_mut((2 * width - 1) * (height - 1));
        for (y, row) in upper.chunks_exact_mut(2 * width - 1).enumerate() {
            let first = (y * width) as u32;
            for (x, pair) in row.chunks_exact_mut(2).enumerate() {
                let cell = first + x as u32;
                pair[0] = cell * 2;
                pair[1] = cell * 2 + 1;
            }
            row[2 * width - 2] = (first + width as u32 - 1) * 2 + 1;
        }
        let first = ((height - 1) * width) as u32;
        for (x, wall) in bottom.iter_mut().enumerate() {
            *wall = (first + x as u32) * 2;
        }
        walls
    }

    /// The cells west and east, or north and south, of a wall, without a division.
    #[inline]
    fn wall(&self, wall: u32) -> (usize, Side, usize) {
        let cell = (wall / 2) as usize;
        let south = (wall % 2) as usize;
        (cell, [1, 2][south], cell + [1, self.width as usize][south])
    }

    /// From the difference of the two cell numbers.
    #[inline]
    fn side_toward(&self, cell: usize, next: usize) -> Side {
        let w = self.width as usize;
        if next + w == cell {
            0
        } else if next == cell + w {
            2
        } else if next + 1 == cell {
            3
        } else {
            1
        }
    }
}

/// Column and row kept with the cell, and two random bits a move for a walk's inner cells.
impl Walk for Square {
    /// The cell with its column and row: one division, then none while moving on.
    #[inline]
    fn spot(&self, cell: usize) -> Spot {
        let w = self.width as usize;
        Spot {
            cell,
            place: ((cell % w) as u32, (cell / w) as u32),
        }
    }

    #[inline]
    fn spot_toward(
        &self,
        Spot {
            cell,
            place: (x, y),
        }: Spot,
        side: Side,
    ) -> Spot {
        // Looked up in tables indexed by the side rather than matched on: the side is random,
        // and a branch (or jump) on it would mostly be mispredicted.
        const DX: [i32; 4] = [0, 1, 0, -1];
        const DY: [i32; 4] = [-1, 0, 1, 0];
        let side = usize::from(side & 3);
        let (dx, dy) = (DX[side], DY[side]);
        Spot {
            cell: cell.wrapping_add_signed(self.offset(side as Side)),
            place: (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy)),
        }
    }

    /// Built with bit operations from the column and row: no division, and no branch on
    /// `keep`, whose answers are random maze contents.
    #[inline]
    fn sides_where(
        &self,
        Spot {
            cell,
            place: (x, y),
        }: Spot,
        keep: impl Fn(usize) -> bool,
    ) -> u8 {
        let w = self.width as usize;
        let is = |inside: bool, next: usize| u8::from(inside && keep(next));
        is(y > 0, cell.wrapping_sub(w))
            | is(x + 1 < self.width, cell + 1) << 1
            | is(y + 1 < self.height, cell + w) << 2
            | is(x > 0, cell.wrapping_sub(1)) << 3
    }

    #[inline]
    fn cell_at(&self, (x, y): (u32, u32)) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// A step from the column and row, without a division.
    #[inline(always)]
    fn place_toward(&self, (x, y): (u32, u32), side: Side, _next: usize) -> (u32, u32) {
        match side {
            0 => (x, y.wrapping_sub(1)),
            1 => (x + 1, y),
            2 => (x, y + 1),
            _ => (x.wrapping_sub(1), y),
        }
    }

    /// The Manhattan distance of the columns and rows.
    #[inline]
    fn place_estimate(&self, (x, y): (u32, u32), (to_x, to_y): (u32, u32)) -> u32 {
        x.abs_diff(to_x) + y.abs_diff(to_y)
    }

    fn most_estimate(&self) -> Option<u32> {
        Some((self.width - 1) + (self.height - 1))
    }

    /// Away from the border all four sides lead on, so two bits of a random number pick one
    /// ([`Coins::quarter`]): sixteen moves per draw instead of one.
    #[inline]
    fn random_walk(&self, spot: Spot, coins: &mut Coins, rng: &mut Rng) -> Side {
        if self.is_interior(spot.place.0, spot.place.1) {
            // The common case, kept short: this is the innermost loop of a long walk.
            coins.quarter(rng) as Side
        } else {
            random_side(self.sides_where(spot, |_| true), rng)
        }
    }

    /// An inner cell's quarter goes back into the coins ([`Coins::untake_quarter`]), which
    /// the walks use for nothing but quarters.
    fn untake_walk(&self, spot: Spot, side: Side, coins: &mut Coins) {
        let (x, y) = spot.place;
        if self.is_interior(x, y) {
            coins.untake_quarter(u32::from(side));
        }
    }
}

/// No crossings on the plain square grid.
impl Weave for Square {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_sets_stop_at_the_border() {
        let grid = Square::new(3, 2);
        let all = |_| true;
        assert_eq!(grid.sides_where(grid.spot(0), all), 0b0110); // east, south
        assert_eq!(grid.sides_where(grid.spot(4), all), 0b1011); // north, east, west
        assert_eq!(grid.sides_where(grid.spot(4), |c| c == 3), 0b1000);
        assert_eq!(
            grid.spot_toward(grid.spot(4), 0),
            Spot {
                cell: 1,
                place: (1, 0)
            }
        );
        assert_eq!(
            grid.spot_toward(grid.spot(0), 1),
            Spot {
                cell: 1,
                place: (1, 0)
            }
        );
    }

    #[test]
    fn a_walk_taken_back_leaves_the_coins_as_before() {
        let grid = Square::new(5, 5);
        let mut rng = Rng::new(3);
        let mut coins = Coins::default();
        for _ in 0..40 {
            let before = coins.words();
            let spot = grid.spot(12);
            let side = grid.random_walk(spot, &mut coins, &mut rng);
            let mut back = coins.clone();
            grid.untake_walk(spot, side, &mut back);
            assert_eq!(back.words(), before);
        }
    }

    #[test]
    fn random_sides_cover_exactly_the_set() {
        let mut rng = Rng::new(5);
        for set in 1u8..=255 {
            let mut seen = 0u8;
            for _ in 0..400 {
                seen |= 1 << random_side(set, &mut rng);
            }
            assert_eq!(seen, set);
        }
    }
}
