//! Bidirectional breadth-first search: flood from the start and from the goal at once, and
//! stop when the two floods meet.
//!
//! How it works:
//! 1. Run two breadth-first searches, one from the start and one from the goal, each with its
//!    own queue, parents and distances. Take turns: one dequeue from the start side, then one
//!    from the goal side, and so on.
//! 2. On a dequeue, give every open neighbour not yet reached by this side this cell as its
//!    parent and queue it. If the neighbour has been reached by the *other* side, the two
//!    floods touch: the way start → cell → neighbour → goal has
//!    `dist_start(cell) + 1 + dist_goal(neighbour)` passages. Keep the shortest such meeting.
//! 3. The first meeting is not always the best one, so go on until no better one can turn up:
//!    any way not seen yet passes a queued cell on each side, so it is at least as long as the
//!    distance of the front of the start queue plus that of the front of the goal queue. Once a
//!    meeting is that short or shorter, stop: join the start side's parents from the meeting
//!    cell back to the start with the goal side's parents on to the goal. That is a shortest
//!    path. (A queue that runs dry ends the search too: its side has reached everything.)
//! 4. If a queue runs dry with no meeting, the goal cannot be reached.
//!
//! Each flood only has to go about half the distance, so on open ground the two together look
//! at far fewer cells than one BFS; in a perfect maze the saving is smaller.
//!
//! One step is one dequeue, from one side, and its neighbours; the check of step 3 opens each
//! step and, when it succeeds, is the last step. Marks: the start side uses `FRONTIER` (queued)
//! and `VISITED` (dequeued) like BFS; the goal side marks every cell it has reached, queued or
//! dequeued, with `SPECIAL`. A cell reached from both sides carries both. `PATH` for the result.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use undo::meeting_words;

use super::{mark_path, open_neighbours, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology};
use std::collections::VecDeque;

pub static INFO: Info = Info {
    name: "bidirectional-bfs",
    title: "Bidirectional BFS",
    summary: "Floods from the start and from the goal in turn until the floods meet; finds a \
              shortest path.",
    step_unit: "one dequeue, from one side in turn, and its neighbours",
    pseudocode: &[
        "queue start on the start side and goal on the goal side", // BEGIN
        "while both queues are not empty:",
        "    if the best meeting <= front distance (start side) + front distance (goal side):",
        "        join the two parent chains at the meeting: shortest path, done", // MEET
        "    cell = dequeue from this turn's side",                               // DEQUEUE
        "    for each open neighbour n: if this side has not reached n: parent[n] = cell; queue n", // QUEUE
        "        if the other side has reached n: a meeting; keep it if it is the shortest yet", // MEETING
        "a queue is empty: the best meeting is the path, or the goal is unreachable", // EXHAUSTED
    ],
    marks: &[
        (mark::FRONTIER, "queued from the start side"),
        (mark::VISITED, "dequeued from the start side"),
        (mark::SPECIAL, "reached from the goal side"),
        (mark::PATH, "shortest path"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const MEET: Line = Line(3);
const DEQUEUE: Line = Line(4);
const QUEUE: Line = Line(5);
const MEETING: Line = Line(6);
const EXHAUSTED: Line = Line(7);

/// Bidirectional BFS as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct BidirectionalBfs<T = Square> {
    grid: T,
    start: usize,
    goal: usize,
    len: usize,
    sides: Option<[Side; 2]>,
    turn: Turn,
    best: Option<Meeting>,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for BidirectionalBfs<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        let Some(sides) = self.sides.as_mut() else {
            self.sides = Some([
                Side::new(self.len, self.start),
                Side::new(self.len, self.goal),
            ]);
            board.add_mark(self.start, mark::FRONTIER);
            board.add_mark(self.goal, mark::SPECIAL);
            self.visited = if self.start == self.goal { 1 } else { 2 };
            if self.start == self.goal {
                // Both floods start on the same cell: they meet before moving.
                self.best = Some(Meeting {
                    from_start: self.start,
                    from_goal: self.goal,
                    length: 0,
                });
            }
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        };
        match (sides[0].front(), sides[1].front()) {
            (Some(a), Some(b)) => {
                if self.best.is_some_and(|best| best.length <= a + b) {
                    return Some(self.finish(board, MEET));
                }
            }
            _ => return Some(self.finish(board, EXHAUSTED)),
        }
        let this = self.turn as usize;
        let other = 1 - this;
        // For `undo`: the cell worked on before (the dequeue below loses it).
        board.note(self.current.map_or(NONE, |cell| cell as u32));
        let cell = sides[this].queue.pop_front().expect("checked above") as usize;
        if this == 0 {
            board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        }
        let dist = sides[this].dist[cell] + 1;
        let mut added = 0;
        let mut line = DEQUEUE;
        for (_, next) in open_neighbours(&self.grid, board.maze(), cell) {
            if sides[this].dist[next] == UNREACHED {
                if sides[other].dist[next] == UNREACHED {
                    self.visited += 1;
                }
                sides[this].dist[next] = dist;
                sides[this].parent[next] = cell as u32;
                sides[this].queue.push_back(next as u32);
                board.add_mark(
                    next,
                    if this == 0 {
                        mark::FRONTIER
                    } else {
                        mark::SPECIAL
                    },
                );
                added += 1;
                line = QUEUE;
            }
            let across = sides[other].dist[next];
            if across != UNREACHED {
                let length = dist + across;
                if self.best.map_or(true, |best| length < best.length) {
                    // For `undo`: the meeting replaced (rare: only where the floods touch).
                    board.note_words(&meeting_words(self.best));
                    let (from_start, from_goal) = if this == 0 {
                        (cell, next)
                    } else {
                        (next, cell)
                    };
                    self.best = Some(Meeting {
                        from_start,
                        from_goal,
                        length,
                    });
                }
                line = MEETING;
            }
        }
        self.current = Some(cell);
        self.turn = if this == 0 { Turn::Goal } else { Turn::Start };
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            line,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("start queue", self.queue_len(Turn::Start) as u64),
            ("goal queue", self.queue_len(Turn::Goal) as u64),
            ("visited", self.visited),
        ]
    }

    /// See "Taking a step back" below.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    /// See "What the page shows" below.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

/// "Not reached yet" in a distance array.
const UNREACHED: u32 = u32::MAX;

/// In notes: no cell, no meeting.
const NONE: u32 = u32::MAX;

/// One of the two floods.
#[derive(Clone, Debug)]
struct Side {
    /// Each cell's distance from this side's origin, or [`UNREACHED`].
    dist: Vec<u32>,
    /// Each cell's parent in this side's tree (the origin is its own), or [`NO_PARENT`].
    parent: Vec<u32>,
    /// The cells reached and not yet dequeued, nearest first.
    queue: VecDeque<u32>,
}

/// Which flood a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Start,
    Goal,
}

/// The best meeting so far: `from_start` reached by the start side, `from_goal` by the goal
/// side, joined by a passage (or the same cell), and the number of passages of the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeting {
    pub from_start: usize,
    pub from_goal: usize,
    pub length: u32,
}

impl<T: Topology + Clone + DebugState + 'static> Solver for BidirectionalBfs<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The flood from the start's parent where it reached the cell, else the flood from the
    /// goal's (a link toward the goal, and moves counted from the goal).
    fn search_parent(&self, cell: usize) -> Option<usize> {
        let sides = self.sides.as_ref()?;
        sides
            .iter()
            .map(|side| side.parent[cell])
            .find(|&p| p != NO_PARENT)
            .map(|p| p as usize)
    }
}

/// Making one, what can be asked of it, and the ending that joins the two floods' paths.
impl BidirectionalBfs {
    /// A search on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> BidirectionalBfs {
        BidirectionalBfs::on(maze.square(), start, goal)
    }
}

impl<T: Topology> BidirectionalBfs<T> {
    /// A search on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> BidirectionalBfs<T> {
        BidirectionalBfs {
            start,
            goal,
            len: grid.len(),
            grid,
            sides: None,
            turn: Turn::Start,
            best: None,
            current: None,
            visited: 0,
            outcome: None,
        }
    }

    /// Whose turn the next dequeue is.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// The shortest meeting of the two floods found so far.
    pub fn best_meeting(&self) -> Option<Meeting> {
        self.best
    }

    /// The distance from the start (`Turn::Start`) or from the goal (`Turn::Goal`), if that
    /// side has reached the cell.
    pub fn dist(&self, side: Turn, cell: usize) -> Option<u32> {
        let d = self.sides.as_ref()?[side as usize].dist[cell];
        (d != UNREACHED).then_some(d)
    }

    /// The length of one side's queue.
    pub fn queue_len(&self, side: Turn) -> usize {
        self.sides
            .as_ref()
            .map_or(0, |sides| sides[side as usize].queue.len())
    }

    /// Ends the search with the best meeting, or as unreachable if there is none.
    fn finish(&mut self, board: &mut Board, line: Line) -> Step {
        board.note(self.current.map_or(NONE, |cell| cell as u32));
        self.current = None;
        let (Some(best), Some(sides)) = (self.best, self.sides.as_ref()) else {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, line);
        };
        let mut path = sides[0].chain(best.from_start);
        path.reverse();
        let to_goal = sides[1].chain(best.from_goal);
        // The meeting may be one cell reached by both sides; it is in both chains then.
        let skip = usize::from(best.from_start == best.from_goal);
        path.extend_from_slice(&to_goal[skip..]);
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, line)
    }
}

/// A flood started, its front, and its chain of parents back to where it started.
impl Side {
    fn new(len: usize, from: usize) -> Side {
        let mut side = Side {
            dist: vec![UNREACHED; len],
            parent: vec![NO_PARENT; len],
            queue: VecDeque::new(),
        };
        side.dist[from] = 0;
        side.parent[from] = from as u32;
        side.queue.push_back(from as u32);
        side
    }

    /// The distance of the front of the queue, if any.
    fn front(&self) -> Option<u32> {
        self.queue.front().map(|&c| self.dist[c as usize])
    }

    /// Parents from `cell` back to this side's origin, `cell` first.
    fn chain(&self, cell: usize) -> Vec<usize> {
        let mut chain = vec![cell];
        let mut at = cell;
        while self.parent[at] as usize != at {
            at = self.parent[at] as usize;
            chain.push(at);
        }
        chain
    }
}
