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
use crate::topology::{Side, Topology, Weave};
use crate::words::{Arg, Sentence};
use std::collections::BTreeMap;
use std::fmt;

/// The most characters an edits text may have (the page's links stay far below).
pub const MAX_TEXT: usize = 1 << 24;

/// Terrain painted and walls changed, by cell.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Edits {
    /// (cell, terrain value: 0 blocked, 1 to 9 a cost), in cell order, each cell once. A
    /// sorted list rather than a map: text is read in cell order, so a run of millions of
    /// cells is pushed in one pass.
    terrain: Vec<(u32, u8)>,
    /// `cell << 3 | side` → open (true) or closed (false).
    walls: BTreeMap<u32, bool>,
}

/// Why edits could not be read or do not fit a maze, as a sentence (the page says it in its
/// language; `Display` is the English).
#[derive(Clone, Debug, PartialEq)]
pub struct EditsError(pub Sentence);

impl fmt::Display for EditsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.english())
    }
}

impl std::error::Error for EditsError {}

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
        let value = value.min(MAX_COST);
        match self.terrain.last() {
            Some(&(last, _)) if last >= cell => {
                match self.terrain.binary_search_by_key(&cell, |&(c, _)| c) {
                    Ok(at) => self.terrain[at].1 = value,
                    Err(at) => self.terrain.insert(at, (cell, value)),
                }
            }
            _ => self.terrain.push((cell, value)),
        }
    }

    /// Forgets the paint on `cell`: it gets the generated terrain back.
    pub fn unpaint(&mut self, cell: u32) {
        if let Ok(at) = self.terrain.binary_search_by_key(&cell, |&(c, _)| c) {
            self.terrain.remove(at);
        }
    }

    /// Opens (`true`) or closes the passage through `side` of `cell`.
    pub fn set_wall(&mut self, cell: u32, side: Side, open: bool) {
        self.walls.insert(cell << 3 | u32::from(side), open);
    }

    /// The painted cells with their values, in cell order.
    pub fn terrain(&self) -> impl Iterator<Item = (u32, u8)> + '_ {
        self.terrain.iter().copied()
    }

    /// The wall edits as `(cell, side, open)`, in order.
    pub fn walls(&self) -> impl Iterator<Item = (u32, Side, bool)> + '_ {
        self.walls
            .iter()
            .map(|(&w, &open)| (w >> 3, (w & 7) as Side, open))
    }

    /// Checks that every edit names a cell (and a side leading to one) of `grid`.
    pub fn check(&self, grid: &impl Weave) -> Result<(), EditsError> {
        self.check_words(grid).map_err(EditsError)
    }

    /// [`Edits::check`] with the refusal as a sentence.
    pub fn check_words(&self, grid: &impl Weave) -> Result<(), Sentence> {
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
            None => board.maze().topology().into_owned(),
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

    /// Reads edits from text (see the module's description) for a maze of `cells` cells.
    /// Every run is checked against the cells left before it is read, so text that claims
    /// more than the maze has (`16777216x` on 10 × 10) is refused at once, naming the run,
    /// rather than painted first.
    pub fn parse(text: &str, cells: usize) -> Result<Edits, EditsError> {
        if text.len() > MAX_TEXT {
            return Err(EditsError(
                Sentence::new("refusals.edits-long")
                    .n("length", text.len() as u64)
                    .n("max", MAX_TEXT as u64),
            ));
        }
        let (terrain, walls) = text.split_once('~').unwrap_or((text, ""));
        // The run that begins at byte `at`, as a message quotes it: its count and symbol.
        let run_at = |at: usize| {
            let rest = &terrain[at..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let symbol = rest[digits..].chars().next().map_or(0, char::len_utf8);
            crate::words::quote(&rest[..digits + symbol])
        };
        let mut painted: Vec<(u32, u8)> = Vec::new();
        let mut cell: u64 = 0;
        let mut count: Option<u64> = None;
        let mut run_start = 0;
        for (i, ch) in terrain.char_indices() {
            if let Some(d) = ch.to_digit(10) {
                if count.is_none() {
                    run_start = i;
                }
                let n = count.unwrap_or(0) * 10 + u64::from(d);
                if n > crate::topology::MAX_CELLS as u64 {
                    return Err(EditsError(
                        Sentence::new("refusals.edits-count")
                            .with("run", Arg::Text(run_at(run_start)))
                            .n("at", run_start as u64 + 1)
                            .n("max", crate::topology::MAX_CELLS as u64),
                    ));
                }
                count = Some(n);
                continue;
            }
            if count.is_none() {
                run_start = i;
            }
            let n = count.take().unwrap_or(1);
            let value = match ch {
                '.' => None,
                'x' => Some(BLOCKED),
                'a'..='i' => Some(ch as u8 - b'a' + 1),
                _ => {
                    return Err(EditsError(
                        Sentence::new("refusals.edits-symbol")
                            .with("value", Arg::Text(crate::words::quote(&ch.to_string())))
                            .n("at", i as u64 + 1),
                    ))
                }
            };
            let left = (cells as u64).saturating_sub(cell);
            if n > left {
                return Err(EditsError(
                    Sentence::new("refusals.edits-run")
                        .with("run", Arg::Text(run_at(run_start)))
                        .n("at", run_start as u64 + 1)
                        .n("count", n)
                        .n("cell", cell)
                        .n("len", cells as u64)
                        .n("left", left),
                ));
            }
            if let Some(value) = value {
                painted.extend((cell..cell + n).map(|c| (c as u32, value)));
            }
            cell += n;
        }
        if count.is_some() {
            return Err(EditsError(Sentence::new("refusals.edits-end")));
        }
        // In cell order already: built in one pass, not an insertion at a time.
        let mut edits = Edits {
            terrain: painted,
            walls: BTreeMap::new(),
        };
        for token in walls.split('.').filter(|t| !t.is_empty()) {
            let bad = || {
                EditsError(
                    Sentence::new("refusals.edits-wall-text")
                        .with("value", Arg::Text(crate::words::quote(token))),
                )
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
        assert_eq!(Edits::parse(&text, 100), Ok(edits));
        assert_eq!(Edits::parse("", 1), Ok(Edits::new()));
        assert_eq!(Edits::new().to_text(), "");
    }

    #[test]
    fn bad_text_is_refused_with_where() {
        for bad in ["3q", "12", "~zz", "~1z9o", "~2o", "99999999999x"] {
            let e = Edits::parse(bad, 100).unwrap_err().to_string();
            assert!(e.contains("edits"), "{bad}: {e}");
        }
        let e = Edits::parse("99999999999x", 100).unwrap_err().to_string();
        assert!(e.contains("run '99999999999x' at character 1"), "{e}");
        assert!(e.contains("at most 16777216 cells"), "{e}");
    }

    /// A run is checked against the cells left before a cell of it is painted: a claim far
    /// beyond the maze is refused at once, naming the run and how many cells are left.
    #[test]
    fn runs_longer_than_the_cells_left_are_refused_by_name() {
        let e = Edits::parse("16777216x", 100).unwrap_err();
        assert_eq!(e.0.key, "refusals.edits-run");
        assert_eq!(
            e.to_string(),
            "the edits' terrain run '16777216x' at character 1 covers 16777216 cells from \
             cell 0, but the maze has 100 cells: 100 are left from there"
        );
        let e = Edits::parse("95.3b7x", 100).unwrap_err().to_string();
        assert!(e.contains("run '7x' at character 6"), "{e}");
        assert!(e.contains("covers 7 cells from cell 98"), "{e}");
        assert!(e.contains("2 are left"), "{e}");
        // Exactly the cells there are is fine, and so is an unchanged run to the end.
        let edits = Edits::parse("98.2x", 100).unwrap();
        assert_eq!(edits.terrain().count(), 2);
        assert!(Edits::parse("100.", 100).is_ok());
        assert!(Edits::parse("101.", 100).is_err());
        assert!(Edits::parse("100.x", 100).is_err());
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
        assert!(edits
            .check(&grid)
            .unwrap_err()
            .to_string()
            .contains("cell 4"));
        let mut edits = Edits::new();
        edits.set_wall(0, 0, true);
        assert!(
            edits.check(&grid).is_err(),
            "north of the top row is no wall"
        );
    }
}
