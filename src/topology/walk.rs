//! Walking: how a machine moving over a grid keeps a cell and picks where to go next. The
//! generators' inner loops (random walks, picking a neighbour that is or is not in the maze)
//! and A*'s open set (which keeps a cell as two small numbers) ask these. The defaults work on
//! any grid; the square grid ([`Square`](super::Square)) overrides them with its arithmetic:
//! no division per move, two random bits per move of a walk.

use super::{Side, Topology};
use crate::rng::{Coins, Rng};

/// A cell as a machine moving over the grid keeps it: its number, and its place — on the
/// square grid its column and row, so that moving on needs no division; on other grids its
/// number in two 16-bit halves. A place is what A*'s open set packs into its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    pub cell: usize,
    pub place: (u32, u32),
}

/// Walking over a grid: see the module's docs. Every grid has it; only the square grid
/// answers differently from the defaults.
pub trait Walk: Topology {
    /// The spot of `cell`.
    #[inline]
    fn spot(&self, cell: usize) -> Spot {
        Spot {
            cell,
            place: (cell as u32 & 0xffff, cell as u32 >> 16),
        }
    }

    /// The cell whose place is `place`.
    #[inline]
    fn cell_at(&self, (low, high): (u32, u32)) -> usize {
        (high << 16 | low) as usize
    }

    /// The spot through `side` of `spot`, a side known to lead to a cell.
    #[inline]
    fn spot_toward(&self, spot: Spot, side: Side) -> Spot {
        self.spot(self.through(spot.cell, side))
    }

    /// The place of `next`, the neighbour through side `side` of the cell at `place`, when
    /// the neighbour is known already: the square grid steps from the column and row, other
    /// grids take `next`'s own place.
    #[inline]
    fn place_toward(&self, _place: (u32, u32), _side: Side, next: usize) -> (u32, u32) {
        self.spot(next).place
    }

    /// [`Topology::estimate`] between the cells at two places.
    #[inline]
    fn place_estimate(&self, from: (u32, u32), to: (u32, u32)) -> u32 {
        self.estimate(self.cell_at(from), self.cell_at(to))
    }

    /// The largest estimate between two cells when every move changes the estimate by exactly
    /// one (squares, triangles: what plain A*'s two score levels need); `None` where a move
    /// can leave it as it was (hexagons, rings).
    fn most_estimate(&self) -> Option<u32> {
        None
    }

    /// The sides of the cell at `spot` that lead to a cell satisfying `keep`, as passage bits
    /// (`1 << side`).
    #[inline]
    fn sides_where(&self, spot: Spot, keep: impl Fn(usize) -> bool) -> u8 {
        let mut set = 0;
        self.for_each_neighbour(spot.cell, |side, next| {
            set |= u8::from(keep(next)) << side;
        });
        set
    }

    /// As [`Walk::pick_where`], where some side is known to lead to a cell that satisfies
    /// `keep` (the same code as before it, on the square grid).
    #[inline(always)]
    fn pick(&self, spot: Spot, keep: impl Fn(usize) -> bool, rng: &mut Rng) -> (Side, Spot) {
        let side = random_side(self.sides_where(spot, keep), rng);
        (side, self.spot_toward(spot, side))
    }

    /// A uniformly random side of the cell at `spot` among those leading to a cell that
    /// satisfies `keep`, and the spot through it; `None` (and no random number drawn) when
    /// there is none. The same pick as [`random_side`] of [`Walk::sides_where`]. Always
    /// inlined, so the square grid's machines keep exactly their old code.
    #[inline(always)]
    fn pick_where(
        &self,
        spot: Spot,
        keep: impl Fn(usize) -> bool,
        rng: &mut Rng,
    ) -> Option<(Side, Spot)> {
        let set = self.sides_where(spot, keep);
        (set != 0).then(|| {
            let side = random_side(set, rng);
            (side, self.spot_toward(spot, side))
        })
    }

    /// A random walk's next side from `spot`: uniform among the sides that lead to a cell, in
    /// side order, one random number each ([`random_side`]). The square grid's inner cells
    /// take two bits of `coins` instead ([`Coins::quarter`]).
    #[inline]
    fn random_walk(&self, spot: Spot, _coins: &mut Coins, rng: &mut Rng) -> Side {
        random_side(self.sides_where(spot, |_| true), rng)
    }

    /// A random walk's move from `spot`: the side [`Walk::random_walk`] picks and the spot
    /// through it ([`Walk::spot_toward`]). A grid of any shape ([`super::Grid`]) picks from
    /// the neighbours it lists, with the same random number, so it need not find the cell
    /// through the side picked all over again. Always inlined: out of line, the square grid's
    /// walks took two and a half times as long.
    #[inline(always)]
    fn random_step(&self, spot: Spot, coins: &mut Coins, rng: &mut Rng) -> (Side, Spot) {
        let side = self.random_walk(spot, coins, rng);
        (side, self.spot_toward(spot, side))
    }

    /// Takes back the [`Walk::random_walk`] from `spot` that gave `side`: the square grid
    /// puts its two bits back into `coins`; other grids drew a whole number, which the run
    /// restores.
    #[inline]
    fn untake_walk(&self, _spot: Spot, _side: Side, _coins: &mut Coins) {}
}

/// A uniformly random side from a non-empty set of passage bits, in side order: the same pick
/// as `rng.index` into a list of them (one random number).
#[inline]
pub fn random_side(set: u8, rng: &mut Rng) -> Side {
    let k = rng.below(set.count_ones());
    if set < 16 {
        // The square grid's sets: a table lookup rather than a loop on random bits.
        return NTH[usize::from(set)][k as usize];
    }
    let mut left = set;
    for _ in 0..k {
        left &= left - 1;
    }
    left.trailing_zeros() as Side
}

/// `NTH[set][k]`: the k-th side of a set of four side bits.
const NTH: [[Side; 4]; 16] = {
    let mut table = [[0; 4]; 16];
    let mut set = 0;
    while set < 16 {
        let mut k = 0;
        let mut i = 0;
        while i < 4 {
            if set & (1 << i) != 0 {
                table[set][k] = i as Side;
                k += 1;
            }
            i += 1;
        }
        set += 1;
    }
    table
};
