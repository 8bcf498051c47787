//! The board: the maze plus what the page draws on top of it, with a journal of every change.
//!
//! Step machines never write to the maze or the display layers directly; they call the board,
//! which records each changed byte with its old and new value when journaling is on. That record
//! is what lets the page redraw only dirty cells and step backwards. Running to the end turns
//! the journal off and takes exactly the same code path, so the results cannot differ.
//!
//! Display layers, one entry per cell:
//! - `marks`: bit flags from [`mark`] (visited, frontier, run/stack, path, …);
//! - `groups`: a set label per cell (Kruskal's and Eller's sets); 0 means "no set".

use crate::maze::{Direction, Maze};
use crate::notes::NoteSink;
use crate::topology::{Side, Topology};

/// Mark bits of the display layer. Each algorithm documents which it uses; the page gives each
/// bit its own colour.
pub mod mark {
    /// Visited / part of the maze already / closed set.
    pub const VISITED: u8 = 1;
    /// Waiting to be processed: BFS queue, A* open set, Prim's frontier.
    pub const FRONTIER: u8 = 2;
    /// The algorithm's working set: SideWinder's run, the backtracker's stack, a random walk.
    pub const ACTIVE: u8 = 4;
    /// On the result path or the route walked.
    pub const PATH: u8 = 8;
    /// Where the player has walked so far.
    pub const WALKED: u8 = 16;
    /// A second highlight some algorithms need (a scan row, a chamber, a filled dead end).
    pub const SPECIAL: u8 = 32;

    /// Every mark bit with its name, for front ends that colour them (the page asks for
    /// these rather than keeping its own copy of the numbers).
    pub const NAMED: [(u8, &str); 6] = [
        (VISITED, "visited"),
        (FRONTIER, "frontier"),
        (ACTIVE, "active"),
        (PATH, "path"),
        (WALKED, "walked"),
        (SPECIAL, "special"),
    ];
}

/// Which per-cell byte or word a change touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Layer {
    /// The maze's passage bits.
    Maze = 0,
    /// The display marks.
    Mark = 1,
    /// The set label.
    Group = 2,
    /// The maze's terrain (see [`crate::world`]).
    Terrain = 3,
}

/// One recorded change: enough to redo or undo it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub cell: u32,
    pub layer: Layer,
    pub old: u32,
    pub new: u32,
}

/// The maze and its display layers, with an optional journal of changes.
impl Change {
    /// A change of a cell's passage bits.
    fn maze(cell: usize, old: u8, new: u8) -> Change {
        Change {
            cell: cell as u32,
            layer: Layer::Maze,
            old: u32::from(old),
            new: u32::from(new),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Board {
    maze: Maze,
    marks: Vec<u8>,
    groups: Vec<u32>,
    /// Whether a set label has ever been written: while not, `groups` is all zeros and the
    /// page need not read it.
    labelled: bool,
    /// Whether the display layers are kept; off when nobody will look at them.
    display: bool,
    journaling: bool,
    journal: Vec<Change>,
    /// Most changes the journal holds; one more turns journaling off and sets `overflowed`,
    /// so a long batch costs bounded memory and its owner redraws everything instead.
    journal_limit: usize,
    overflowed: bool,
    /// Words machines noted while journaling: what their steps destroyed in their own
    /// bookkeeping, so the steps can be taken back (see [`crate::machine::Machine::undo`]).
    notes: Vec<u32>,
    /// Display layers a journaled [`Board::clear_display`] put aside whole (a change a cell
    /// would be 16 bytes a cell), oldest first.
    cleared: Vec<Cleared>,
    /// Whether the whole display changed at once since the owner last asked.
    display_cleared: bool,
    /// How many times the journal has been emptied: a record of positions in it (a run's
    /// history) is only good while this stays the same.
    journal_epoch: u64,
}

/// The display layers as they were before a journaled clear, and where in the journal it
/// happened.
#[derive(Clone, Debug)]
struct Cleared {
    at: usize,
    marks: Vec<u8>,
    groups: Vec<u32>,
}

impl Board {
    /// A board over a maze, with clear display layers and journaling off.
    pub fn new(maze: Maze) -> Board {
        let len = maze.len();
        Board {
            maze,
            marks: vec![0; len],
            groups: vec![0; len],
            labelled: false,
            display: true,
            journaling: false,
            journal: Vec::new(),
            journal_limit: usize::MAX,
            overflowed: false,
            notes: Vec::new(),
            cleared: Vec::new(),
            display_cleared: false,
            journal_epoch: 0,
        }
    }

    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// Gives the maze back, dropping the display layers.
    pub fn into_maze(self) -> Maze {
        self.maze
    }

    pub fn marks(&self) -> &[u8] {
        &self.marks
    }

    pub fn groups(&self) -> &[u32] {
        &self.groups
    }

    /// Whether any set label may be set: `false` guarantees `groups()` is all zeros (it may
    /// stay `true` after the labels are cleared again).
    pub fn has_labels(&self) -> bool {
        self.labelled
    }

    #[inline]
    pub fn mark(&self, cell: usize) -> u8 {
        self.marks[cell]
    }

    #[inline]
    pub fn group(&self, cell: usize) -> u32 {
        self.groups[cell]
    }

    /// Keeps (the default) or skips the display layers. With display off, marks and set
    /// labels are left as they are (all 0 on a new board) and machines may skip work done only
    /// for them: for [`crate::generators::generate`] and [`crate::solvers::solve`], whose
    /// callers see only the maze or the path. The maze itself is changed exactly as always.
    pub fn set_display(&mut self, on: bool) {
        self.display = on;
    }

    /// Whether the display layers are kept (see [`Board::set_display`]).
    #[inline]
    pub fn is_displaying(&self) -> bool {
        self.display
    }

    /// The maze's passage bytes to change directly, when nothing is displayed or journaled
    /// (so nobody needs to hear of the changes): for a machine's run to the end.
    pub fn unwatched_cells(&mut self) -> Option<&mut [u8]> {
        if self.display || self.journaling {
            return None;
        }
        Some(self.maze.cells_mut())
    }

    /// Turns recording of changes on or off. Turning it off also empties the journal and the
    /// notes; either way the overflow flag is cleared.
    pub fn set_journaling(&mut self, on: bool) {
        self.journaling = on;
        self.overflowed = false;
        if !on {
            self.journal.clear();
            self.notes.clear();
            self.cleared.clear();
            self.journal_epoch += 1;
        }
    }

    /// Caps the journal at `changes` entries. A change past the cap empties the journal, turns
    /// journaling off and sets [`Board::overflowed`]: the record of that stretch is lost, so
    /// whoever reads it must redraw everything, but memory stays bounded at any size.
    pub fn set_journal_limit(&mut self, changes: usize) {
        self.journal_limit = changes;
    }

    /// Whether the journal ran past its limit since journaling was last turned on.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Called when a change would take the journal past its limit.
    #[cold]
    #[inline(never)]
    fn overflow(&mut self) {
        self.journaling = false;
        self.overflowed = true;
        self.journal.clear();
        self.notes.clear();
        self.cleared.clear();
        self.journal_epoch += 1;
    }

    pub fn is_journaling(&self) -> bool {
        self.journaling
    }

    /// Changes recorded since the journal was last cleared, oldest first.
    pub fn journal(&self) -> &[Change] {
        &self.journal
    }

    /// Forgets recorded changes and notes (journaling stays as it is).
    pub fn clear_journal(&mut self) {
        self.journal.clear();
        self.notes.clear();
        self.cleared.clear();
        self.journal_epoch += 1;
    }

    /// Changes whenever the journal is emptied (see `journal_epoch`).
    pub fn journal_epoch(&self) -> u64 {
        self.journal_epoch
    }

    /// A copy of the maze and display layers with journaling off and nothing recorded: what a
    /// saved state keeps.
    pub fn snapshot(&self) -> Board {
        Board {
            maze: self.maze.clone(),
            marks: self.marks.clone(),
            groups: self.groups.clone(),
            labelled: self.labelled,
            display: self.display,
            journaling: false,
            journal: Vec::new(),
            journal_limit: self.journal_limit,
            overflowed: false,
            notes: Vec::new(),
            cleared: Vec::new(),
            display_cleared: false,
            journal_epoch: 0,
        }
    }

    /// Whether the whole display changed at once (a journaled [`Board::clear_display`], or
    /// one taken back) since the last call; resets the flag.
    pub fn take_display_cleared(&mut self) -> bool {
        std::mem::take(&mut self.display_cleared)
    }

    /// Number of changes recorded so far; a step's changes are `journal()[before..after]`.
    pub fn journal_len(&self) -> usize {
        self.journal.len()
    }

    /// Keeps `word` for taking back the step under way, if journaling: a machine notes what
    /// its step overwrites in its own bookkeeping (an old value, a position in a heap), which
    /// the board's changes cannot tell. Costs one predictable branch when not journaling.
    #[inline(always)]
    pub fn note(&mut self, word: u32) {
        if self.journaling {
            self.notes.push(word);
        }
    }

    /// [`Board::note`] for a few words at once.
    #[inline(always)]
    pub fn note_words(&mut self, words: &[u32]) {
        if self.journaling {
            self.notes.extend_from_slice(words);
        }
    }

    /// Notes kept since the journal was last cleared, oldest first; a step's notes are
    /// `notes()[before..after]`, as with [`Board::journal`].
    pub fn notes(&self) -> &[u32] {
        &self.notes
    }

    /// Takes back every change recorded after the first `changes`, newest first, calling
    /// `changed` with each cell, and forgets them and every note after the first `notes`.
    pub fn take_back(&mut self, changes: usize, notes: usize, mut changed: impl FnMut(u32)) {
        let changes = changes.min(self.journal.len());
        let mut end = self.journal.len();
        loop {
            // Changes after a clear of the display are taken back before the clear is.
            let clear_at = self
                .cleared
                .last()
                .map(|c| c.at)
                .filter(|&at| at >= changes);
            let from = clear_at.map_or(changes, |at| at.min(end));
            for i in (from..end).rev() {
                let change = self.journal[i];
                changed(change.cell);
                self.put(change.cell as usize, change.layer, change.old);
            }
            end = from;
            let Some(clear) = clear_at.and_then(|_| self.cleared.pop()) else {
                break;
            };
            self.marks = clear.marks;
            self.groups = clear.groups;
            self.display_cleared = true;
        }
        self.journal.truncate(changes);
        self.notes.truncate(notes);
    }

    /// Forgets the oldest `changes` changes and `notes` notes (and displays put aside
    /// before them).
    pub fn forget_oldest(&mut self, changes: usize, notes: usize) {
        let changes = changes.min(self.journal.len());
        self.journal.drain(..changes);
        self.notes.drain(..notes.min(self.notes.len()));
        self.cleared.retain(|clear| clear.at >= changes);
        for clear in &mut self.cleared {
            clear.at -= changes;
        }
    }

    #[inline]
    fn record(&mut self, cell: usize, layer: Layer, old: u32, new: u32) {
        if self.journaling && old != new {
            self.push_change(Change {
                cell: cell as u32,
                layer,
                old,
                new,
            });
        }
    }

    /// Out of line: every machine's step records changes, and one call here keeps the limit
    /// check and the vector's growth out of each of them (smaller wasm, same speed).
    #[inline(never)]
    fn push_change(&mut self, change: Change) {
        if self.journal.len() >= self.journal_limit {
            self.overflow();
        } else {
            self.journal.push(change);
        }
    }

    /// Opens the wall between `cell` and its neighbour in `dir` (both sides). Returns the
    /// neighbour. Carving toward the border is a bug in the caller.
    #[inline(always)]
    pub fn carve(&mut self, cell: usize, dir: Direction) -> usize {
        let next = self
            .maze
            .neighbour(cell, dir)
            .expect("carve: no neighbour in that direction");
        self.set_passage_bits(cell, self.maze.cell(cell) | dir.bit());
        self.set_passage_bits(next, self.maze.cell(next) | dir.opposite().bit());
        next
    }

    /// Opens the passage through side `side` of `cell` to `next`, whose side `back` faces it:
    /// [`Board::carve_to`] on a grid of any shape (see [`crate::topology`]).
    #[inline]
    pub fn join(&mut self, cell: usize, side: Side, next: usize, back: Side) {
        self.set_passage_bits(cell, self.maze.cell(cell) | 1 << side);
        self.set_passage_bits(next, self.maze.cell(next) | 1 << back);
    }

    /// Closes the passage [`Board::join`] opens.
    #[inline]
    pub fn unjoin(&mut self, cell: usize, side: Side, next: usize, back: Side) {
        self.set_passage_bits(cell, self.maze.cell(cell) & !(1 << side));
        self.set_passage_bits(next, self.maze.cell(next) & !(1 << back));
    }

    /// [`Board::carve`] for a caller that already knows the neighbour `next` (the cell next to
    /// `cell` in `dir`), e.g. from the column and row it keeps: skips the division that finding
    /// the neighbour costs, which is a good part of a step in the fastest generators. A wrong
    /// `next` is a bug in the caller, caught in debug builds and tests.
    #[inline(always)]
    pub fn carve_to(&mut self, cell: usize, dir: Direction, next: usize) {
        debug_assert_eq!(
            self.maze.neighbour(cell, dir),
            Some(next),
            "carve_to: not neighbours"
        );
        if self.journaling {
            self.carve_journaled(cell, dir, next);
        } else {
            self.maze.set_cell(cell, self.maze.cell(cell) | dir.bit());
            self.maze
                .set_cell(next, self.maze.cell(next) | dir.opposite().bit());
        }
    }

    /// [`Board::carve_to`] with both changed bytes recorded (a carve always changes them).
    /// Kept out of line: a carve is most of a step in the fastest generators, and with the
    /// journal's bookkeeping out of the way the compiler keeps their run-to-the-end loop in
    /// registers (Binary Tree: 15% fewer instructions).
    #[inline(never)]
    fn carve_journaled(&mut self, cell: usize, dir: Direction, next: usize) {
        let (old, old_next) = (self.maze.cell(cell), self.maze.cell(next));
        debug_assert_eq!(old & dir.bit(), 0, "carve_to: the passage is open already");
        let (new, new_next) = (old | dir.bit(), old_next | dir.opposite().bit());
        if self.journal.len() + 2 > self.journal_limit {
            self.overflow();
        } else {
            self.journal.extend_from_slice(&[
                Change::maze(cell, old, new),
                Change::maze(next, old_next, new_next),
            ]);
        }
        self.maze.set_cell(cell, new);
        self.maze.set_cell(next, new_next);
    }

    /// Builds the wall between `cell` and its neighbour in `dir` (both sides), for wall-adding
    /// algorithms. Returns the neighbour.
    pub fn build_wall(&mut self, cell: usize, dir: Direction) -> usize {
        let next = self
            .maze
            .neighbour(cell, dir)
            .expect("build_wall: no neighbour in that direction");
        self.set_passage_bits(cell, self.maze.cell(cell) & !dir.bit());
        self.set_passage_bits(next, self.maze.cell(next) & !dir.opposite().bit());
        next
    }

    #[inline]
    fn set_passage_bits(&mut self, cell: usize, bits: u8) {
        let old = self.maze.cell(cell);
        self.record(cell, Layer::Maze, u32::from(old), u32::from(bits));
        self.maze.set_cell(cell, bits);
    }

    /// Sets a cell's terrain: 0 blocks it (see [`crate::world`]; blocking also needs
    /// [`Board::close_all`]), 1 to 9 is the cost of entering it.
    pub fn set_terrain(&mut self, cell: usize, value: u8) {
        let old = self.maze.cost(cell);
        if old == value {
            return;
        }
        self.record(cell, Layer::Terrain, u32::from(old), u32::from(value));
        self.maze.set_cost(cell, value);
    }

    /// Closes every open passage of `cell` (both sides of each), on a grid of any shape: what
    /// blocking a cell does to its walls.
    pub fn close_all(&mut self, cell: usize) {
        let bits = self.maze.cell(cell);
        if bits == 0 {
            return;
        }
        // The links first, then the changes: the grid is borrowed from the maze, and copying
        // it (a mask, a polar grid's rings) for every blocked cell made blocking O(cells).
        let mut links = [(0usize, 0 as Side, 0 as Side); 8];
        let mut count = 0;
        {
            let grid = self.maze.topology();
            for side in 0..8 {
                if bits & (1 << side) != 0 {
                    if let Some(next) = grid.neighbour(cell, side) {
                        links[count] = (next, side, grid.back(cell, side));
                        count += 1;
                    }
                }
            }
        }
        for &(next, side, back) in &links[..count] {
            self.unjoin(cell, side, next, back);
        }
    }

    /// Blocks `cell`: terrain 0 and every passage closed.
    pub fn block(&mut self, cell: usize) {
        self.close_all(cell);
        self.set_terrain(cell, crate::maze::BLOCKED);
    }

    /// Replaces a cell's marks.
    #[inline]
    pub fn set_mark(&mut self, cell: usize, marks: u8) {
        if !self.display {
            return;
        }
        let old = self.marks[cell];
        self.record(cell, Layer::Mark, u32::from(old), u32::from(marks));
        self.marks[cell] = marks;
    }

    /// Adds mark bits to a cell.
    #[inline]
    pub fn add_mark(&mut self, cell: usize, bits: u8) {
        if !self.display {
            return;
        }
        self.set_mark(cell, self.marks[cell] | bits);
    }

    /// Removes mark bits from a cell.
    #[inline]
    pub fn remove_mark(&mut self, cell: usize, bits: u8) {
        if !self.display {
            return;
        }
        self.set_mark(cell, self.marks[cell] & !bits);
    }

    /// Adds (`on`) or removes mark bits on `len` cells in a row from `first`. A run longer than
    /// the journal has room for is not worth recording (it overflows, and everything is
    /// redrawn): it is then one pass over the bytes, not a call per cell, which kept the first
    /// step of recursive division at 4096 × 4096 (every cell marked) at tens of milliseconds.
    pub fn mark_run(&mut self, first: usize, len: usize, bits: u8, on: bool) {
        if !self.display {
            return;
        }
        if self.journaling && self.journal.len() + len > self.journal_limit {
            self.overflow();
        }
        if self.journaling {
            for cell in first..first + len {
                let old = self.marks[cell];
                self.set_mark(cell, if on { old | bits } else { old & !bits });
            }
        } else if on {
            self.marks[first..first + len]
                .iter_mut()
                .for_each(|m| *m |= bits);
        } else {
            self.marks[first..first + len]
                .iter_mut()
                .for_each(|m| *m &= !bits);
        }
    }

    /// Sets a cell's set label (0 = none).
    #[inline]
    pub fn set_group(&mut self, cell: usize, group: u32) {
        if !self.display {
            return;
        }
        let old = self.groups[cell];
        self.record(cell, Layer::Group, old, group);
        self.groups[cell] = group;
        self.labelled |= group != 0;
    }

    /// Clears every mark and set label, e.g. between generation and solving. Journaled as
    /// the old layers put aside whole, which [`Board::take_back`] puts back.
    pub fn clear_display(&mut self) {
        if self.journaling {
            let len = self.marks.len();
            let marks = std::mem::replace(&mut self.marks, vec![0; len]);
            let groups = std::mem::replace(&mut self.groups, vec![0; len]);
            // One change of the journal stands for the clear, so that it falls inside its
            // step's stretch of the journal even when nothing else does.
            let at = self.journal.len();
            self.journal.push(Change {
                cell: 0,
                layer: Layer::Mark,
                old: u32::from(marks[0]),
                new: 0,
            });
            self.cleared.push(Cleared { at, marks, groups });
            self.display_cleared = true;
            return;
        }
        for cell in 0..self.marks.len() {
            if self.marks[cell] != 0 {
                self.set_mark(cell, 0);
            }
            if self.groups[cell] != 0 {
                self.set_group(cell, 0);
            }
        }
    }

    /// Applies recorded changes backwards, restoring what was there before them. Does not
    /// journal the undo itself.
    pub fn undo(&mut self, changes: &[Change]) {
        for change in changes.iter().rev() {
            self.put(change.cell as usize, change.layer, change.old);
        }
    }

    /// Applies recorded changes forwards again. Does not journal.
    pub fn redo(&mut self, changes: &[Change]) {
        for change in changes {
            self.put(change.cell as usize, change.layer, change.new);
        }
    }

    fn put(&mut self, cell: usize, layer: Layer, value: u32) {
        match layer {
            Layer::Maze => self.maze.set_cell(cell, value as u8),
            Layer::Mark => self.marks[cell] = value as u8,
            Layer::Group => {
                self.groups[cell] = value;
                self.labelled |= value != 0;
            }
            Layer::Terrain => self.maze.set_cost(cell, value as u8),
        }
    }
}

/// The board keeps a step's undo notes beside its journal, while journaling.
impl NoteSink for Board {
    #[inline(always)]
    fn keeps_notes(&self) -> bool {
        self.journaling
    }

    #[inline(always)]
    fn note(&mut self, word: u32) {
        Board::note(self, word)
    }

    #[inline(always)]
    fn note_words(&mut self, words: &[u32]) {
        Board::note_words(self, words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_labels_only_once_a_label_is_written() {
        let mut board = Board::new(Maze::new(3, 2).unwrap());
        board.set_group(1, 0);
        assert!(!board.has_labels(), "writing 0 is no label");
        board.set_display(false);
        board.set_group(1, 7);
        assert!(
            !board.has_labels(),
            "with the display off nothing is written"
        );
        board.set_display(true);
        board.set_journaling(true);
        board.set_group(4, 9);
        assert!(board.has_labels());
        assert_eq!(board.groups()[4], 9);
        // A fresh board replaying the journal gets the labels, and knows it.
        let journal = board.journal().to_vec();
        let mut replay = Board::new(Maze::new(3, 2).unwrap());
        replay.redo(&journal);
        assert!(replay.has_labels());
        assert_eq!(replay.groups(), board.groups());
    }
    use crate::maze::{E, S, W};

    #[test]
    fn carving_opens_both_sides_and_is_journaled() {
        let mut board = Board::new(Maze::new(2, 2).unwrap());
        board.set_journaling(true);
        assert_eq!(board.carve(0, Direction::East), 1);
        assert_eq!(board.maze().cell(0), E);
        assert_eq!(board.maze().cell(1), W);
        assert_eq!(board.journal().len(), 2);
        board.add_mark(0, mark::VISITED);
        board.add_mark(0, mark::VISITED); // no change, no record
        assert_eq!(board.journal().len(), 3);
    }

    #[test]
    fn undo_restores_exactly_and_redo_replays() {
        let mut board = Board::new(Maze::new(2, 2).unwrap());
        board.set_journaling(true);
        board.carve(0, Direction::South);
        board.set_group(2, 7);
        board.add_mark(2, mark::ACTIVE);
        board.build_wall(0, Direction::South);
        let after = board.clone();
        let changes = board.journal().to_vec();
        board.undo(&changes);
        assert_eq!(board.maze(), &Maze::new(2, 2).unwrap());
        assert!(board.marks().iter().all(|&m| m == 0));
        assert!(board.groups().iter().all(|&g| g == 0));
        board.redo(&changes);
        assert_eq!(board.maze(), after.maze());
        assert_eq!(board.marks(), after.marks());
        assert_eq!(board.groups(), after.groups());
        assert_eq!(board.maze().cell(0) & S, 0);
    }

    #[test]
    fn carve_to_is_carve_with_the_neighbour_given() {
        for (cell, dir, next) in [(0, Direction::East, 1), (4, Direction::North, 1)] {
            let mut by_carve = Board::new(Maze::new(3, 2).unwrap());
            let mut by_carve_to = by_carve.clone();
            by_carve.set_journaling(true);
            by_carve_to.set_journaling(true);
            assert_eq!(by_carve.carve(cell, dir), next);
            by_carve_to.carve_to(cell, dir, next);
            assert_eq!(by_carve.maze(), by_carve_to.maze());
            assert_eq!(by_carve.journal(), by_carve_to.journal());
        }
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "carve_to: not neighbours")]
    fn carve_to_a_cell_that_is_not_the_neighbour_is_caught_in_debug_builds() {
        // Cell 2 is the east end of the first row: cell 3 starts the next row.
        Board::new(Maze::new(3, 2).unwrap()).carve_to(2, Direction::East, 3);
    }

    #[test]
    fn display_off_keeps_the_maze_and_skips_the_layers() {
        let mut shown = Board::new(Maze::new(2, 2).unwrap());
        let mut hidden = shown.clone();
        hidden.set_display(false);
        assert!(shown.is_displaying() && !hidden.is_displaying());
        for board in [&mut shown, &mut hidden] {
            board.set_journaling(true);
            board.carve(0, Direction::East);
            board.add_mark(1, mark::VISITED);
            board.set_mark(2, mark::PATH);
            board.remove_mark(2, mark::PATH);
            board.set_group(3, 9);
        }
        assert_eq!(shown.maze(), hidden.maze());
        assert_eq!(shown.marks(), [0, mark::VISITED, 0, 0]);
        assert_eq!(shown.groups(), [0, 0, 0, 9]);
        assert!(hidden.marks().iter().all(|&m| m == 0));
        assert!(hidden.groups().iter().all(|&g| g == 0));
        assert_eq!(hidden.journal().len(), 2, "only the two passage bytes");
    }

    #[test]
    fn journal_off_records_nothing() {
        let mut board = Board::new(Maze::new(2, 1).unwrap());
        board.carve(0, Direction::East);
        assert!(board.journal().is_empty());
    }

    #[test]
    fn a_full_journal_stops_recording_and_says_so() {
        let mut board = Board::new(Maze::new(4, 1).unwrap());
        board.set_journaling(true);
        board.set_journal_limit(3);
        board.carve(0, Direction::East);
        board.set_mark(0, mark::VISITED);
        assert_eq!(board.journal().len(), 3);
        assert!(!board.overflowed());
        // A carve needs two entries: past the limit, so the journal gives way.
        board.carve(1, Direction::East);
        assert!(board.overflowed());
        assert!(!board.is_journaling());
        assert!(board.journal().is_empty());
        // The board itself changed all the same, and later changes are not recorded.
        assert_eq!(
            board.maze().cell(2) & Direction::West.bit(),
            Direction::West.bit()
        );
        board.set_mark(3, mark::PATH);
        assert!(board.journal().is_empty());
        // Turning journaling on again starts afresh.
        board.set_journaling(true);
        assert!(!board.overflowed());
        board.set_mark(2, mark::PATH);
        assert_eq!(board.journal().len(), 1);
    }
}
