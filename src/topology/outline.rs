//! Where each side of a cell lies, for drawing walls: a straight segment, or for the polar
//! grid's inner and outer sides an arc of a circle. In the units of [`super::Topology::position`]
//! (about one cell across, `y` downwards).

use super::{Grid, Shape, Side, Topology};
use std::f64::consts::TAU;

/// One side of a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outline {
    /// From one point to another.
    Line((f64, f64), (f64, f64)),
    /// Clockwise along the circle of `radius` around `centre`, from angle `from` to `to`
    /// (radians, clockwise from the east, as `y` grows downwards).
    Arc {
        centre: (f64, f64),
        radius: f64,
        from: f64,
        to: f64,
    },
}

impl Outline {
    /// Where it begins and ends.
    pub fn ends(&self) -> ((f64, f64), (f64, f64)) {
        match *self {
            Outline::Line(a, b) => (a, b),
            Outline::Arc {
                centre,
                radius,
                from,
                to,
            } => {
                let at = |angle: f64| {
                    (
                        centre.0 + radius * angle.cos(),
                        centre.1 + radius * angle.sin(),
                    )
                };
                (at(from), at(to))
            }
        }
    }
}

/// The side `side` of `cell`, if the cell has it.
pub fn side_outline(grid: &Grid, cell: usize, side: Side) -> Option<Outline> {
    let (x, y) = grid.place(cell);
    let (fx, fy) = (f64::from(x), f64::from(y));
    match grid.shape() {
        // A weave's tunnels have no wall of their own: they pass under a neighbour.
        Shape::Square | Shape::Weave => {
            let corners = [
                (fx, fy),
                (fx + 1.0, fy),
                (fx + 1.0, fy + 1.0),
                (fx, fy + 1.0),
            ];
            let s = usize::from(side);
            (s < 4).then(|| Outline::Line(corners[s], corners[(s + 1) % 4]))
        }
        Shape::Hex => {
            // Flat-topped: the north side runs from the corner at 240° to the one at 300°.
            let (cx, cy) = grid.position(cell);
            let radius = 1.0 / 3f64.sqrt();
            let corner = |k: f64| {
                let angle = (240.0 + 60.0 * k).to_radians();
                (cx + radius * angle.cos(), cy + radius * angle.sin())
            };
            (side < 6)
                .then(|| Outline::Line(corner(f64::from(side)), corner(f64::from(side) + 1.0)))
        }
        Shape::Triangle => {
            let height = 3f64.sqrt() / 2.0;
            let (left, top, bottom) = (fx * 0.5, fy * height, (fy + 1.0) * height);
            let up = (x + y) % 2 == 0;
            let points = if up {
                // Apex, base right, base left: sides east, south, west.
                [(left + 0.5, top), (left + 1.0, bottom), (left, bottom)]
            } else {
                // Top left, top right, apex: sides north, east, west.
                [(left, top), (left + 1.0, top), (left + 0.5, bottom)]
            };
            let s = usize::from(side);
            (s < 3).then(|| Outline::Line(points[s], points[(s + 1) % 3]))
        }
        Shape::Polar => polar_outline(grid, cell, side),
    }
}

fn polar_outline(grid: &Grid, cell: usize, side: Side) -> Option<Outline> {
    let rings = grid.height();
    let centre = (f64::from(rings), f64::from(rings));
    let span = |ring: u32, i: usize| {
        let count = grid.ring(ring).len() as f64;
        (TAU * i as f64 / count, TAU * (i as f64 + 1.0) / count)
    };
    if cell == 0 {
        // The centre's sides are the inner sides of ring 1's cells.
        let child = grid.neighbour(cell, side)?;
        let (from, to) = span(1, child - grid.ring(1).start);
        return Some(Outline::Arc {
            centre,
            radius: 1.0,
            from,
            to,
        });
    }
    let (i, ring) = grid.place(cell);
    let (from, to) = span(ring, i as usize);
    let (inner, outer) = (f64::from(ring), f64::from(ring) + 1.0);
    let radial = |angle: f64| {
        Outline::Line(
            (
                centre.0 + inner * angle.cos(),
                centre.1 + inner * angle.sin(),
            ),
            (
                centre.0 + outer * angle.cos(),
                centre.1 + outer * angle.sin(),
            ),
        )
    };
    let arc = |radius: f64, from: f64, to: f64| Outline::Arc {
        centre,
        radius,
        from,
        to,
    };
    let split = ring + 1 < rings && grid.ring(ring + 1).len() > grid.ring(ring).len();
    let middle = (from + to) / 2.0;
    match side {
        0 => Some(arc(inner, from, to)),
        1 => Some(radial(from)),
        2 if split => Some(arc(outer, from, middle)),
        2 => Some(arc(outer, from, to)),
        3 if split => Some(arc(outer, middle, to)),
        4 => Some(radial(to)),
        _ => None,
    }
}

/// The box every cell lies in: (left, top, right, bottom).
pub fn bounds(grid: &Grid) -> (f64, f64, f64, f64) {
    match grid.shape() {
        Shape::Square | Shape::Weave => {
            (0.0, 0.0, f64::from(grid.width()), f64::from(grid.height()))
        }
        Shape::Polar => {
            let diameter = 2.0 * f64::from(grid.height());
            (0.0, 0.0, diameter, diameter)
        }
        Shape::Hex => {
            let radius = 1.0 / 3f64.sqrt();
            let width = radius * (1.5 * f64::from(grid.width()) + 0.5);
            let odd_shift = if grid.width() > 1 { 0.5 } else { 0.0 };
            (0.0, 0.0, width, f64::from(grid.height()) + odd_shift)
        }
        Shape::Triangle => (
            0.0,
            0.0,
            (f64::from(grid.width()) + 1.0) * 0.5,
            f64::from(grid.height()) * 3f64.sqrt() / 2.0,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    /// A side and the side back from the neighbour are the same piece of wall.
    #[test]
    fn neighbours_share_their_wall() {
        for shape in Shape::ALL {
            let grid = Grid::new(shape, 7, 6).unwrap();
            for cell in 0..grid.len() {
                grid.for_each_neighbour(cell, |side, next| {
                    if shape == Shape::Weave && side >= 4 {
                        assert!(side_outline(&grid, cell, side).is_none());
                        return;
                    }
                    let mine = side_outline(&grid, cell, side).unwrap().ends();
                    let theirs = side_outline(&grid, next, grid.back(cell, side))
                        .unwrap()
                        .ends();
                    let same = (close(mine.0, theirs.0) && close(mine.1, theirs.1))
                        || (close(mine.0, theirs.1) && close(mine.1, theirs.0));
                    assert!(
                        same,
                        "{shape} {cell} side {side} -> {next}: {mine:?} vs {theirs:?}"
                    );
                });
            }
        }
    }

    #[test]
    fn cells_lie_inside_the_bounds() {
        for shape in Shape::ALL {
            let grid = Grid::new(shape, 6, 5).unwrap();
            let (left, top, right, bottom) = bounds(&grid);
            for cell in 0..grid.len() {
                for side in 0..grid.sides(cell) {
                    if let Some(outline) = side_outline(&grid, cell, side) {
                        let (a, b) = outline.ends();
                        for (x, y) in [a, b] {
                            assert!(
                                x >= left - 1e-9
                                    && x <= right + 1e-9
                                    && y >= top - 1e-9
                                    && y <= bottom + 1e-9,
                                "{shape} cell {cell} side {side}: ({x}, {y}) outside"
                            );
                        }
                    }
                }
            }
        }
    }
}
