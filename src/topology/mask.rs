//! Masks: which cells of a grid are switched off, to shape a maze (a circle, a heart, a word).
//! Written as text, a row of characters a row of cells: `.` for a cell that is on, `X` for one
//! that is off (as in *Mazes for Programmers*). For a polar grid, row `r` is ring `r`, with one
//! character for each of its cells.

use super::MAX_SIDE;
use super::{GridError, Shape};
use crate::words::Sentence;
use std::fmt;

/// Rows of cells that are on or off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    rows: Vec<Vec<bool>>,
}

/// Why a mask's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaskError(pub String);

impl fmt::Display for MaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MaskError {}

impl Mask {
    /// Reads a mask: rows of `.` (on) and `X` or `x` (off). A byte order mark, blank lines
    /// at the end and a `\r` before each line end are ignored. Rows may differ in length only
    /// for polar grids, which [`super::Grid::with_mask`] checks.
    pub fn parse(text: &str) -> Result<Mask, MaskError> {
        // A byte order mark (an editor's) is no cell.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut rows = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        let used = lines
            .iter()
            .rposition(|l| !l.trim_end_matches('\r').is_empty());
        for (number, line) in lines.iter().take(used.map_or(0, |u| u + 1)).enumerate() {
            let line = line.trim_end_matches('\r');
            let mut row = Vec::with_capacity(line.len());
            for (column, c) in line.chars().enumerate() {
                row.push(match c {
                    '.' => false,
                    'X' | 'x' => true,
                    other => {
                        return Err(MaskError(format!(
                            "mask line {}, column {}: {} is not a cell: use '.' for a cell \
                             and 'X' for none",
                            number + 1,
                            column + 1,
                            crate::words::quote(&other.to_string())
                        )))
                    }
                });
                if row.len() > MAX_SIDE as usize * 4 {
                    return Err(MaskError(format!(
                        "mask line {} is longer than {} cells",
                        number + 1,
                        MAX_SIDE as usize * 4
                    )));
                }
            }
            if row.is_empty() {
                return Err(MaskError(format!(
                    "mask line {} is empty: every row needs its cells",
                    number + 1
                )));
            }
            rows.push(row);
            if rows.len() > MAX_SIDE as usize {
                return Err(MaskError(format!("a mask has at most {MAX_SIDE} rows")));
            }
        }
        if rows.is_empty() {
            return Err(MaskError(
                "the mask is empty: give rows of '.' and 'X'".into(),
            ));
        }
        Ok(Mask { rows })
    }

    /// A mask from flags, one row after another (`true`: off).
    pub fn from_rows(rows: Vec<Vec<bool>>) -> Mask {
        Mask { rows }
    }

    /// The width and height of a mask whose rows are all as long: the grid it fits.
    pub fn size(&self) -> Option<(u32, u32)> {
        let width = self.rows[0].len();
        self.rows
            .iter()
            .all(|row| row.len() == width)
            .then_some((width as u32, self.rows.len() as u32))
    }

    /// The mask as text again.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for row in &self.rows {
            text.extend(row.iter().map(|&off| if off { 'X' } else { '.' }));
            text.push('\n');
        }
        text
    }

    /// The flags of a grid's cells (`true`: off), if the mask fits it.
    pub(super) fn cells_off(
        &self,
        shape: Shape,
        width: u32,
        height: u32,
        cells: usize,
    ) -> Result<Vec<bool>, GridError> {
        let fits = match shape {
            Shape::Polar => {
                let starts = super::polar::ring_starts(height);
                self.rows.len() == height as usize
                    && self
                        .rows
                        .iter()
                        .zip(starts.windows(2))
                        .all(|(row, ring)| row.len() == (ring[1] - ring[0]) as usize)
            }
            _ => self.size() == Some((width, height)),
        };
        if !fits {
            let wanted = match shape {
                Shape::Polar => Sentence::new("refusals.mask-rings"),
                _ => Sentence::new("refusals.mask-rows"),
            };
            return Err(GridError::BadMask(
                Sentence::new("refusals.mask-fit")
                    .with("shape", shape.words())
                    .n("width", width)
                    .n("height", height)
                    .words("wanted", wanted.n("width", width).n("height", height)),
            ));
        }
        let off: Vec<bool> = self.rows.concat();
        debug_assert_eq!(off.len(), cells);
        Ok(off)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Grid, Topology};
    use super::*;

    #[test]
    fn text_round_trips() {
        let mask = Mask::parse("X..\r\n...\n.X.\n\n").unwrap();
        assert_eq!(mask.size(), Some((3, 3)));
        assert_eq!(mask.to_text(), "X..\n...\n.X.\n");
    }

    #[test]
    fn bad_text_is_refused_with_its_place() {
        let error = Mask::parse("...\n.?.\n").unwrap_err().to_string();
        assert_eq!(
            error,
            "mask line 2, column 2: '?' is not a cell: use '.' for a cell and 'X' for none"
        );
        assert!(Mask::parse("\n\n").is_err());
        assert!(Mask::parse("..\n\n..\n")
            .unwrap_err()
            .0
            .contains("line 2 is empty"));
    }

    #[test]
    fn switched_off_cells_touch_nothing() {
        let mask = Mask::parse("...\n.X.\n...\n").unwrap();
        let grid = Grid::new(Shape::Square, 3, 3)
            .unwrap()
            .with_mask(&mask)
            .unwrap();
        assert!(!grid.is_on(4));
        assert_eq!(grid.cells_on(), 8);
        for cell in 0..9 {
            grid.for_each_neighbour(cell, |_, next| assert_ne!(next, 4));
        }
        assert_eq!(grid.neighbour(4, 0), None);
        assert_eq!(grid.regions(), 1);
    }

    #[test]
    fn a_mask_can_cut_a_grid_in_two() {
        let mask = Mask::parse("..X..\n..X..\n").unwrap();
        let grid = Grid::new(Shape::Square, 5, 2)
            .unwrap()
            .with_mask(&mask)
            .unwrap();
        assert_eq!(grid.regions(), 2);
    }

    #[test]
    fn a_mask_must_fit_and_leave_a_cell() {
        let grid = || Grid::new(Shape::Hex, 3, 2).unwrap();
        let error = grid()
            .with_mask(&Mask::parse("...\n").unwrap())
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "the mask does not fit a hex grid of 3x2: it needs 2 rows of 3 cells"
        );
        assert!(grid()
            .with_mask(&Mask::parse("XXX\nXXX\n").unwrap())
            .is_err());
        let polar = Grid::new(Shape::Polar, 1, 2).unwrap();
        assert!(polar
            .with_mask(&Mask::parse(".\nX.....\n").unwrap())
            .is_ok());
    }
}
