//! Taking an A* step back: from the notes a step left, the search as it was before it.

use super::{AStar, Node};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::solvers::open_neighbours;
use crate::topology::{Topology, Walk};

impl<T: Topology + Walk> AStar<T> {
    /// Takes back the relaxations of `cell`'s expansion, newest first: the neighbours whose
    /// parent is now `cell` (no one else sets that), with their old nodes and push words in
    /// `noted`, two words each.
    fn undo_relax(&mut self, board: &Board, cell: usize, noted: &[u32]) -> Option<()> {
        let xy = self.grid.spot(cell).place;
        let grid = &self.grid;
        let reached: Vec<(usize, (u32, u32))> = open_neighbours(grid, board.maze(), cell)
            .filter(|&(side, next)| self.nodes[next].back() == u32::from(grid.back(cell, side)))
            // The place as `step` works it out.
            .map(|(side, next)| (next, grid.place_toward(xy, side, next)))
            .collect();
        if reached.len() * 2 != noted.len() {
            return None;
        }
        for (&(next, xy), pair) in reached.iter().rev().zip(noted.chunks_exact(2).rev()) {
            let (old, word) = (Node(pair[0]), pair[1]);
            self.added -= 1;
            self.open
                .undo_push(self.entry(xy, self.nodes[next].g()), word);
            self.nodes[next] = old;
            if !old.is_reached() {
                self.visited -= 1;
            }
        }
        Some(())
    }

    /// Takes `step` back (see [`Machine::undo`]); `None`, perhaps half done, if the notes do
    /// not fit it.
    pub(super) fn undo_step(&mut self, step: &Step, notes: &[u32], board: &Board) -> Option<()> {
        let notes = match step.event {
            Event::Begin { .. } => {
                let &[word] = notes else {
                    return None;
                };
                self.added -= 1;
                self.open.undo_push(self.entry(self.start_xy, 0), word);
                self.nodes[self.start] = Node::UNREACHED;
                self.visited = 0;
                self.started = false;
                return Some(());
            }
            Event::Expand { cell, added } => {
                let split = notes.len().checked_sub(2 * added as usize)?;
                let (notes, relaxed) = notes.split_at(split);
                self.undo_relax(board, cell as usize, relaxed)?;
                self.reopen(cell as usize);
                notes
            }
            Event::Found { .. } => {
                self.reopen(self.goal);
                notes
            }
            Event::Unreachable => notes,
            _ => return None,
        };
        // The cell before, then what each pop took, the live entry's last.
        let (&before, mut pops) = notes.split_first()?;
        while !pops.is_empty() {
            self.open.undo_pop(&mut pops)?;
        }
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        Some(())
    }

    /// Opens a closed cell again.
    fn reopen(&mut self, cell: usize) {
        self.nodes[cell] = Node(self.nodes[cell].0 & !Node::CLOSED);
        self.closed_count -= 1;
    }
}
