//! What the page shows of Bidirectional BFS: what a step says and the data structures for the
//! teaching panel.

use super::BidirectionalBfs;
use crate::machine::Structure;
use crate::maze::Maze;
use crate::words::Sentence;

impl<T> BidirectionalBfs<T> {
    /// The two queues, front first, and the best meeting so far.
    pub(super) fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let titles = [
            "Queue from the start (front first)",
            "Queue from the goal (front first)",
        ];
        let mut all = Vec::new();
        for (side, title) in titles.into_iter().enumerate() {
            let queue = self.sides.as_ref().map(|sides| &sides[side].queue);
            let mut cells = queue.into_iter().flatten().map(|&c| c as usize);
            let total = queue.map_or(0, |q| q.len() as u64);
            all.push(Structure::new(title, total).cells(maze, &mut cells, limit));
        }
        if let Some(best) = self.best {
            all[0].set_note(
                Sentence::new("notes.best-meeting")
                    .cell("cell", maze, best.from_start)
                    .cell("other", maze, best.from_goal)
                    // `length` counts passages; the path's cells are one more.
                    .n("length", u64::from(best.length) + 1),
            );
        }
        all
    }
}
