//! What the searches that weigh paths share: the moves out of a cell with their costs, and the
//! guess of the cost still to go (BFS, DFS and greedy search take only the moves, without their
//! costs: [`Moves::diagonals`]) — both in [`UNIT`]s, so that every search adds the same whole
//! numbers and two searches of one world agree on a path's cost exactly.
//!
//! - [`Moves`]: the open sides of a cell (any grid), and on the plain square grid the diagonal
//!   moves [`Corners`] allows ([`diagonal_bits`]). A move costs the cost of the cell entered,
//!   √2 times that for a diagonal.
//! - [`Guess`]: the heuristic a [`Search`] names, resolved for the grid and the moves:
//!   `grid` is the grid's own estimate ([`Topology::estimate`]), octile on the square grid with
//!   diagonal moves. The formulas from columns and rows (Manhattan, Euclidean, octile,
//!   Chebyshev) need the square grid's places; on other shapes every heuristic is the grid's
//!   own estimate, as the formulas are no lower bound there.

use super::open_neighbours;
use crate::maze::Maze;
use crate::topology::{Side, Topology};
use crate::world::{
    diagonal_bits, diagonal_through, Corners, Heuristic, Search, DIAGONAL_UNIT, NORTH_EAST,
    NORTH_WEST, UNIT,
};

/// The moves a weighing search may make.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    /// The diagonal rule; [`Corners::Never`] on every grid but the plain square one.
    pub corners: Corners,
    /// The maze's width, for the diagonal neighbours' indices.
    width: usize,
}

impl Moves {
    /// Along the sides only, on any grid: four moves on the square grid.
    pub const SIDES: Moves = Moves {
        corners: Corners::Never,
        width: 0,
    };

    /// The moves on `maze` under `corners` (diagonals only on the plain square grid).
    pub fn new(maze: &Maze, corners: Corners) -> Moves {
        let corners = if maze.grid().is_none() {
            corners
        } else {
            Corners::Never
        };
        Moves {
            corners,
            width: maze.width() as usize,
        }
    }

    /// Calls `f(side, next, units)` for each move out of `cell`: the open sides in side order,
    /// then the diagonals allowed (sides 4 to 7, north-east clockwise).
    #[inline]
    pub fn each<T: Topology>(
        &self,
        grid: &T,
        maze: &Maze,
        cell: usize,
        mut f: impl FnMut(Side, usize, u64),
    ) {
        for (side, next) in open_neighbours(grid, maze, cell) {
            f(side, next, u64::from(maze.cost(next)) * UNIT);
        }
        let mut diagonals = diagonal_bits(maze, cell, self.corners);
        while diagonals != 0 {
            let side = diagonals.trailing_zeros() as Side;
            diagonals &= diagonals - 1;
            let next = diagonal_through(self.width, cell, side);
            f(side, next, u64::from(maze.cost(next)) * DIAGONAL_UNIT);
        }
    }

    /// The diagonal moves out of `cell` the corner rule allows, `(side, next)` with side 4 to 7
    /// (north-east clockwise): what [`Moves::each`] adds after the open sides. None with
    /// [`Corners::Never`], so none on any grid but the plain square one. The list is worked out
    /// at once, so the maze is free again while a search goes through it.
    #[inline]
    pub fn diagonals(&self, maze: &Maze, cell: usize) -> Diagonals {
        Diagonals {
            bits: diagonal_bits(maze, cell, self.corners),
            width: self.width,
            cell,
        }
    }

    /// Whether `side` of a cell is a diagonal move of these moves (sides 4 and 5 of a hexagon
    /// are not: diagonals are only ever on with the plain square grid).
    #[inline]
    pub fn is_diagonal(&self, side: Side) -> bool {
        self.corners.diagonal() && (NORTH_EAST..=NORTH_WEST).contains(&side)
    }

    /// The cell through the diagonal `side` (4 to 7) of `cell`.
    #[inline]
    pub fn diagonal_through(&self, cell: usize, side: Side) -> usize {
        diagonal_through(self.width, cell, side)
    }

    /// The moves out of `cell` as [`Moves::each`] gives them, in an array: for a search that
    /// changes the board while it goes through them.
    #[inline]
    pub fn list<T: Topology>(&self, grid: &T, maze: &Maze, cell: usize) -> MoveList {
        let mut list = MoveList {
            moves: [(0, 0, 0); 8],
            len: 0,
        };
        self.each(grid, maze, cell, |side, next, units| {
            if list.len < 8 {
                list.moves[list.len] = (side, next, units);
                list.len += 1;
            }
        });
        list
    }

    /// The cost of the move into `next` through `side` of a cell (side 4 or more: diagonal).
    #[inline]
    pub fn units(&self, maze: &Maze, next: usize, side: Side) -> u64 {
        let per = if self.corners.diagonal() && side >= NORTH_EAST {
            DIAGONAL_UNIT
        } else {
            UNIT
        };
        u64::from(maze.cost(next)) * per
    }
}

/// The diagonal moves out of a cell: [`Moves::diagonals`].
#[derive(Clone, Copy, Debug)]
pub struct Diagonals {
    /// Diagonal sides not yet handed out, as bits 4 to 7.
    bits: u8,
    width: usize,
    cell: usize,
}

impl Iterator for Diagonals {
    type Item = (Side, usize);

    #[inline]
    fn next(&mut self) -> Option<(Side, usize)> {
        if self.bits == 0 {
            return None;
        }
        let side = self.bits.trailing_zeros() as Side;
        self.bits &= self.bits - 1;
        Some((side, diagonal_through(self.width, self.cell, side)))
    }
}

/// Up to eight moves: `(side, next, units)`.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [(Side, usize, u64); 8],
    len: usize,
}

impl MoveList {
    pub fn as_slice(&self) -> &[(Side, usize, u64)] {
        &self.moves[..self.len]
    }
}

/// A heuristic resolved for one grid and its moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    /// `None`: the grid's own estimate; else a formula from columns and rows.
    formula: Option<Heuristic>,
    width: usize,
    /// `f = g + weight · h`.
    pub weight: f64,
}

impl Guess {
    /// The guess `search` names, on `maze` with `moves`.
    pub fn new(maze: &Maze, moves: &Moves, search: &Search) -> Guess {
        let square = maze.grid().is_none();
        let formula = match search.heuristic {
            _ if !square => None,
            Heuristic::Grid if moves.corners.diagonal() => Some(Heuristic::Octile),
            Heuristic::Grid => None,
            named => Some(named),
        };
        Guess {
            formula,
            width: maze.width() as usize,
            weight: search.weight,
        }
    }

    /// Whether this is the grid's own estimate (what the unit-cost fast paths use).
    pub fn is_grids_own(&self) -> bool {
        self.formula.is_none()
    }

    /// A guess of the cost from `cell` to `target`, in [`UNIT`]s (rounded down), unweighted.
    #[inline]
    pub fn units<T: Topology>(&self, grid: &T, cell: usize, target: usize) -> u64 {
        match self.formula {
            None => u64::from(grid.estimate(cell, target)) * UNIT,
            Some(heuristic) => {
                let (w, a, b) = (self.width, cell, target);
                let dx = (a % w) as f64 - (b % w) as f64;
                let dy = (a / w) as f64 - (b / w) as f64;
                heuristic.units(dx, dy)
            }
        }
    }

    /// `weight · h`, in [`UNIT`]s.
    #[inline]
    pub fn weighted(&self, h: u64) -> u64 {
        if self.weight == 1.0 {
            h
        } else {
            (h as f64 * self.weight) as u64
        }
    }
}

/// A cost in [`UNIT`]s as the number a person reads: 12.5 rather than 13107200.
pub fn in_moves(units: u64) -> f64 {
    units as f64 / UNIT as f64
}
