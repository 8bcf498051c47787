//! The square grid's four directions, and their passage bits (`N = 1, E = 2, S = 4, W = 8`;
//! north is the smaller `y`).

use super::Side;
use std::fmt;

/// Passage bit for the north side of a cell.
pub const N: u8 = 1;
/// Passage bit for the east side of a cell.
pub const E: u8 = 2;
/// Passage bit for the south side of a cell.
pub const S: u8 = 4;
/// Passage bit for the west side of a cell.
pub const W: u8 = 8;

/// One of the four directions from a cell to its neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Direction {
    /// All four directions, clockwise from north.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The passage bit this direction opens in a cell.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The direction pointing back.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 4]
    }

    /// A quarter turn clockwise (to the right when facing this way).
    pub const fn right(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 4]
    }

    /// A quarter turn anticlockwise (to the left when facing this way).
    pub const fn left(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 4]
    }

    /// Column change when stepping this way.
    pub const fn dx(self) -> i32 {
        match self {
            Direction::East => 1,
            Direction::West => -1,
            _ => 0,
        }
    }

    /// Row change when stepping this way (north is up, the smaller y).
    pub const fn dy(self) -> i32 {
        match self {
            Direction::South => 1,
            Direction::North => -1,
            _ => 0,
        }
    }

    /// A lower-case name for messages and narration.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::East => "east",
            Direction::South => "south",
            Direction::West => "west",
        }
    }
}

impl Direction {
    /// The side of a square cell this direction goes through.
    pub const fn side(self) -> Side {
        self as u8
    }

    /// The direction through `side` of a square cell; square grids only (other grids have more
    /// sides than four directions).
    pub const fn from_side(side: Side) -> Direction {
        Direction::ALL[(side & 3) as usize]
    }
}

/// A direction as the side of a square cell it goes through: lets an API that takes a side be
/// called with a direction on the square grid.
impl From<Direction> for Side {
    fn from(dir: Direction) -> Side {
        dir.side()
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
