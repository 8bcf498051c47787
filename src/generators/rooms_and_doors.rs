//! Rooms and doors (`rooms`): an open field split into rectangular rooms by walls of blocked
//! cells, each wall with one door. (Not [`super::empty_room`], the one empty room.)
//!
//! How it works (recursive division, with walls one cell thick):
//! 1. Start from an open field: the whole grid is one *chamber*, every wall between two cells
//!    open.
//! 2. Take a chamber that can be split: a wall across it must leave a room at least
//!    [`MIN_ROOM`] cells deep on each side.
//! 3. Block a line of cells straight across it (across its longer side; a coin if it is square
//!    and both ways fit), at a random even column or row, leaving one cell at a random odd place
//!    free: the door.
//! 4. The two sides are new chambers; go back to 2 until none can be split.
//!
//! Walls only on even columns and rows, doors only on odd ones: so a later wall never ends in
//! front of an earlier door, and every room stays reachable from every other (through doors).
//! Not a maze: inside a room every cell is joined to every neighbour.
//!
//! It needs rows and columns: the plain square grid only. One step is one wall. Marks: `SPECIAL`
//! for the doors.

use crate::board::{mark, Board};
use crate::machine::{Event, Info, Line, Machine, Step, Structure, Words};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;

pub static INFO: Info = Info {
    name: "rooms",
    title: "Rooms and Doors",
    summary: "Splits an open field by walls of blocked cells, each with a door: rooms to search.",
    step_unit: "one wall of blocked cells",
    pseudocode: &[
        "start with every wall between two cells open: one chamber, the whole grid",
        "while some chamber can be split, leaving rooms 2 cells deep:",
        "    take it; split it across its longer side (a coin if both fit equally)",
        "    block a line of cells across it at an even place, one cell at an odd place free: a door", // WALL
        "    the two sides become chambers",
    ],
    marks: &[(mark::SPECIAL, "a door")],
    events: &["block-line"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const WALL: Line = Line(3);

/// The fewest cells a room keeps across, on either side of a wall.
pub const MIN_ROOM: u32 = 2;

/// A rectangle of free cells with no wall inside yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chamber {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Chamber {
    /// The even places a wall may stand in `start..start + len` and still leave [`MIN_ROOM`]
    /// cells either side: the first and how many, every second one.
    fn wall_places(start: u32, len: u32) -> (u32, u32) {
        if len < 2 * MIN_ROOM + 1 {
            return (0, 0);
        }
        let (low, high) = (start + MIN_ROOM, start + len - 1 - MIN_ROOM);
        let first = low + low % 2;
        if first > high {
            return (0, 0);
        }
        (first, (high - first) / 2 + 1)
    }

    /// The odd places a door may be in `start..start + len`: the first and how many.
    fn door_places(start: u32, len: u32) -> (u32, u32) {
        let first = start + (1 - start % 2);
        if first >= start + len {
            return (0, 0);
        }
        (first, (start + len - 1 - first) / 2 + 1)
    }

    /// Whether a wall of columns (`vertical`) or rows fits.
    fn fits(&self, vertical: bool) -> bool {
        let (walls, doors) = if vertical {
            (
                Chamber::wall_places(self.x, self.width),
                Chamber::door_places(self.y, self.height),
            )
        } else {
            (
                Chamber::wall_places(self.y, self.height),
                Chamber::door_places(self.x, self.width),
            )
        };
        walls.1 > 0 && doors.1 > 0
    }

    fn can_split(&self) -> bool {
        self.fits(true) || self.fits(false)
    }
}

/// Rooms and doors as a step machine, on the plain square grid.
#[derive(Clone, Debug)]
pub struct RoomsAndDoors {
    maze_width: u32,
    /// Chambers still to split; each one on it can be split.
    stack: Vec<Chamber>,
    walls: u64,
}

impl Machine for RoomsAndDoors {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let chamber = self.stack.pop()?;
        let Chamber {
            x,
            y,
            width,
            height,
        } = chamber;
        let vertical = match (chamber.fits(true), chamber.fits(false)) {
            (true, false) => true,
            (false, true) => false,
            _ => match width.cmp(&height) {
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => rng.coin(),
            },
        };
        // A vertical wall stands on column `at` and runs down `height` rows; a horizontal one
        // on row `at`, along `width` columns.
        let ((wall_first, walls), (door_first, doors)) = if vertical {
            (
                Chamber::wall_places(x, width),
                Chamber::door_places(y, height),
            )
        } else {
            (
                Chamber::wall_places(y, height),
                Chamber::door_places(x, width),
            )
        };
        let at = wall_first + 2 * rng.below(walls);
        let door_at = door_first + 2 * rng.below(doors);
        let (start, length, step_dir, door) = if vertical {
            (
                self.cell(at, y),
                height,
                Direction::South,
                self.cell(at, door_at),
            )
        } else {
            (
                self.cell(x, at),
                width,
                Direction::East,
                self.cell(door_at, at),
            )
        };
        let stride = if vertical {
            self.maze_width as usize
        } else {
            1
        };
        for i in 0..length as usize {
            let cell = start + i * stride;
            if cell != door {
                board.block(cell);
            }
        }
        board.add_mark(door, mark::SPECIAL);
        let (first, second) = if vertical {
            (
                Chamber {
                    width: at - x,
                    ..chamber
                },
                Chamber {
                    x: at + 1,
                    width: x + width - at - 1,
                    ..chamber
                },
            )
        } else {
            (
                Chamber {
                    height: at - y,
                    ..chamber
                },
                Chamber {
                    y: at + 1,
                    height: y + height - at - 1,
                    ..chamber
                },
            )
        };
        // The first side is split next; only chambers that can be split wait.
        let mut pushed = 0;
        for half in [second, first] {
            if half.can_split() {
                self.stack.push(half);
                pushed += 1;
            }
        }
        // For `undo`: the chamber split and how many of its sides wait.
        board.note_words(&[x, y, width, height, pushed]);
        self.walls += 1;
        Some(Step::new(
            Event::BlockLine {
                cell: start as u32,
                side: step_dir.side(),
                length,
                door: door as u32,
            },
            WALL,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.stack.is_empty()
    }

    fn starts_open(&self) -> bool {
        true
    }

    /// Takes the split chamber's waiting sides off the stack and puts it back (noted: the
    /// chamber and how many sides were pushed).
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let (Event::BlockLine { .. }, &[x, y, width, height, pushed]) = (step.event, notes) else {
            return false;
        };
        if self.stack.len() < pushed as usize {
            return false;
        }
        self.stack.truncate(self.stack.len() - pushed as usize);
        self.stack.push(Chamber {
            x,
            y,
            width,
            height,
        });
        self.walls -= 1;
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("chambers waiting", self.stack.len() as u64),
            ("walls", self.walls),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut stack = Structure::new("Chambers waiting (top first)", self.stack.len() as u64);
        for chamber in self.stack.iter().rev().take(limit) {
            stack.items.push(
                Words::new(maze)
                    .cell(maze.index(chamber.x, chamber.y))
                    .t(" ")
                    .n(u64::from(chamber.width))
                    .t("×")
                    .n(u64::from(chamber.height))
                    .done(),
            );
        }
        vec![stack]
    }
}

impl RoomsAndDoors {
    pub fn new(maze: &Maze) -> RoomsAndDoors {
        let whole = Chamber {
            x: 0,
            y: 0,
            width: maze.width(),
            height: maze.height(),
        };
        RoomsAndDoors {
            maze_width: maze.width(),
            stack: if whole.can_split() {
                vec![whole]
            } else {
                Vec::new()
            },
            walls: 0,
        }
    }

    /// The chambers waiting to be split, the next one last.
    pub fn chambers(&self) -> &[Chamber] {
        &self.stack
    }

    fn cell(&self, x: u32, y: u32) -> usize {
        y as usize * self.maze_width as usize + x as usize
    }
}
