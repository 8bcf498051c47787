//! Empty room (`room`): one room with nothing in it, the simplest open world. (Not
//! [`super::rooms_and_doors`], which splits a field into rooms.)
//!
//! How it works:
//! 1. Start from the grid with every wall standing.
//! 2. Open every wall between two neighbouring cells, in one go: one room, nothing blocked.
//!
//! Not a maze: every cell is joined to every neighbour, so there are many paths between any
//! two cells. It is the world to paint obstacles and terrain into by hand (and what the
//! command line's `solve --world FILE` starts from), and the plainest stage for watching how
//! BFS, Dijkstra and A* spread when nothing is in the way.
//!
//! It works on a grid of any shape. One step opens the whole room (there is nothing to choose,
//! so nothing to watch cell by cell). No marks.

use crate::board::Board;
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::rng::Rng;
use crate::topology::{Grid, Shape, Topology};

pub static INFO: Info = Info {
    name: "room",
    title: "Empty Room",
    summary: "Opens every wall at once: one empty room, an open world to paint obstacles into.",
    step_unit: "one step that opens the whole room",
    pseudocode: &[
        "start with every wall standing",
        "open every wall between two neighbouring cells", // OPEN_ALL
    ],
    marks: &[],
    events: &["open-all"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const OPEN_ALL: Line = Line(1);

/// An empty room as a step machine: one step.
#[derive(Clone, Debug, Default)]
pub struct EmptyRoom {
    opened: bool,
}

impl Machine for EmptyRoom {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.opened {
            return None;
        }
        self.opened = true;
        // The grid held apart from the board, so that joining may change the board: shared
        // for another shape or a mask, made for the plain square grid. No list of walls: at
        // 4096 x 4096 one took 800 MB.
        let grid = board.maze().shared_grid().unwrap_or_else(|| {
            let maze = board.maze();
            Grid::new(Shape::Square, maze.width(), maze.height()).expect("a maze's size")
        });
        let mut cells = 0;
        for cell in (0..grid.len()).filter(|&cell| grid.is_on(cell)) {
            cells += 1;
            for side in 0..grid.sides(cell) {
                // Each wall once, from the cell with the lower index.
                if let Some(next) = grid.neighbour(cell, side).filter(|&next| next > cell) {
                    board.join(cell, side, next, grid.back(cell, side));
                }
            }
        }
        Some(Step::new(Event::OpenAll { cells }, OPEN_ALL))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.opened
    }

    /// The room closes again by the board's journal; the machine only forgets it opened it.
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        if !matches!(step.event, Event::OpenAll { .. }) {
            return false;
        }
        self.opened = false;
        true
    }
}

impl EmptyRoom {
    pub fn new() -> EmptyRoom {
        EmptyRoom::default()
    }
}
