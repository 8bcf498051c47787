//! Worlds as text, for the command line: rows of equal length, one character a cell —
//! `#` blocked, `.` a free cell of cost 1, `1` to `9` a free cell of that cost, `S` the start
//! and `G` the goal (both cost 1). Every two free cells side by side are joined: a world file
//! has obstacles, not walls between cells.

use super::{Edits, BLOCKED, PLAIN};
use crate::maze::{Maze, MazeError, E, MAX_SIDE, N, S, W};
use std::fmt;

/// A world read from text: its size, the terrain of every cell, and the cells marked `S` and
/// `G`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldText {
    pub width: u32,
    pub height: u32,
    /// The terrain of each cell, row by row: [`BLOCKED`] or a cost from 1 to 9.
    pub terrain: Vec<u8>,
    pub start: Option<(u32, u32)>,
    pub goal: Option<(u32, u32)>,
}

impl WorldText {
    /// The terrain as edits of an empty room: every cell that is not `.`, `S` or `G` (cost
    /// 1), painted. What a run replays (the command line's `--world`).
    pub fn edits(&self) -> Edits {
        let mut edits = Edits::new();
        for (cell, &value) in self.terrain.iter().enumerate() {
            if value != PLAIN {
                edits.paint(cell as u32, value);
            }
        }
        edits
    }

    /// The world as a maze, built directly: an open field with the terrain, and every side of
    /// a blocked cell closed — the maze [`WorldText::edits`] applied to an empty room gives,
    /// in one pass over the cells instead of a change at a time.
    pub fn maze(&self) -> Result<Maze, MazeError> {
        let mut maze = Maze::open_field(self.width, self.height)?;
        let (width, height) = (self.width as usize, self.height as usize);
        let blocked = |cell: usize| self.terrain[cell] == BLOCKED;
        let cells = maze.cells_mut();
        for y in 0..height {
            for x in 0..width {
                let cell = y * width + x;
                if blocked(cell) {
                    cells[cell] = 0;
                    continue;
                }
                let mut bits = cells[cell];
                if y > 0 && blocked(cell - width) {
                    bits &= !N;
                }
                if x + 1 < width && blocked(cell + 1) {
                    bits &= !E;
                }
                if y + 1 < height && blocked(cell + width) {
                    bits &= !S;
                }
                if x > 0 && blocked(cell - 1) {
                    bits &= !W;
                }
                cells[cell] = bits;
            }
        }
        maze.set_terrain_layer(self.terrain.clone());
        Ok(maze)
    }
}

/// Why a world file could not be read: one line, naming the row and column (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldTextError(pub String);

impl fmt::Display for WorldTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WorldTextError {}

/// Reads a world file's text. A byte order mark at the start, blank lines before and after
/// the rows and `\r\n` line ends are all fine; messages name rows from the first one, with
/// the file's line when blank lines came before it.
pub fn parse(text: &str) -> Result<WorldText, WorldTextError> {
    let fail = |why: String| Err(WorldTextError(why));
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rows: Vec<&str> = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    // Blank lines before and after the rows (a final newline, an editor's habit) are no rows.
    let skipped = rows.iter().take_while(|r| r.is_empty()).count();
    let rows = &rows[skipped
        ..rows
            .iter()
            .rposition(|r| !r.is_empty())
            .map_or(skipped, |i| i + 1)];
    if rows.is_empty() {
        return fail("the world file has no rows: give rows of # . 1-9 S G".into());
    }
    // "row 2", or "row 2 (line 5)" when blank lines came first.
    let row_name = |y: usize| {
        if skipped == 0 {
            format!("row {}", y + 1)
        } else {
            format!("row {} (line {})", y + 1, y + 1 + skipped)
        }
    };
    let width = rows[0].chars().count();
    if rows.len() > MAX_SIDE as usize || width > MAX_SIDE as usize {
        return fail(format!(
            "the world is {width}x{} cells: at most {MAX_SIDE} a side",
            rows.len()
        ));
    }
    let mut world = WorldText {
        width: width as u32,
        height: rows.len() as u32,
        terrain: vec![PLAIN; width * rows.len()],
        start: None,
        goal: None,
    };
    for (y, row) in rows.iter().enumerate() {
        let len = row.chars().count();
        if len != width {
            return fail(format!(
                "{}: {len} characters where the first row has {width}; every row must be as \
                 long",
                row_name(y)
            ));
        }
        for (x, ch) in row.chars().enumerate() {
            let at = |what: &str| format!("{}, column {}: {what}", row_name(y), x + 1);
            let cell = y * width + x;
            let here = Some((x as u32, y as u32));
            match ch {
                '#' => world.terrain[cell] = BLOCKED,
                '.' => {}
                '1'..='9' => world.terrain[cell] = ch as u8 - b'0',
                'S' if world.start.is_some() => return fail(at("a second S; give one start")),
                'G' if world.goal.is_some() => return fail(at("a second G; give one goal")),
                'S' => world.start = here,
                'G' => world.goal = here,
                _ => {
                    return fail(at(&format!(
                        "{} is not a cell: use # (blocked), . (free), 1-9 (a cost), S or G",
                        crate::words::quote(&ch.to_string())
                    )))
                }
            }
        }
    }
    Ok(world)
}

/// A maze's world as text: square mazes only, and only its terrain (an open world's walls are
/// its obstacles' sides). `start` and `goal` are marked when given.
pub fn to_text(maze: &Maze, start: Option<usize>, goal: Option<usize>) -> String {
    let width = maze.width() as usize;
    let mut text = String::with_capacity((width + 1) * maze.height() as usize);
    for cell in 0..maze.len() {
        let ch = if Some(cell) == start {
            'S'
        } else if Some(cell) == goal {
            'G'
        } else {
            match maze.cost(cell) {
                BLOCKED => '#',
                PLAIN => '.',
                cost => (b'0' + cost) as char,
            }
        };
        text.push(ch);
        if cell % width == width - 1 {
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A byte order mark and blank lines before the rows are no part of the world; a row's
    /// message names the file's line too when they came first.
    #[test]
    fn a_byte_order_mark_and_leading_blank_lines_are_skipped() {
        let plain = parse("S.#\n19G\n").unwrap();
        assert_eq!(parse("\u{feff}S.#\n19G\n"), Ok(plain.clone()));
        assert_eq!(parse("\n\r\n\nS.#\r\n19G\r\n\n"), Ok(plain));
        let e = parse("\n\nS.#\n1q9\n").unwrap_err().0;
        assert_eq!(
            e,
            "row 2 (line 4), column 2: 'q' is not a cell: use # (blocked), . (free), 1-9 (a \
             cost), S or G"
        );
        let e = parse("\nS.#\n1\n").unwrap_err().0;
        assert!(e.starts_with("row 2 (line 3): 1 characters"), "{e}");
        assert!(parse("\n\n\n").is_err());
    }

    #[test]
    fn reads_costs_obstacles_start_and_goal() {
        let world = parse("S.#\n19G\n\n").unwrap();
        assert_eq!((world.width, world.height), (3, 2));
        assert_eq!(world.start, Some((0, 0)));
        assert_eq!(world.goal, Some((2, 1)));
        let painted: Vec<(u32, u8)> = world.edits().terrain().collect();
        assert_eq!(painted, vec![(2, BLOCKED), (4, 9)]);
    }

    /// The maze built directly is the one the edits give an empty room, cell for cell.
    #[test]
    fn the_maze_built_directly_is_the_one_the_edits_make() {
        let mut rng = crate::rng::Rng::new(3);
        for (width, height) in [(1, 1), (1, 5), (6, 1), (7, 5), (20, 13)] {
            for density in [0.0, 0.3, 0.7, 1.0] {
                let mut text = String::new();
                for _ in 0..height {
                    for _ in 0..width {
                        let ch = if rng.chance(density) {
                            '#'
                        } else {
                            (b'1' + rng.index(9) as u8) as char
                        };
                        text.push(ch);
                    }
                    text.push('\n');
                }
                let world = parse(&text).unwrap();
                let mut board = crate::board::Board::new(Maze::open_field(width, height).unwrap());
                world.edits().apply(&mut board);
                let expected = board.into_maze();
                let built = world.maze().unwrap();
                assert_eq!(
                    built.cells(),
                    expected.cells(),
                    "{width}x{height} {density}"
                );
                for cell in 0..built.len() {
                    assert_eq!(built.cost(cell), expected.cost(cell), "{width}x{height}");
                }
            }
        }
    }

    #[test]
    fn malformed_files_name_the_row_and_column() {
        let e = parse("S..\n.x.\n..G").unwrap_err().0;
        assert!(e.starts_with("row 2, column 2:"), "{e}");
        let e = parse("S..\n..\n..G").unwrap_err().0;
        assert!(e.starts_with("row 2:"), "{e}");
        let e = parse("S.S").unwrap_err().0;
        assert!(e.contains("column 3") && e.contains("second S"), "{e}");
        assert!(parse("\n\n").is_err());
    }
}
