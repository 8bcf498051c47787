//! The cells a front end must redraw after a call, each listed once, or "everything".
//!
//! A run fills it from the board's journal after stepping, from the journal's changes taken
//! back after Back, or by comparing two boards after a seek that restored a saved state.

use crate::board::{Board, Change};

/// The dirty list: the cells to redraw, each once, unless everything is to be redrawn.
#[derive(Clone, Debug)]
pub(crate) struct DirtyList {
    cells: Vec<u32>,
    /// Whether each cell is in `cells` (so a cell is listed once).
    seen: Vec<bool>,
    everything: bool,
}

impl DirtyList {
    /// An empty list for a maze of `cells` cells.
    pub fn new(cells: usize) -> DirtyList {
        DirtyList {
            cells: Vec::new(),
            seen: vec![false; cells],
            everything: false,
        }
    }

    /// Cells in the maze (not in the list).
    pub fn maze_cells(&self) -> usize {
        self.seen.len()
    }

    /// The cells to redraw; empty when everything is to be redrawn.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Whether everything is to be redrawn.
    pub fn is_everything(&self) -> bool {
        self.everything
    }

    /// Nothing to redraw.
    pub fn clear(&mut self) {
        for &cell in &self.cells {
            self.seen[cell as usize] = false;
        }
        self.cells.clear();
        self.everything = false;
    }

    /// Everything to redraw.
    pub fn set_everything(&mut self) {
        self.clear();
        self.everything = true;
    }

    /// Adds one cell, if it is not listed yet.
    pub fn add(&mut self, cell: u32) {
        if !std::mem::replace(&mut self.seen[cell as usize], true) {
            self.cells.push(cell);
        }
    }

    /// Makes the list the cells of `changes`.
    pub fn set_changes(&mut self, changes: &[Change]) {
        self.clear();
        // Every change's cell is written, but the count only moves past cells not seen
        // before: whether a cell was seen is as good as random, and a branch on it was
        // mispredicted over and over (a fifth of a Binary Tree step on the page).
        self.cells.resize(changes.len(), 0);
        let mut count = 0;
        for change in changes {
            let seen = &mut self.seen[change.cell as usize];
            self.cells[count] = change.cell;
            count += usize::from(!*seen);
            *seen = true;
        }
        self.cells.truncate(count);
    }

    /// Makes the list the cells whose passages, marks or set label differ between two boards.
    pub fn set_differences(&mut self, old: &Board, new: &Board) {
        self.clear();
        let (maze, marks, groups) = (new.maze().cells(), new.marks(), new.groups());
        let (old_maze, old_marks, old_groups) = (old.maze().cells(), old.marks(), old.groups());
        for cell in 0..maze.len() {
            if maze[cell] != old_maze[cell]
                || marks[cell] != old_marks[cell]
                || groups[cell] != old_groups[cell]
            {
                self.cells.push(cell as u32);
                self.seen[cell] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layer;
    use crate::maze::Maze;

    fn change(cell: u32) -> Change {
        Change {
            cell,
            layer: Layer::Mark,
            old: 0,
            new: 1,
        }
    }

    #[test]
    fn each_cell_is_listed_once_and_clearing_forgets_them() {
        let mut dirty = DirtyList::new(6);
        dirty.set_changes(&[change(3), change(1), change(3), change(5), change(1)]);
        assert_eq!(dirty.cells(), [3, 1, 5]);
        dirty.add(1);
        dirty.add(0);
        assert_eq!(dirty.cells(), [3, 1, 5, 0]);
        dirty.set_changes(&[change(1)]);
        assert_eq!(dirty.cells(), [1]);
        dirty.set_everything();
        assert!(dirty.is_everything() && dirty.cells().is_empty());
        dirty.clear();
        assert!(!dirty.is_everything());
        dirty.add(3);
        assert_eq!(dirty.cells(), [3]);
    }

    #[test]
    fn differences_between_boards_are_the_changed_cells() {
        let old = Board::new(Maze::new(3, 2).unwrap());
        let mut new = old.clone();
        new.carve(1, crate::maze::Direction::East);
        new.set_group(4, 7);
        let mut dirty = DirtyList::new(6);
        dirty.add(0);
        dirty.set_differences(&old, &new);
        assert_eq!(dirty.cells(), [1, 2, 4]);
    }
}
