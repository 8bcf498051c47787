//! What a learner changed in a generated maze: terrain painted (an obstacle is terrain 0) and
//! walls drawn or erased. Kept as the difference from the maze the settings generate, so the
//! same settings and edits always give the same world — after Back, in a race, from a link.
//!
//! Applied in this order when the search begins ([`Edits::apply`]):
//! 1. every painted cell gets its terrain value;
//! 2. a cell the generator had blocked and the edits free joins its free neighbours (as an
//!    open world's cells do);
//! 3. every wall edit opens or closes its passage, unless a cell beside it is blocked;
//! 4. every blocked cell has all its passages closed.
//!
//! As text (links, files): `TERRAIN~WALLS`, either part may be empty and `~WALLS` left off.
//! `TERRAIN` runs over the cells in order, each run a count (left off for 1) and a symbol:
//! `.` unchanged, `x` blocked, `a` to `i` cost 1 to 9; a last run of `.` is left off. `WALLS`
//! is a list of walls separated by `.`, each the cell in base 36, the side (one digit) and
//! `o` for opened or `x` for closed: `1z2o` opens side 2 (south) of cell 71.

use super::{BLOCKED, MAX_COST};
use crate::board::Board;
use crate::machine::Sentence;
use crate::topology::{Side, Topology};
use std::collections::BTreeMap;
use std::fmt;

/// The most characters an edits text may have (the page's links stay far below).
pub const MAX_TEXT: usize = 1 << 24;

/// Terrain painted and walls changed, by cell.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Edits {
    /// Cell → terrain value (0 blocked, 1 to 9 a cost).
    terrain: BTreeMap<u32, u8>,
    /// `cell << 3 | side` → open (true) or closed (false).
    walls: BTreeMap<u32, bool>,
}

/// Why edits could not be read or do not fit a maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditsError(pub String);

impl fmt::Display for EditsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EditsError {}

fn error(why: impl Into<String>) -> EditsError {
    EditsError(why.into())
}

impl Edits {
    /// No edits.
    pub fn new() -> Edits {
        Edits::default()
    }

    /// Whether nothing was changed.
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty() && self.walls.is_empty()
    }

    /// Paints `cell` with terrain `value` (0 blocks it).
    pub fn paint(&mut self, cell: u32, value: u8) {
        self.terrain.insert(cell, value.min(MAX_COST));
    }

    /// Forgets the paint on `cell`: it gets the generated terrain back.
    pub fn unpaint(&mut self, cell: u32) {
        self.terrain.remove(&cell);
    }

    /// Opens (`true`) or closes the passage through `side` of `cell`.
    pub fn set_wall(&mut self, cell: u32, side: Side, open: bool) {
        self.walls.insert(cell << 3 | u32::from(side), open);
    }

    /// The painted cells with their values, in cell order.
    pub fn terrain(&self) -> impl Iterator<Item = (u32, u8)> + '_ {
        self.terrain.iter().map(|(&c, &v)| (c, v))
    }

    /// The wall edits as `(cell, side, open)`, in order.
    pub fn walls(&self) -> impl Iterator<Item = (u32, Side, bool)> + '_ {
        self.walls
            .iter()
            .map(|(&w, &open)| (w >> 3, (w & 7) as Side, open))
    }

    /// Checks that every edit names a cell (and a side leading to one) of `grid`.
    pub fn check(&self, grid: &impl Topology) -> Result<(), EditsError> {
        self.check_words(grid)
            .map_err(|words| error(words.english()))
    }

    /// [`Edits::check`] with the refusal as a sentence.
    pub fn check_words(&self, grid: &impl Topology) -> Result<(), Sentence> {
        let len = grid.len();
        for (cell, _) in self.terrain() {
            if cell as usize >= len || !grid.is_on(cell as usize) {
                return Err(Sentence::new("refusals.edits-paint")
                    .n("cell", cell)
                    .n("len", len as u64));
            }
        }
        for (cell, side, _) in self.walls() {
            let leads = (cell as usize) < len
                && side < grid.sides(cell as usize)
                && grid.neighbour(cell as usize, side).is_some()
                && grid.way(side) == side;
            if !leads {
                return Err(Sentence::new("refusals.edits-wall")
                    .n("side", side as u64)
                    .n("cell", cell));
            }
        }
        Ok(())
    }

    /// Changes the board's maze as the module's steps say; journaled like any other change.
    /// The edits must have passed [`Edits::check`] for this maze.
    pub fn apply(&self, board: &mut Board) {
        // Shared, not copied: a masked or polar grid holds a vector per cell.
        let grid = match board.maze().shared_grid() {
            Some(grid) => grid,
            None => std::sync::Arc::new(board.maze().topology().into_owned()),
        };
        let mut freed = Vec::new();
        for (cell, value) in self.terrain() {
            let cell = cell as usize;
            if board.maze().cost(cell) == BLOCKED && value != BLOCKED {
                freed.push(cell);
            }
            board.set_terrain(cell, value);
        }
        for cell in freed {
            let mut joins = Vec::new();
            grid.for_each_neighbour(cell, |side, next| {
                if grid.way(side) == side && board.maze().cost(next) != BLOCKED {
                    joins.push((side, next));
                }
            });
            for (side, next) in joins {
                board.join(cell, side, next, grid.back(cell, side));
            }
        }
        for (cell, side, open) in self.walls() {
            let cell = cell as usize;
            let Some(next) = grid.neighbour(cell, side) else {
                continue;
            };
            let maze = board.maze();
            if maze.cost(cell) == BLOCKED || maze.cost(next) == BLOCKED {
                continue;
            }
            let back = grid.back(cell, side);
            let is_open = maze.cell(cell) & (1 << side) != 0;
            if open && !is_open && grid.can_carve(maze.cells(), cell, side) {
                board.join(cell, side, next, back);
            } else if !open && is_open {
                board.unjoin(cell, side, next, back);
            }
        }
        for (cell, value) in self.terrain() {
            if value == BLOCKED {
                board.close_all(cell as usize);
            }
        }
    }

    /// The edits as text (see the module's description).
    pub fn to_text(&self) -> String {
        // Runs of (count, symbol) over the cells up to the last painted one.
        let mut runs: Vec<(u32, char)> = Vec::new();
        let mut add = |count: u32, symbol: char| match runs.last_mut() {
            Some((n, s)) if *s == symbol => *n += count,
            _ if count > 0 => runs.push((count, symbol)),
            _ => {}
        };
        let mut next = 0u32;
        for (cell, value) in self.terrain() {
            add(cell - next, '.');
            add(
                1,
                if value == BLOCKED {
                    'x'
                } else {
                    (b'a' + value - 1) as char
                },
            );
            next = cell + 1;
        }
        let mut text = String::new();
        for (n, symbol) in runs {
            if n != 1 {
                text.push_str(&n.to_string());
            }
            text.push(symbol);
        }
        if self.walls.is_empty() {
            return text;
        }
        let walls: Vec<String> = self
            .walls()
            .map(|(cell, side, open)| {
                format!("{}{side}{}", base36(cell), if open { 'o' } else { 'x' })
            })
            .collect();
        format!("{text}~{}", walls.join("."))
    }

    /// Reads edits from text (see the module's description).
    pub fn parse(text: &str) -> Result<Edits, EditsError> {
        if text.len() > MAX_TEXT {
            return Err(error(format!(
                "the edits are {} characters long: at most {MAX_TEXT} are read",
                text.len()
            )));
        }
        let (terrain, walls) = text.split_once('~').unwrap_or((text, ""));
        let mut edits = Edits::new();
        let mut cell: u64 = 0;
        let mut count: Option<u64> = None;
        for (i, ch) in terrain.char_indices() {
            if let Some(d) = ch.to_digit(10) {
                let n = count.unwrap_or(0) * 10 + u64::from(d);
                if n > crate::topology::MAX_CELLS as u64 {
                    return Err(error(format!(
                        "the edits' terrain has a run longer than any maze (at character {})",
                        i + 1
                    )));
                }
                count = Some(n);
                continue;
            }
            let n = count.take().unwrap_or(1);
            let value = match ch {
                '.' => None,
                'x' => Some(BLOCKED),
                'a'..='i' => Some(ch as u8 - b'a' + 1),
                _ => {
                    return Err(error(format!(
                        "the edits' terrain has {} at character {}: runs are a count and one \
                         of . (unchanged), x (blocked), a to i (cost 1 to 9)",
                        crate::parse::quote(&ch.to_string()),
                        i + 1
                    )))
                }
            };
            if cell + n > crate::topology::MAX_CELLS as u64 {
                return Err(error("the edits' terrain runs past the largest maze"));
            }
            if let Some(value) = value {
                for c in cell..cell + n {
                    edits.paint(c as u32, value);
                }
            }
            cell += n;
        }
        if count.is_some() {
            return Err(error(
                "the edits' terrain ends with a count and no symbol after it",
            ));
        }
        for token in walls.split('.').filter(|t| !t.is_empty()) {
            let bad = || {
                error(format!(
                    "the edits' wall {} is not a cell in base 36, a side (0 to 7) and o or x",
                    crate::parse::quote(token)
                ))
            };
            let mut chars = token.chars().rev();
            let open = match chars.next() {
                Some('o') => true,
                Some('x') => false,
                _ => return Err(bad()),
            };
            let side = chars.next().and_then(|c| c.to_digit(8)).ok_or_else(bad)? as Side;
            let digits = &token[..token.len() - 2];
            let cell = (!digits.is_empty())
                .then(|| u32::from_str_radix(digits, 36).ok())
                .flatten()
                .filter(|&c| (c as usize) < crate::topology::MAX_CELLS)
                .ok_or_else(bad)?;
            edits.set_wall(cell, side, open);
        }
        Ok(edits)
    }
}

fn base36(mut n: u32) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit(n % 36, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::Maze;

    #[test]
    fn text_round_trips_and_is_compact() {
        let mut edits = Edits::new();
        for cell in 10..20 {
            edits.paint(cell, 8);
        }
        edits.paint(25, BLOCKED);
        edits.paint(26, BLOCKED);
        edits.set_wall(71, 2, true);
        edits.set_wall(3, 1, false);
        let text = edits.to_text();
        assert_eq!(text, "10.10h5.2x~31x.1z2o");
        assert_eq!(Edits::parse(&text), Ok(edits));
        assert_eq!(Edits::parse(""), Ok(Edits::new()));
        assert_eq!(Edits::new().to_text(), "");
    }

    #[test]
    fn bad_text_is_refused_with_where() {
        for bad in ["3q", "12", "~zz", "~1z9o", "~2o", "99999999999x"] {
            let e = Edits::parse(bad).unwrap_err().0;
            assert!(e.contains("edits"), "{bad}: {e}");
        }
    }

    #[test]
    fn applying_blocks_paints_and_changes_walls() {
        let mut board = Board::new(Maze::open_field(3, 3).unwrap());
        let mut edits = Edits::new();
        edits.paint(4, BLOCKED);
        edits.paint(0, 5);
        edits.set_wall(0, 1, false); // close 0 → 1
        edits.check(&*board.maze().topology()).unwrap();
        edits.apply(&mut board);
        let maze = board.maze();
        assert_eq!(maze.cell(4), 0, "a blocked cell has no passages");
        assert_eq!(maze.cell(1) & 4, 0, "nor do its neighbours toward it");
        assert_eq!(maze.cost(0), 5);
        assert_eq!(maze.cell(0) & 2, 0, "the wall edit closed 0 → 1");
        maze.check_consistent().unwrap();
    }

    #[test]
    fn a_freed_cell_joins_its_free_neighbours() {
        let mut board = Board::new(Maze::open_field(3, 1).unwrap());
        board.close_all(1);
        board.set_terrain(1, BLOCKED);
        let mut edits = Edits::new();
        edits.paint(1, 2);
        edits.apply(&mut board);
        assert_eq!(board.maze().cell(1), 2 | 8);
        assert_eq!(board.maze().cost(1), 2);
    }

    #[test]
    fn checks_cells_and_sides_against_the_grid() {
        let grid = Maze::new(2, 2).unwrap().topology().into_owned();
        let mut edits = Edits::new();
        edits.paint(4, 1);
        assert!(edits.check(&grid).unwrap_err().0.contains("cell 4"));
        let mut edits = Edits::new();
        edits.set_wall(0, 0, true);
        assert!(
            edits.check(&grid).is_err(),
            "north of the top row is no wall"
        );
    }
}
