//! Wall follower (right hand), a step taken back: from the notes the step left, the machine as it
//! was before it.

use super::{starting_heading, WallFollower};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::solvers::{facing, neighbour_through, Outcome};
use crate::topology::{Topology, Weave};

impl<T: Topology + Weave> WallFollower<T> {
    /// Nothing noted: a move is taken back by popping the route, whose last two cells then give
    /// the heading before (the starting heading after one move). A move that did not repeat a
    /// state remembered one: forget it. An ending takes the route back from the outcome.
    pub(super) fn take_back(&mut self, step: &Step, board: &Board) -> bool {
        match step.event {
            Event::Begin { cell } => {
                let cell = cell as usize;
                self.started = false;
                self.seen.remove_cell(self.grid.max_sides(), cell);
                self.route.clear();
                self.visited = 0;
            }
            Event::Found { .. } | Event::Looped { .. } | Event::Unreachable => {
                let Some(Outcome::Found(route) | Outcome::GaveUp { route, .. }) =
                    self.outcome.take()
                else {
                    return false;
                };
                self.route = route;
            }
            Event::Move { from, to, .. } => {
                let maze = board.maze();
                let (from, to) = (from as usize, to as usize);
                let grid = &self.grid;
                let heading_before = match self.route[..self.route.len().saturating_sub(1)] {
                    // Facing across from the side of `at` that leads back to `before`.
                    [.., before, at] => (0..grid.sides(at))
                        .find(|&side| neighbour_through(grid, maze, at, side) == Some(before))
                        .map(|side| facing(grid, at, side)),
                    [start] => Some(match self.start_exit {
                        Some(gap) => facing(grid, start, gap),
                        None => starting_heading(grid, maze, start, self.hand),
                    }),
                    [] => None,
                };
                let Some(heading_before) = heading_before else {
                    return false;
                };
                if self.repeating {
                    self.repeating = false;
                } else {
                    self.seen.remove(self.grid.max_sides(), to, self.heading);
                    if !self.seen.has_cell(self.grid.max_sides(), to) {
                        self.visited -= 1;
                    }
                }
                self.route.pop();
                self.cell = from;
                self.heading = heading_before;
            }
            _ => return false,
        }
        true
    }
}
