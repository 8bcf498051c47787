//! Jump point search (Harabor and Grastien, 2011): A* that skips the cells of open ground. On a
//! grid where every move costs the same, most cells have many equally cheap ways in; JPS keeps
//! one canonical way (straight lines, diagonals first) and only puts on the open set the cells
//! where a path may have to turn — the *jump points*.
//!
//! How it works:
//! 1. A* over jump points: `g` is the cost from the start, `h` the guess to the goal, the open
//!    set is ordered by `f = g + h`. Put the start in it.
//! 2. Take the lowest `f`. If it is the goal, join the straight runs between the jump points
//!    back to the start: a cheapest path.
//! 3. Otherwise, for each direction worth going from it — every move where the cell is not in
//!    open ground (or is the start); where it is, only the *natural* ones for the way it was
//!    reached: straight on, and for a diagonal also its two straight parts; with four moves,
//!    a vertical run may also turn east or west — *jump*: step on in that direction while the
//!    move is allowed, and stop at the goal, at a cell not in open ground, or (diagonally, or
//!    vertically with four moves) at a cell from which a straight jump finds something. That
//!    cell is a successor, `g` + steps × (1 or √2); relax it as A* does.
//! 4. When the open set runs dry, the goal cannot be reached.
//!
//! *Plain grids*: where walls stand only around blocked cells (every passage between two free
//! cells open: open fields with obstacles, `rooms`, caves) and the moves are diagonal, the
//! classic rules hold everywhere, as PathFinding.js's finders state them for each corner rule:
//! a cell is a jump point when it has a *forced* neighbour — a free cell a blocked one beside
//! the way makes reachable more cheaply through it — and is expanded in its natural and forced
//! directions only. `rooms` at 1000 × 1000 (at most one corner): about a tenth of the cells
//! A* reaches are put on the open set, and the search is about 6 times as fast as our A*; on
//! 30 % random obstacles, whose every blocked cell forces jump points around it, about 1.4
//! times (`cargo bench --bench weighted`).
//!
//! *Open ground*: on other worlds (walls between cells, or four moves) the classic pruning
//! rules are applied only where they hold as stated — in a cell whose 3 × 3 neighbourhood is
//! all free with all its twelve passages open. Every other cell is a jump point and is
//! expanded in every direction: in a braided maze almost every cell is one, and JPS is plain A*
//! with more work per cell. Works with four moves and under every corner rule.
//!
//! Where it helps, in a sentence (the page's note under the solver says it): on open ground
//! and in rooms, with diagonal moves, it skips whole runs of cells; in mazes, whose walls make
//! nearly every cell a jump point, it cannot, and terrain costs it refuses.
//!
//! Uniform costs only: on a world with terrain costs jumping over cells would skip their
//! costs, so [`super::check_world`] refuses it, and a solver made anyway gives up at once.
//! Square grid only. One step is one jump point taken and its jumps. Marks: `FRONTIER` open,
//! `VISITED` closed, `SPECIAL` cells a jump passed over, `PATH` the result.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use super::cost_notes::{note_pop, note_relax, CostEntry};
use super::moves::{in_moves, Guess, Moves};
use super::{is_uniform, mark_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::ds::quad_heap::QuadHeap;
use crate::machine::Line;
use crate::machine::Structure;
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square};
use crate::words::Sentence;
use crate::world::{diagonal_bits, Corners, Search, BLOCKED, DIAGONAL_UNIT, UNIT};
use std::cmp::Reverse;

pub static INFO: Info = Info {
    name: "jump-point-search",
    title: "Jump point search",
    summary: "A* that jumps along straight lines and diagonals over open ground and queues \
              only the cells where a path may turn; cheapest path when every cell costs the same.",
    step_unit: "one jump point taken from the open set and its jumps",
    pseudocode: &[
        "g[start] = 0; add start to the open set with f = h(start)", // BEGIN
        "while the open set is not empty:",
        "    cell = take the lowest f from the open set, dropping stale entries",
        "    if cell is the goal: join the jumps back to start, done", // FOUND
        "    close cell",
        "    for each direction worth going (all, or the natural ones in open ground): jump", // JUMP
        "        at the jump point n: if g[cell] + steps < g[n]: g[n], parent[n] = cell; add n", // JUMP_POINT
        "the open set is empty: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[
        (mark::FRONTIER, "jump point in the open set"),
        (mark::VISITED, "closed jump point"),
        (mark::SPECIAL, "jumped over"),
        (mark::PATH, "cheapest path"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const FOUND: Line = Line(3);
const JUMP: Line = Line(5);
const JUMP_POINT: Line = Line(6);
const UNREACHABLE: Line = Line(7);

/// Why a search on a world with terrain costs gives up.
pub(crate) const COSTS: &str = crate::words::reasons::JPS_COSTS;
/// Why a search on another grid gives up ([`super::check_shape`] refuses it first).
pub(crate) const SHAPE: &str = crate::words::reasons::JPS_SHAPE;

type Entry = CostEntry;
const UNREACHED: u64 = u64::MAX;

/// Column and row change of each side: N, E, S, W, NE, SE, SW, NW.
const STEP: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// Jump point search as a step machine on the plain square grid.
#[derive(Clone, Debug)]
pub struct JumpPointSearch {
    square: Square,
    width: usize,
    corners: Corners,
    guess: Guess,
    start: usize,
    goal: usize,
    /// Cells whose 3 × 3 neighbourhood is free with every passage open.
    open_ground: Vec<bool>,
    /// Whether the world is a plain grid of free and blocked cells (every passage between two
    /// free cells open) searched with diagonal moves: then the classic rules apply everywhere.
    plain: bool,
    /// Per cell, whether it is free (not blocked), for the classic rules.
    free: Vec<bool>,
    height: usize,
    /// Why it cannot search this world, if it cannot.
    refusal: Option<&'static str>,
    g: Vec<u64>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    open: QuadHeap<Entry>,
    added: u32,
    closed_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl Machine for JumpPointSearch {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            if let Some(reason) = self.refusal {
                self.outcome = Some(Outcome::GaveUp {
                    route: vec![self.start],
                    reason,
                });
                return Some(Step::new(Event::Unreachable, UNREACHABLE));
            }
            self.g[self.start] = 0;
            self.parent[self.start] = self.start as u32;
            self.push(self.start, 0);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            return Some(Step::new(
                Event::Begin {
                    cell: self.start as u32,
                },
                BEGIN,
            ));
        }
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        let cell = loop {
            let Some((entry, at)) = self.open.pop_at() else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, UNREACHABLE));
            };
            note_pop(board, entry, at);
            let Reverse((f, h, _, cell)) = entry;
            let cell = cell as usize;
            if !self.closed[cell] && f - h == self.g[cell] {
                break cell;
            }
        };
        self.current = Some(cell);
        self.closed[cell] = true;
        self.closed_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal {
            let path = self.trace_path();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let mut added = 0;
        let (sides, count) = self.directions(board.maze(), cell);
        for &side in &sides[..count] {
            let jumped = if self.plain {
                self.jump_plain(board, cell, side)
            } else {
                self.jump(board, cell, side)
            };
            let Some((next, steps)) = jumped else {
                continue;
            };
            let per = if side >= 4 { DIAGONAL_UNIT } else { UNIT };
            let g = self.g[cell] + steps * per;
            if g >= self.g[next] {
                continue;
            }
            let (old_g, old_parent, was_closed) =
                (self.g[next], self.parent[next], self.closed[next]);
            if old_g == UNREACHED {
                self.visited += 1;
            }
            if was_closed {
                self.closed[next] = false;
                self.closed_count -= 1;
            }
            board.set_mark(next, (board.mark(next) & !mark::VISITED) | mark::FRONTIER);
            self.g[next] = g;
            self.parent[next] = cell as u32;
            let at = self.push(next, g);
            note_relax(board, next, (old_g, old_parent, was_closed), at);
            added += 1;
        }
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { JUMP_POINT } else { JUMP },
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

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("open", self.open.len() as u64),
            ("closed", self.closed_count),
            ("visited", self.visited),
        ]
    }

    // In views.rs.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.sentence_for(step, maze)
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl JumpPointSearch {
    pub fn new(maze: &Maze, start: usize, goal: usize, search: &Search) -> JumpPointSearch {
        let moves = Moves::new(maze, search.corners);
        let search = Search {
            weight: 1.0,
            ..*search
        };
        let len = maze.len();
        let refusal = if maze.grid().is_some() {
            Some(SHAPE)
        } else if !is_uniform(maze) {
            Some(COSTS)
        } else {
            None
        };
        let plain = refusal.is_none() && moves.corners.diagonal() && is_plain(maze);
        JumpPointSearch {
            square: maze.square(),
            width: maze.width() as usize,
            height: maze.height() as usize,
            plain,
            free: match plain {
                true => (0..len).map(|cell| maze.cost(cell) != BLOCKED).collect(),
                false => Vec::new(),
            },
            corners: moves.corners,
            guess: Guess::new(maze, &moves, &search),
            start,
            goal,
            open_ground: match refusal {
                None if !plain => (0..len).map(|cell| in_open_ground(maze, cell)).collect(),
                _ => Vec::new(),
            },
            refusal,
            g: vec![UNREACHED; len],
            parent: vec![NO_PARENT; len],
            closed: vec![false; len],
            open: QuadHeap::new(),
            added: 0,
            closed_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }
}

impl Solver for JumpPointSearch {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The jump point it jumped from: a parent may lie many cells away, in a straight line.
    fn search_parent(&self, cell: usize) -> Option<usize> {
        let parent = self.parent[cell];
        (parent != NO_PARENT).then_some(parent as usize)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        let g = self.g[cell];
        (g != UNREACHED).then(|| in_moves(g))
    }

    fn counts_moves(&self) -> bool {
        false
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        Some(in_moves(self.guess.units(&self.square, cell, self.goal)))
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` uses: directions, jumps, open ground, the path.
// -----------------------------------------------------------------------------------------------

impl JumpPointSearch {
    /// The sides worth jumping from `cell`, as a list and its length: every one on a cell not in
    /// open ground (and the start), else the natural ones for the direction it was reached in;
    /// on a plain grid the classic rules' natural and forced ones ([`Self::plain_directions`]).
    fn directions(&self, maze: &Maze, cell: usize) -> ([Side; 8], usize) {
        let parent = self.parent[cell] as usize;
        let diagonal = self.corners.diagonal();
        let mut list = [0; 8];
        let mut len = 0;
        let mut push = |side: Side| {
            list[len] = side;
            len += 1;
        };
        if parent == cell || (!self.plain && !self.open_ground[cell]) {
            (0..4).for_each(&mut push);
            if diagonal {
                let bits = diagonal_bits(maze, cell, self.corners);
                (4..8).filter(|side| bits & (1 << side) != 0).for_each(push);
            }
            return (list, len);
        }
        let w = self.width as i64;
        let (dx, dy) = (
            (cell as i64 % w - parent as i64 % w).signum(),
            (cell as i64 / w - parent as i64 / w).signum(),
        );
        if self.plain {
            self.plain_directions(cell, dx, dy, push);
            return (list, len);
        }
        let came = side_of(dx, dy);
        match (diagonal, dx != 0 && dy != 0) {
            (true, true) => [came, side_of(dx, 0), side_of(0, dy)]
                .into_iter()
                .for_each(push),
            (true, false) => push(came),
            // Four moves: a vertical run may turn east or west anywhere.
            (false, _) if dx == 0 => [came, 1, 3].into_iter().for_each(push),
            (false, _) => push(came),
        }
        (list, len)
    }

    /// Whether the move through `side` of `cell` is allowed.
    fn can_move(&self, maze: &Maze, cell: usize, side: Side) -> bool {
        if side < 4 {
            maze.cell(cell) & (1 << side) != 0
        } else {
            diagonal_bits(maze, cell, self.corners) & (1 << side) != 0
        }
    }

    fn through(&self, cell: usize, side: Side) -> usize {
        let (dx, dy) = STEP[usize::from(side)];
        (cell as i64 + dx + dy * self.width as i64) as usize
    }

    /// Jumps from `from` through `side`: the jump point reached and the steps taken, if any.
    fn jump(&self, board: &mut Board, from: usize, side: Side) -> Option<(usize, u64)> {
        let mut cell = from;
        let mut steps = 0;
        let turns: &[Side] = match (self.corners.diagonal(), side) {
            (true, 4) => &[0, 1],
            (true, 5) => &[2, 1],
            (true, 6) => &[2, 3],
            (true, 7) => &[0, 3],
            (false, 0 | 2) => &[1, 3],
            _ => &[],
        };
        loop {
            if !self.can_move(board.maze(), cell, side) {
                return None;
            }
            cell = self.through(cell, side);
            steps += 1;
            if cell == self.goal || !self.open_ground[cell] {
                return Some((cell, steps));
            }
            if turns
                .iter()
                .any(|&turn| self.jump_straight(board.maze(), cell, turn))
            {
                return Some((cell, steps));
            }
            if board.mark(cell) & mark::SPECIAL == 0 {
                board.add_mark(cell, mark::SPECIAL);
            }
        }
    }

    /// Whether a straight jump from `from` through `side` finds a jump point.
    fn jump_straight(&self, maze: &Maze, from: usize, side: Side) -> bool {
        let mut cell = from;
        loop {
            if !self.can_move(maze, cell, side) {
                return false;
            }
            cell = self.through(cell, side);
            if cell == self.goal || !self.open_ground[cell] {
                return true;
            }
        }
    }

    /// Whether cell (x, y) is on the grid and free.
    #[inline]
    fn walkable(&self, x: i64, y: i64) -> bool {
        (x as u64) < self.width as u64
            && (y as u64) < self.height as u64
            && self.free[y as usize * self.width + x as usize]
    }

    /// Whether the diagonal step (dx, dy) from (x, y) may pass its corners (its target free is
    /// checked apart): the corner rule on a plain grid.
    #[inline]
    fn corners_allow(&self, x: i64, y: i64, dx: i64, dy: i64) -> bool {
        let (across_x, across_y) = (self.walkable(x + dx, y), self.walkable(x, y + dy));
        match self.corners {
            Corners::Always => true,
            Corners::AtMostOne => across_x || across_y,
            Corners::NoObstacles | Corners::Never => across_x && across_y,
        }
    }

    /// The classic pruning rules (Harabor and Grastien 2011, for each corner rule as
    /// PathFinding.js's finders have them): from `cell`, reached going (dx, dy), the natural
    /// directions and those made *forced* by a blocked cell beside the way.
    fn plain_directions(&self, cell: usize, dx: i64, dy: i64, mut push: impl FnMut(Side)) {
        let (x, y) = ((cell % self.width) as i64, (cell / self.width) as i64);
        let free = |ax: i64, ay: i64| self.walkable(x + ax, y + ay);
        let mut go = |ax: i64, ay: i64| push(side_of(ax, ay));
        match self.corners {
            Corners::NoObstacles | Corners::Never => {
                if dx != 0 && dy != 0 {
                    let (along_y, along_x) = (free(0, dy), free(dx, 0));
                    if along_y {
                        go(0, dy);
                    }
                    if along_x {
                        go(dx, 0);
                    }
                    if along_x && along_y {
                        go(dx, dy);
                    }
                } else if dx != 0 {
                    let (next, down, up) = (free(dx, 0), free(0, 1), free(0, -1));
                    if next {
                        go(dx, 0);
                        if down {
                            go(dx, 1);
                        }
                        if up {
                            go(dx, -1);
                        }
                    }
                    if down {
                        go(0, 1);
                    }
                    if up {
                        go(0, -1);
                    }
                } else {
                    let (next, right, left) = (free(0, dy), free(1, 0), free(-1, 0));
                    if next {
                        go(0, dy);
                        if right {
                            go(1, dy);
                        }
                        if left {
                            go(-1, dy);
                        }
                    }
                    if right {
                        go(1, 0);
                    }
                    if left {
                        go(-1, 0);
                    }
                }
            }
            Corners::AtMostOne | Corners::Always => {
                let at_most_one = self.corners == Corners::AtMostOne;
                if dx != 0 && dy != 0 {
                    let (along_y, along_x) = (free(0, dy), free(dx, 0));
                    if along_y {
                        go(0, dy);
                    }
                    if along_x {
                        go(dx, 0);
                    }
                    if !at_most_one || along_x || along_y {
                        go(dx, dy);
                    }
                    if !free(-dx, 0) && (!at_most_one || along_y) {
                        go(-dx, dy);
                    }
                    if !free(0, -dy) && (!at_most_one || along_x) {
                        go(dx, -dy);
                    }
                } else if dx == 0 {
                    if free(0, dy) {
                        go(0, dy);
                        if !free(1, 0) {
                            go(1, dy);
                        }
                        if !free(-1, 0) {
                            go(-1, dy);
                        }
                    } else if !at_most_one {
                        if !free(1, 0) {
                            go(1, dy);
                        }
                        if !free(-1, 0) {
                            go(-1, dy);
                        }
                    }
                } else if free(dx, 0) {
                    go(dx, 0);
                    if !free(0, 1) {
                        go(dx, 1);
                    }
                    if !free(0, -1) {
                        go(dx, -1);
                    }
                } else if !at_most_one {
                    if !free(0, 1) {
                        go(dx, 1);
                    }
                    if !free(0, -1) {
                        go(dx, -1);
                    }
                }
            }
        }
    }

    /// Whether (x, y), reached going (dx, dy), is a jump point by the classic rules: the goal,
    /// or a cell with a forced neighbour.
    fn forced(&self, x: i64, y: i64, dx: i64, dy: i64) -> bool {
        let free = |ax: i64, ay: i64| self.walkable(x + ax, y + ay);
        match self.corners {
            Corners::NoObstacles | Corners::Never => {
                if dx != 0 && dy != 0 {
                    false
                } else if dx != 0 {
                    (free(0, -1) && !free(-dx, -1)) || (free(0, 1) && !free(-dx, 1))
                } else {
                    (free(-1, 0) && !free(-1, -dy)) || (free(1, 0) && !free(1, -dy))
                }
            }
            Corners::AtMostOne | Corners::Always => {
                if dx != 0 && dy != 0 {
                    (free(-dx, dy) && !free(-dx, 0)) || (free(dx, -dy) && !free(0, -dy))
                } else if dx != 0 {
                    (free(dx, 1) && !free(0, 1)) || (free(dx, -1) && !free(0, -1))
                } else {
                    (free(1, dy) && !free(1, 0)) || (free(-1, dy) && !free(-1, 0))
                }
            }
        }
    }

    /// The classic jump from `from` through `side` on a plain grid: on while the move is
    /// allowed, to the goal, a cell with a forced neighbour, or (diagonally) a cell from which
    /// a straight jump finds one. The jump point and the steps taken, if any.
    fn jump_plain(&self, board: &mut Board, from: usize, side: Side) -> Option<(usize, u64)> {
        let (dx, dy) = STEP[usize::from(side)];
        let (mut x, mut y) = ((from % self.width) as i64, (from / self.width) as i64);
        let diagonal = dx != 0 && dy != 0;
        let mut steps = 0;
        loop {
            if !self.walkable(x + dx, y + dy) || (diagonal && !self.corners_allow(x, y, dx, dy)) {
                return None;
            }
            (x, y) = (x + dx, y + dy);
            steps += 1;
            let cell = y as usize * self.width + x as usize;
            if cell == self.goal
                || self.forced(x, y, dx, dy)
                || (diagonal
                    && (self.finds_straight(x, y, dx, 0) || self.finds_straight(x, y, 0, dy)))
            {
                return Some((cell, steps));
            }
            if board.mark(cell) & mark::SPECIAL == 0 {
                board.add_mark(cell, mark::SPECIAL);
            }
        }
    }

    /// Whether a straight classic jump from (x, y) going (dx, dy) finds a jump point.
    fn finds_straight(&self, mut x: i64, mut y: i64, dx: i64, dy: i64) -> bool {
        loop {
            if !self.walkable(x + dx, y + dy) {
                return false;
            }
            (x, y) = (x + dx, y + dy);
            if y as usize * self.width + x as usize == self.goal || self.forced(x, y, dx, dy) {
                return true;
            }
        }
    }

    fn push(&mut self, cell: usize, g: u64) -> usize {
        let h = self.guess.units(&self.square, cell, self.goal);
        let at = self
            .open
            .push_at(Reverse((g + h, h, self.added, cell as u32)));
        self.added = self.added.wrapping_add(1);
        at
    }

    /// The path start → goal: the straight runs between the jump points, back from the goal.
    fn trace_path(&self) -> Vec<usize> {
        let w = self.width as i64;
        let mut path = vec![self.goal];
        let mut cell = self.goal;
        while cell != self.start {
            let parent = self.parent[cell] as usize;
            let (dx, dy) = (
                (parent as i64 % w - cell as i64 % w).signum(),
                (parent as i64 / w - cell as i64 / w).signum(),
            );
            while cell != parent {
                cell = (cell as i64 + dx + dy * w) as usize;
                path.push(cell);
            }
        }
        path.reverse();
        path
    }
}

/// The side moving `dx` columns and `dy` rows (each -1, 0 or 1).
fn side_of(dx: i64, dy: i64) -> Side {
    STEP.iter().position(|&d| d == (dx, dy)).unwrap_or(0) as Side
}

/// Whether every passage between two free neighbours is open (walls only where a cell is
/// blocked): a grid for the classic rules.
fn is_plain(maze: &Maze) -> bool {
    let (w, h) = (maze.width() as usize, maze.height() as usize);
    const EAST: u8 = 1 << 1;
    const SOUTH: u8 = 1 << 2;
    let free = |cell: usize| maze.cost(cell) != BLOCKED;
    (0..maze.len()).all(|cell| {
        !free(cell)
            || ((cell % w + 1 == w || !free(cell + 1) || maze.cell(cell) & EAST != 0)
                && (cell / w + 1 == h || !free(cell + w) || maze.cell(cell) & SOUTH != 0))
    })
}

/// Whether `cell` and its eight neighbours are all on the grid with every passage between
/// them open (so none is blocked): where the classic pruning rules hold.
fn in_open_ground(maze: &Maze, cell: usize) -> bool {
    let (w, h) = (maze.width() as usize, maze.height() as usize);
    let (x, y) = (cell % w, cell / w);
    if x == 0 || y == 0 || x + 1 >= w || y + 1 >= h {
        return false;
    }
    const EAST: u8 = 1 << 1;
    const SOUTH: u8 = 1 << 2;
    (y - 1..=y + 1).all(|row| {
        (x - 1..x + 1).all(|col| maze.cell(row * w + col) & EAST != 0)
            && (x - 1..=x + 1).all(|col| row == y + 1 || maze.cell(row * w + col) & SOUTH != 0)
    })
}
