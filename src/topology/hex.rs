//! Hexagons, flat-topped, in columns: the odd columns sit half a cell lower than the even ones
//! (the "odd-q" layout). Sides clockwise from north: 0 north, 1 north-east, 2 south-east,
//! 3 south, 4 south-west, 5 north-west; the side back is always three further on.

use super::Side;

pub(super) const SIDE_NAMES: [&str; 6] = [
    "north",
    "north-east",
    "south-east",
    "south",
    "south-west",
    "north-west",
];

/// The neighbour through `side`, inside a `width` × `height` grid.
#[inline]
pub(super) fn neighbour(width: u32, height: u32, cell: usize, side: Side) -> Option<usize> {
    let (w, h) = (width as i64, height as i64);
    let (x, y) = ((cell as i64) % w, (cell as i64) / w);
    // A diagonal neighbour is in the same row or the one above (even columns) or below (odd).
    let (upper, lower) = if x % 2 == 0 { (y - 1, y) } else { (y, y + 1) };
    let (nx, ny) = match side {
        0 => (x, y - 1),
        1 => (x + 1, upper),
        2 => (x + 1, lower),
        3 => (x, y + 1),
        4 => (x - 1, lower),
        5 => (x - 1, upper),
        _ => return None,
    };
    ((0..w).contains(&nx) && (0..h).contains(&ny)).then(|| (ny * w + nx) as usize)
}

/// Calls `f(side, neighbour)` for every neighbour inside a `w` × `h` grid, in side order.
#[inline]
pub(super) fn for_each(w: usize, h: usize, cell: usize, mut f: impl FnMut(Side, usize)) {
    let (x, y) = (cell % w, cell / w);
    let (east, west) = (x + 1 < w, x > 0);
    // The diagonal neighbours' rows: this row and the one above (even columns) or below (odd).
    let (upper, lower) = if x % 2 == 0 {
        (y.checked_sub(1), Some(y))
    } else {
        (Some(y), (y + 1 < h).then_some(y + 1))
    };
    if y > 0 {
        f(0, cell - w);
    }
    if let (true, Some(row)) = (east, upper) {
        f(1, row * w + x + 1);
    }
    if let (true, Some(row)) = (east, lower) {
        f(2, row * w + x + 1);
    }
    if y + 1 < h {
        f(3, cell + w);
    }
    if let (true, Some(row)) = (west, lower) {
        f(4, row * w + x - 1);
    }
    if let (true, Some(row)) = (west, upper) {
        f(5, row * w + x - 1);
    }
}

/// The centre of the hexagon at column `x`, row `y`: rows are one unit apart, columns 0.866.
/// The cell through side `side` (below 6) of `cell`, a side known to lead to one: an offset
/// from tables indexed by the side, odd columns half a cell lower.
#[inline]
pub(super) fn through(w: usize, cell: usize, side: usize) -> usize {
    const DX: [isize; 6] = [0, 1, 1, 0, -1, -1];
    const DY: [isize; 6] = [-1, -1, 0, 1, 0, -1];
    const ODD: [isize; 6] = [0, 1, 1, 0, 1, 1];
    let odd = ((cell % w) & 1) as isize;
    cell.wrapping_add_signed(DX[side] + (DY[side] + odd * ODD[side]) * w as isize)
}

pub(super) fn position(x: u32, y: u32) -> (f64, f64) {
    let radius = 1.0 / 3f64.sqrt();
    let shift = if x % 2 == 1 { 0.5 } else { 0.0 };
    (
        radius + f64::from(x) * 1.5 * radius,
        0.5 + f64::from(y) + shift,
    )
}

/// Steps between two hexagons on an open grid (through cube coordinates).
pub(super) fn distance((ax, ay): (u32, u32), (bx, by): (u32, u32)) -> u32 {
    let cube = |x: u32, y: u32| {
        let (q, r) = (
            i64::from(x),
            i64::from(y) - (i64::from(x) - i64::from(x & 1)) / 2,
        );
        (q, r)
    };
    let ((aq, ar), (bq, br)) = (cube(ax, ay), cube(bx, by));
    let (dq, dr) = (aq - bq, ar - br);
    ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
}
