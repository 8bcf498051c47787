//! Rings around a centre cell, as in *Mazes for Programmers*: ring `r` lies between `r` and
//! `r + 1` cell widths from the centre, and has as many cells as the ring inside it, or twice
//! as many where its cells would otherwise grow about twice as wide as they are deep. So cells
//! keep about one size from the centre to the rim.
//!
//! Cells are numbered ring by ring, each ring clockwise from the east. Sides: the centre's are
//! its children in ring 1, clockwise; any other cell's are 0 inward, 1 anticlockwise,
//! 2 and 3 outward (3 only where the next ring splits it), 4 clockwise: clockwise in that
//! order around the cell.

use super::Side;
use std::f64::consts::TAU;

/// Where each ring starts, and the number of cells after the last: `rings + 1` numbers.
pub(super) fn ring_starts(rings: u32) -> Vec<u32> {
    let mut starts = vec![0, 1];
    let mut count: u64 = 1;
    for ring in 1..rings {
        let ratio = (TAU * f64::from(ring) / count as f64).round().max(1.0) as u64;
        count *= ratio;
        let next = u64::from(*starts.last().unwrap_or(&0)) + count;
        // Past u32: the grid is refused for its size before any cell is used.
        starts.push(next.min(u64::from(u32::MAX)) as u32);
    }
    starts
}

/// The most rings whose cells fit in `cells`.
pub(super) fn most_rings(cells: usize) -> u32 {
    let starts = ring_starts(super::MAX_SIDE);
    (starts
        .iter()
        .take_while(|&&end| end as usize <= cells)
        .count() as u32)
        .saturating_sub(1)
}

/// The ring of each cell, looked up once per grid: the neighbour questions ask it for every
/// cell they touch, and searching the ring starts each time took most of a polar maze's time.
pub(super) fn ring_index(starts: &[u32]) -> Vec<u16> {
    let mut index = Vec::with_capacity(*starts.last().unwrap_or(&0) as usize);
    for (ring, pair) in starts.windows(2).enumerate() {
        index.extend(std::iter::repeat(ring as u16).take((pair[1] - pair[0]) as usize));
    }
    index
}

/// The ring of a cell: from the index when there is one, else by searching the starts.
#[inline]
fn ring_of(starts: &[u32], index: &[u16], cell: usize) -> usize {
    match index.get(cell) {
        Some(&ring) => usize::from(ring),
        None => starts.partition_point(|&start| start as usize <= cell) - 1,
    }
}

fn count(starts: &[u32], ring: usize) -> usize {
    (starts[ring + 1] - starts[ring]) as usize
}

/// A cell's ring and its place in the ring.
pub(super) fn place(starts: &[u32], index: &[u16], cell: usize) -> (u32, u32) {
    let ring = ring_of(starts, index, cell);
    ((cell - starts[ring] as usize) as u32, ring as u32)
}

pub(super) fn sides(starts: &[u32], cell: usize) -> u8 {
    if cell == 0 {
        // The centre: one side for each cell of ring 1 (none if it is the only ring).
        if starts.len() > 2 {
            count(starts, 1) as u8
        } else {
            0
        }
    } else {
        5
    }
}

/// How a cell's ring joins the rings either side: where it starts and how many cells it has,
/// where the ring inside starts and whether it has half as many cells (`halves`: 1) or as
/// many (0), and where the ring outside starts and how many of its cells lie outside each
/// cell of this one (`split`: 1 or 2; 0 on the rim). Ring 1, around the centre, has
/// `inner` 0 (the centre itself) and `halves` set to the width of a `usize` less one, so that any place inside it gives 0
/// (63 overflowed the shift on wasm32).
/// Worked out with comparisons, never a division: a ring has as many cells as the one inside
/// it or twice as many ([`tests::a_ring_at_most_doubles`], for every ring a grid may have),
/// and this runs for every neighbour a machine asks about.
#[derive(Clone, Copy)]
struct Ring {
    start: usize,
    n: usize,
    inner: usize,
    halves: u32,
    outer: usize,
    split: usize,
}

#[inline]
fn ring_at(starts: &[u32], ring: usize) -> Ring {
    let (start, n) = (starts[ring] as usize, count(starts, ring));
    let (inner, halves) = match ring {
        1 => (0, usize::BITS - 1),
        _ => {
            let inner = starts[ring - 1] as usize;
            (inner, u32::from(start - inner != n))
        }
    };
    let (outer, split) = match starts.get(ring + 2) {
        Some(&end) => {
            let outer = starts[ring + 1] as usize;
            (outer, if end as usize - outer == n { 1 } else { 2 })
        }
        None => (0, 0),
    };
    Ring {
        start,
        n,
        inner,
        halves,
        outer,
        split,
    }
}

#[inline]
pub(super) fn neighbour(starts: &[u32], index: &[u16], cell: usize, side: Side) -> Option<usize> {
    let side = usize::from(side);
    if cell == 0 {
        return (side < usize::from(sides(starts, 0))).then(|| 1 + side);
    }
    let r = ring_at(starts, ring_of(starts, index, cell));
    let i = cell - r.start;
    match side {
        0 => Some(r.inner + (i >> r.halves)),
        1 => Some(if i == 0 { cell + r.n - 1 } else { cell - 1 }),
        4 => Some(if i + 1 == r.n { r.start } else { cell + 1 }),
        2 | 3 => {
            let k = side - 2;
            (k < r.split).then(|| r.outer + i * r.split + k)
        }
        _ => None,
    }
}

/// Calls `f(side, neighbour)` for every neighbour, in side order, finding the cell's ring
/// once.
#[inline]
pub(super) fn for_each(starts: &[u32], index: &[u16], cell: usize, mut f: impl FnMut(Side, usize)) {
    if cell == 0 {
        for side in 0..sides(starts, 0) {
            f(side, 1 + usize::from(side));
        }
        return;
    }
    let r = ring_at(starts, ring_of(starts, index, cell));
    let i = cell - r.start;
    f(0, r.inner + (i >> r.halves));
    f(1, if i == 0 { cell + r.n - 1 } else { cell - 1 });
    if r.split != 0 {
        let first = r.outer + i * r.split;
        f(2, first);
        if r.split == 2 {
            f(3, first + 1);
        }
    }
    f(4, if i + 1 == r.n { r.start } else { cell + 1 });
}

/// The cell through side `side` of `cell`, a side known to lead to one: every neighbour
/// worked out and the one wanted taken by its index, no branch on the side.
#[inline]
pub(super) fn through(starts: &[u32], index: &[u16], cell: usize, side: usize) -> usize {
    if cell == 0 {
        return 1 + side;
    }
    let r = ring_at(starts, ring_of(starts, index, cell));
    let i = cell - r.start;
    let outward = r.outer + i * r.split;
    let around = [
        r.inner + (i >> r.halves),
        if i == 0 { cell + r.n - 1 } else { cell - 1 },
        outward,
        outward + 1,
        if i + 1 == r.n { r.start } else { cell + 1 },
    ];
    around.get(side).copied().unwrap_or(cell)
}

#[inline]
pub(super) fn back(starts: &[u32], index: &[u16], cell: usize, side: Side) -> Side {
    if cell == 0 {
        return 0;
    }
    match side {
        0 => {
            let ring = ring_of(starts, index, cell);
            let i = cell - starts[ring] as usize;
            if ring == 1 {
                i as Side
            } else if count(starts, ring) == count(starts, ring - 1) {
                2
            } else {
                // Twice as many cells as the ring inside: odd places are the second outward.
                2 + (i & 1) as Side
            }
        }
        1 => 4,
        4 => 1,
        _ => 0,
    }
}

pub(super) fn side_name(cell: usize, side: Side) -> &'static str {
    match (cell, side) {
        (0, _) | (_, 2) | (_, 3) => "outward",
        (_, 0) => "inward",
        (_, 1) => "anticlockwise",
        _ => "clockwise",
    }
}

/// The middle of a cell, with the centre of the circle at (rings, rings).
pub(super) fn position(starts: &[u32], index: &[u16], cell: usize) -> (f64, f64) {
    let rings = (starts.len() - 1) as f64;
    if cell == 0 {
        return (rings, rings);
    }
    let (i, ring) = place(starts, index, cell);
    let angle = TAU * (f64::from(i) + 0.5) / count(starts, ring as usize) as f64;
    let radius = f64::from(ring) + 0.5;
    (rings + radius * angle.cos(), rings + radius * angle.sin())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_grow_as_in_the_book() {
        let starts = ring_starts(6);
        let counts: Vec<u32> = starts.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(counts, [1, 6, 12, 24, 24, 24]);
    }

    #[test]
    fn a_ring_at_most_doubles() {
        // Every ring a grid may have, and one more.
        let starts = ring_starts(most_rings(crate::topology::MAX_CELLS) + 1);
        for ring in 1..starts.len() - 2 {
            let ratio = count(&starts, ring + 1) / count(&starts, ring);
            assert!(ratio == 1 || ratio == 2, "ring {ring}: {ratio}");
            assert_eq!(count(&starts, ring + 1) % count(&starts, ring), 0);
        }
    }
}
