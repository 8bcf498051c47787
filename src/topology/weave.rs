//! Weaves: square cells where a passage may cross under another, as in *Mazes for
//! Programmers*, chapter 9. Sides 0 to 3 are the square grid's north, east, south and west;
//! side `4 + d` is a **tunnel**: from the cell, under its neighbour in direction `d`, to the
//! cell beyond. The graph is static (every cell always has the same neighbours, tunnels
//! included), so every search works unchanged; what makes a weave a weave is which tunnels a
//! maze may open, decided here in one place ([`can_carve`], [`check`]):
//!
//! - a tunnel from A under B to C is **valid** only if B's passages are exactly the straight
//!   corridor across it (the two sides perpendicular to the tunnel, nothing else: no passage
//!   along the tunnel, no tunnel of its own), so that the tunnel runs under that corridor;
//! - a cell opens at most one of side `d` and side `4 + d` (one way out through each side).
//!
//! Between them the rules keep every crossing a plain over-and-under: one corridor over, one
//! tunnel under, nothing else touching the middle cell.

use super::{Side, Topology};

/// Weaving: where a passage may cross under another. Every grid has it; only a weave
/// ([`super::Grid`] of [`super::Shape::Weave`]) answers differently from the defaults, which
/// the compiler folds away on other grids.
pub trait Weave: Topology {
    /// Whether this is a weave, whose generators place crossings.
    #[inline]
    fn weaves(&self) -> bool {
        false
    }

    /// A weave's cells where a crossing may go, those with four neighbours on; none on other
    /// grids.
    fn crossing_cells(&self) -> Vec<u32> {
        Vec::new()
    }

    /// Whether opening side `side` of `cell` (a side leading to a cell) keeps the maze, whose
    /// passage bytes are `cells`, a valid weave ([`can_carve`]); always on other grids.
    #[inline]
    fn can_carve(&self, _cells: &[u8], _cell: usize, _side: Side) -> bool {
        true
    }

    /// How many ways a walker can face on `cell`, for the wall followers' turns: its sides,
    /// except on a weave, where a tunnel goes the way of the ordinary side it leaves by (4).
    #[inline]
    fn ways(&self, cell: usize) -> u8 {
        self.sides(cell)
    }

    /// The way a walker leaving through `side` goes: the side itself, or on a weave the
    /// ordinary side a tunnel leaves by (`side & 3`).
    #[inline]
    fn way(&self, side: Side) -> Side {
        side
    }

    /// The side a cell with passage bits `bits` is left by going the way `way`: the way
    /// itself, or on a weave the tunnel `4 + way` when that is the one open.
    #[inline]
    fn way_side(&self, _bits: u8, way: Side) -> Side {
        way
    }
}

/// The names of the four tunnel sides, for messages (narration says which cell is crossed).
pub(super) const TUNNEL_NAMES: [&str; 4] = [
    "north under a cell",
    "east under a cell",
    "south under a cell",
    "west under a cell",
];

/// The side a tunnel side leads back through: a tunnel north is a tunnel south seen from its
/// other end.
#[inline]
pub(super) fn back(side: Side) -> Side {
    if side < 4 {
        (side + 2) % 4
    } else {
        4 + (side + 2) % 4
    }
}

/// How many cells lie beyond the cell at column `x`, row `y` of a `w` × `h` grid the way of
/// side `d` (0 to 3), and the offset of one step that way: from the column and row found once,
/// rather than one division a step.
#[inline]
fn room(w: usize, h: usize, (x, y): (usize, usize), d: Side) -> (usize, isize) {
    match d & 3 {
        0 => (y, -(w as isize)),
        1 => (w - 1 - x, 1),
        2 => (h - 1 - y, w as isize),
        _ => (x, -1),
    }
}

/// The column and row of `cell` in a grid `w` wide.
#[inline]
fn at(w: usize, cell: usize) -> (usize, usize) {
    (cell % w, cell / w)
}

/// The column and row one step from `(x, y)` the way of side `d` (0 to 3), which has room.
#[inline]
fn moved((x, y): (usize, usize), d: Side) -> (usize, usize) {
    match d & 3 {
        0 => (x, y - 1),
        1 => (x + 1, y),
        2 => (x, y + 1),
        _ => (x - 1, y),
    }
}

/// A cell's neighbours by side, and the sides that have one as passage bits: north, east,
/// south, west, then the tunnels two cells away under a neighbour that is on, in a `w` × `h`
/// grid whose cells `off` are switched off (the cell's own and its neighbours' switches are
/// the caller's to check). Out of line, for the wasm module's size (see
/// `Grid::for_each_neighbour`).
#[inline(never)]
pub(super) fn neighbours(
    w: usize,
    h: usize,
    cell: usize,
    off: Option<&[bool]>,
) -> ([usize; 8], u8) {
    let on = |c: usize| !off.is_some_and(|off| off[c]);
    let mut next = [0; 8];
    let mut sides = 0;
    let xy = at(w, cell);
    for d in 0..4 {
        let (room, offset) = room(w, h, xy, d);
        if room >= 1 {
            let middle = cell.wrapping_add_signed(offset);
            next[usize::from(d)] = middle;
            sides |= 1 << d;
            if room >= 2 && on(middle) {
                next[usize::from(4 + d)] = middle.wrapping_add_signed(offset);
                sides |= 1 << (4 + d);
            }
        }
    }
    (next, sides)
}

/// The passage bits of a straight corridor across direction `d`: the two sides perpendicular
/// to it (for an east-west tunnel, north and south).
#[inline]
pub fn across(d: Side) -> u8 {
    let p = (d + 1) % 4;
    1 << p | 1 << ((p + 2) % 4)
}

/// Whether some tunnel passes under `cell`: a cell on either side of it opens a tunnel
/// through it.
#[inline]
fn is_under(w: usize, h: usize, cells: &[u8], cell: usize, xy: (usize, usize)) -> bool {
    (0..4).any(|d: Side| {
        let (room, offset) = room(w, h, xy, d);
        room >= 1 && cells[cell.wrapping_add_signed(offset)] & 1 << (4 + (d + 2) % 4) != 0
    })
}

/// Whether opening side `side` of `cell` (a side that leads to a cell) keeps a weave's
/// passages `cells` valid: for a tunnel, the cell it passes under is exactly a straight
/// corridor across it and neither end opens the ordinary side the same way; for an ordinary
/// side, neither end is passed under by a tunnel or already tunnels that way. The one place
/// the weave's rules are written down: generators ask it before carving, and
/// [`check`] asks it of every tunnel of a finished maze.
#[inline(never)]
pub fn can_carve(w: usize, h: usize, cells: &[u8], cell: usize, side: Side) -> bool {
    let d = side & 3;
    let xy = at(w, cell);
    let (room, offset) = room(w, h, xy, d);
    if room == 0 {
        return false;
    }
    let next = cell.wrapping_add_signed(offset);
    let back = (d + 2) % 4;
    if side < 4 {
        return cells[cell] & 1 << (4 + d) == 0
            && cells[next] & 1 << (4 + back) == 0
            && !is_under(w, h, cells, cell, xy)
            && !is_under(w, h, cells, next, moved(xy, d));
    }
    if room < 2 {
        return false;
    }
    let far = next.wrapping_add_signed(offset);
    cells[next] == across(d) && cells[cell] & 1 << d == 0 && cells[far] & 1 << back == 0
}

/// Checks a weave's tunnels (the passages' two ends agreeing is checked elsewhere): every
/// tunnel runs under a straight corridor across it, and no cell opens both side `d` and the
/// tunnel `4 + d`. The message names the first cell found wrong.
pub fn check(w: usize, h: usize, cells: &[u8]) -> Result<(), String> {
    for (cell, &bits) in cells.iter().enumerate() {
        for side in (4..8).filter(|s| bits & 1 << s != 0) {
            if !can_carve(w, h, cells, cell, side) {
                let d = usize::from(side - 4);
                return Err(format!(
                    "cell ({}, {}) tunnels {} under a cell that is not a straight corridor \
                     across it, or also opens that side",
                    cell % w,
                    cell / w,
                    ["north", "east", "south", "west"][d]
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tunnel_needs_a_corridor_across_it() {
        // Three cells in a row, 3 x 3 grid: (0,1) tunnels east under (1,1) to (2,1).
        let (w, h) = (3, 3);
        let mut cells = vec![0u8; 9];
        assert!(
            !can_carve(w, h, &cells, 3, 5),
            "no corridor over the middle"
        );
        // (1,0)-(1,1)-(1,2) a north-south corridor.
        cells[1] = 4;
        cells[4] = 1 | 4;
        cells[7] = 1;
        assert!(can_carve(w, h, &cells, 3, 5));
        assert!(
            !can_carve(w, h, &cells, 3, 4),
            "north leads nowhere two away"
        );
        cells[3] |= 1 << 5;
        cells[5] |= 1 << 7;
        assert!(check(w, h, &cells).is_ok());
        // An ordinary passage into the crossing breaks it.
        assert!(!can_carve(w, h, &cells, 4, 1));
        assert!(!can_carve(w, h, &cells, 3, 1), "(0,1) already tunnels east");
        cells[4] |= 2;
        cells[5] |= 8;
        assert!(check(w, h, &cells).is_err());
    }

    #[test]
    fn sides_lead_back() {
        for side in 0..8 {
            assert_eq!(back(back(side)), side);
            assert_eq!(back(side) & 3, (side + 2) % 4);
            assert_eq!(back(side) >= 4, side >= 4);
        }
    }
}
