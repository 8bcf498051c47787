//! What the page shows of Wall follower (right hand): what a step says and the data structures for
//! the teaching panel.

use super::WallFollower;
use crate::machine::{side_words, Structure};
use crate::maze::Maze;
use crate::words::Sentence;

impl<T> WallFollower<T> {
    /// The route walked, newest first, and how many states have been seen.
    pub(super) fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.route.iter().rev().copied();
        let mut route = Structure::new("Route walked (newest first)", self.route.len() as u64)
            .cells(maze, &mut newest_first, limit);
        route.set_note(
            Sentence::new("notes.facing")
                .cell("cell", maze, self.cell)
                .words("side", side_words(maze, self.cell as u32, self.heading)),
        );
        // Each is one (cell, heading) state: standing in one again means a loop.
        let states = self.seen.count();
        let seen = Structure::new("(cell, heading) states seen", states)
            .say(Sentence::new("notes.loop-states"));
        vec![route, seen]
    }
}
