//! What the page shows of A*: what a step says, the open set as a list, and the queries
//! behind them (and the tests): scores, parents, the open set.

use super::{AStar, Node};
use crate::machine::{event_sentence, Event, Step, Structure, Words};
use crate::maze::Maze;
use crate::topology::{Side, Topology, Walk};
use crate::words::Sentence;

/// A cell of the open set with its scores, for a panel that lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenCell {
    pub cell: usize,
    /// Steps from the start along the best way known.
    pub g: u32,
    /// The guess of the distance to the goal (on the square grid the Manhattan distance).
    pub h: u32,
    /// The priority, `g + weight · h`.
    pub f: u32,
}

impl<T: Topology + Walk> AStar<T> {
    /// Gives the expanded cell's scores: g steps from the start, h to the goal, f = g + h.
    pub(super) fn sentence_for(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Expand { cell, added } => {
                let cell = cell as usize;
                let (g, h) = (self.nodes[cell].g(), self.h(cell));
                let f = g + self.weight * h;
                Sentence::new("narration.a-star.expand")
                    .cell("cell", maze, cell)
                    .n("f", f)
                    .n("g", g)
                    .n("h", h)
                    .n("added", added)
            }
            _ => event_sentence(&step.event, maze),
        }
    }

    /// The open set's best entries, found without sorting it.
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let best = self.open.best(limit, &|entry| self.is_live(entry));
        let title = "Open set (lowest f first)";
        let mut open = Structure::new(title, self.open_len());
        for entry in best {
            let cell = self.index(entry.xy);
            open.items.push(
                Words::new(maze)
                    .cell(cell)
                    .t(" f=")
                    .n(u64::from(entry.f))
                    .t(" g=")
                    .n(u64::from(self.nodes[cell].g()))
                    .t(" h=")
                    .n(u64::from(entry.h))
                    .done(),
            );
        }
        vec![open]
    }

    /// The heuristic weight (1 = optimal).
    pub fn weight(&self) -> u32 {
        self.weight
    }

    /// The guess of the distance from a cell to the goal: on the square grid the Manhattan
    /// distance, elsewhere [`Topology::estimate`].
    pub fn h(&self, cell: usize) -> u32 {
        self.grid
            .place_estimate(self.grid.spot(cell).place, self.goal_xy)
    }

    /// The length of the best way to a cell found so far, if it has been reached.
    pub fn g(&self, cell: usize) -> Option<u32> {
        let node = self.nodes[cell];
        node.is_reached().then_some(node.g())
    }

    /// The parent of a cell on the best way found so far, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        match self.nodes[cell].back() {
            Node::NO_PARENT => None,
            Node::START => Some(cell),
            back => Some(self.grid.through(cell, back as Side)),
        }
    }

    /// Whether a cell has been closed (expanded).
    pub fn is_closed(&self, cell: usize) -> bool {
        self.nodes[cell].is_closed()
    }

    /// Number of cells in the open set (stale heap entries not counted).
    pub fn open_len(&self) -> u64 {
        self.visited - self.closed_count
    }

    /// The open set, best first (the order A* will take them in), stale entries left out.
    pub fn open_set(&self) -> Vec<OpenCell> {
        self.open
            .best(usize::MAX, &|entry| self.is_live(entry))
            .into_iter()
            .map(|entry| {
                let cell = self.index(entry.xy);
                OpenCell {
                    cell,
                    g: self.nodes[cell].g(),
                    h: entry.h,
                    f: entry.f,
                }
            })
            .collect()
    }
}
