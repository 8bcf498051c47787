//! Triangles in rows, pointing up and down in turn: the cell at column `x`, row `y` points up
//! where `x + y` is even. Sides clockwise from the top: pointing up, 0 east, 1 south (its base),
//! 2 west; pointing down, 0 north (its base), 1 east, 2 west.

use super::Side;

fn points_up(x: u32, y: u32) -> bool {
    (x + y) % 2 == 0
}

/// The neighbour through `side`, inside a `width` × `height` grid.
#[inline]
pub(super) fn neighbour(width: u32, height: u32, cell: usize, side: Side) -> Option<usize> {
    let w = width as usize;
    let (x, y) = ((cell % w) as u32, (cell / w) as u32);
    let (nx, ny) = match (points_up(x, y), side) {
        (true, 0) | (false, 1) => (x.checked_add(1)?, y),
        (true, 2) | (false, 2) => (x.checked_sub(1)?, y),
        (true, 1) => (x, y + 1),
        (false, 0) => (x, y.checked_sub(1)?),
        _ => return None,
    };
    (nx < width && ny < height).then(|| ny as usize * w + nx as usize)
}

/// Calls `f(side, neighbour)` for every neighbour inside a `w` × `h` grid, in side order.
#[inline]
pub(super) fn for_each(w: usize, h: usize, cell: usize, mut f: impl FnMut(Side, usize)) {
    let (x, y) = (cell % w, cell / w);
    let (east, west) = (x + 1 < w, x > 0);
    if (x + y) % 2 == 0 {
        // Pointing up: east, south (its base), west.
        if east {
            f(0, cell + 1);
        }
        if y + 1 < h {
            f(1, cell + w);
        }
        if west {
            f(2, cell - 1);
        }
    } else {
        // Pointing down: north (its base), east, west.
        if y > 0 {
            f(0, cell - w);
        }
        if east {
            f(1, cell + 1);
        }
        if west {
            f(2, cell - 1);
        }
    }
}

/// The side of the neighbour through `side` that leads back.
/// The cell through side `side` (below 3) of `cell`, a side known to lead to one: an offset
/// from a table indexed by which way the triangle points and the side.
#[inline]
pub(super) fn through(w: usize, cell: usize, side: usize) -> usize {
    let up = usize::from((cell % w + cell / w) % 2 == 0);
    let w = w as isize;
    cell.wrapping_add_signed([[-w, 1, -1], [1, w, -1]][up][side])
}

#[inline]
pub(super) fn back(width: u32, cell: usize, side: Side) -> Side {
    let w = width as usize;
    let up = points_up((cell % w) as u32, (cell / w) as u32);
    match (up, side) {
        // Up east -> the down cell's west; up south -> its north; up west -> its east.
        (true, 0) => 2,
        (true, 1) => 0,
        (true, _) => 1,
        // Down north -> the up cell's south; down east -> its west; down west -> its east.
        (false, 0) => 1,
        (false, 1) => 2,
        (false, _) => 0,
    }
}

pub(super) fn side_name((x, y): (u32, u32), side: Side) -> &'static str {
    match (points_up(x, y), side) {
        (true, 0) | (false, 1) => "east",
        (true, 1) => "south",
        (false, 0) => "north",
        _ => "west",
    }
}

/// The centre (centroid) of the triangle at column `x`, row `y`: sides one unit long.
pub(super) fn position(x: u32, y: u32) -> (f64, f64) {
    let height = 3f64.sqrt() / 2.0;
    let third = if points_up(x, y) { 2.0 } else { 1.0 } / 3.0;
    ((f64::from(x) + 1.0) * 0.5, (f64::from(y) + third) * height)
}

/// A lower bound on the steps between two triangles: each step changes the column or the row
/// by one.
pub(super) fn distance((ax, ay): (u32, u32), (bx, by): (u32, u32)) -> u32 {
    ax.abs_diff(bx) + ay.abs_diff(by)
}
