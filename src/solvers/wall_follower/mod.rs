//! Wall follower: keep one hand on the wall and walk until you reach the goal.
//!
//! How it works (right hand; the left hand is the mirror image):
//! 1. Stand on the start facing a way that is open and has a wall on your right — "put your
//!    right hand on a wall". (Looking clockwise from north, the first open side with a wall to
//!    its right. Every cell with one to three open sides has one; a cell open on all four sides
//!    has none, and then the follower faces its first open side.) The first move is then
//!    straight ahead with the hand touching a wall, never a turn on the spot.
//! 2. From the way you face, turn right if that side is open, else go ahead if open, else turn
//!    left if open, else turn back; step into the next cell.
//!
//! On any grid (hexagons, triangles, rings) the same rule reads: having come in through a
//! side, try the cell's sides one by one anticlockwise from the one just before it — the
//! right hand sweeps from the wall beside you round to the front — and the side you came in
//! through last (the left hand goes clockwise). Sides are numbered clockwise in every shape,
//! so the right hand tries `entered - 1`, `entered - 2` … and `entered` last, a side that leads
//! nowhere counting as a wall. The follower faces the side across the cell from the one it
//! came in through (half its sides round: on squares and hexagons the side opposite, the way
//! it moved); at the start it faces the first open side it would go straight through.
//!    On a weave a tunnel counts as the ordinary side it leaves by (side `4 + d` as `d`, see
//!    [`Weave::ways`]): the walker turns among the four ways and at a crossing goes
//!    straight on, under; its heading is always one of the four.
//! 3. Stop on the goal. The route walked, with every dead end walked into and back out of, is
//!    the answer.
//!
//! In a perfect maze every wall is connected to the outer wall, so the hand slides along all of
//! them and the walk passes every cell: the goal is always reached. In a maze with loops the hand
//! may be on a free-standing island of walls and circle it for ever. Where the follower goes next
//! depends only on the cell it stands on and the way it faces, so it remembers every such pair
//! (four bits per cell, a byte on grids with more sides); back in a pair it has been in, it knows it would only repeat itself and
//! gives up. A start with no open side at all ends at once: there is no move to make.
//!
//! One step is one choice of way plus the move into the next cell (`Event::Move`). The first
//! step stands on the start (`Begin`); the last one moves nothing and says how the walk ended:
//! `Found` on the goal, `Looped` back in a known state, `Unreachable` when the start is walled
//! in. Marks: `VISITED` for cells walked on, `PATH` for the route once the goal is reached.
//!
//! The starting heading is a choice: any fixed rule would do, and in a perfect maze every
//! choice walks the same circuit round the walls, only from a different point. This one puts the
//! hand on a wall before the first move, as the method is usually taught, and depends only on
//! the start cell, so every run is the same.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures). The states seen are
//! kept in a [`StateSet`].

mod undo;
mod views;

use super::{entered, facing, mark_path, neighbour_through, Exits, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::state_set::StateSet;
use crate::machine::Line;
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology, Weave};

pub static INFO_RIGHT: Info = Info {
    name: "wall-follower-right",
    title: "Wall follower (right hand)",
    summary: "Walks with the right hand on the wall: needs no memory of the maze, reaches the \
              goal in every perfect maze, but may circle an island in a maze with loops.",
    step_unit: "one choice of way and the move into the next cell",
    pseudocode: &[
        "stand on the start, facing an open way with a wall on the right", // BEGIN
        "while not on the goal:",
        "    if this cell and heading were seen before: give up, it is a loop", // LOOP
        "    turn right if open, else ahead if open, else left if open, else back",
        "    step forward into the next cell",         // MOVE
        "on the goal: the route walked is the answer", // FOUND
        "no side of the start is open: there is nowhere to go", // NOWHERE
    ],
    marks: &[
        (mark::VISITED, "walked on"),
        (mark::PATH, "route to the goal"),
    ],
    events: &["move", "found", "looped"],
};

pub static INFO_LEFT: Info = Info {
    name: "wall-follower-left",
    title: "Wall follower (left hand)",
    summary: "Walks with the left hand on the wall: needs no memory of the maze, reaches the \
              goal in every perfect maze, but may circle an island in a maze with loops.",
    step_unit: "one choice of way and the move into the next cell",
    pseudocode: &[
        "stand on the start, facing an open way with a wall on the left", // BEGIN
        "while not on the goal:",
        "    if this cell and heading were seen before: give up, it is a loop", // LOOP
        "    turn left if open, else ahead if open, else right if open, else back",
        "    step forward into the next cell",         // MOVE
        "on the goal: the route walked is the answer", // FOUND
        "no side of the start is open: there is nowhere to go", // NOWHERE
    ],
    marks: &[
        (mark::VISITED, "walked on"),
        (mark::PATH, "route to the goal"),
    ],
    events: &["move", "found", "looped"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const LOOP: Line = Line(2);
const MOVE: Line = Line(4);
const FOUND: Line = Line(5);
const NOWHERE: Line = Line(6);

/// A wall follower as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid,
/// or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct WallFollower<T = Square> {
    grid: T,
    hand: Hand,
    goal: usize,
    /// The side of the goal that is a gap in the outer wall, when the goal is an exit: the
    /// walk ends by stepping out through it, as the rule takes it like any open side.
    goal_exit: Option<Side>,
    /// The side of the start that is a gap in the outer wall: the follower came in through it.
    start_exit: Option<Side>,
    cell: usize,
    /// The side of `cell` the follower faces (on the square grid the way it last moved); on
    /// a weave a way, 0 to 3, also after going through a tunnel (see [`Weave::ways`]).
    heading: Side,
    /// Every (cell, heading) the follower has stood in. A cell with any state in it is on
    /// the route.
    seen: StateSet,
    route: Vec<usize>,
    started: bool,
    /// The last move brought the follower into a (cell, heading) it had been in before.
    repeating: bool,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Machine for WallFollower<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.seen
                .insert(self.grid.max_sides(), self.cell, self.heading);
            self.route.push(self.cell);
            self.visited = 1;
            board.add_mark(self.cell, mark::VISITED);
            let cell = self.cell as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        if self.cell == self.goal && self.goal_exit.is_none() {
            return Some(self.finish(board));
        }
        if self.repeating {
            self.give_up(LOOPED);
            let (cell, heading) = (self.cell as u32, self.heading);
            return Some(Step::new(Event::Looped { cell, heading }, LOOP));
        }
        if self.cell == self.goal && self.out_through_exit(board.maze()) {
            return Some(self.finish(board));
        }
        let Some((side, next)) = self.choose(board.maze()) else {
            self.give_up(WALLED_IN);
            return Some(Step::new(Event::Unreachable, NOWHERE));
        };
        let from = self.cell;
        self.cell = next;
        self.heading = facing(&self.grid, next, self.grid.back(from, side));
        self.route.push(next);
        if self
            .seen
            .contains(self.grid.max_sides(), next, self.heading)
        {
            self.repeating = true;
        } else if self.seen.insert(self.grid.max_sides(), next, self.heading) {
            self.visited += 1;
            board.add_mark(next, mark::VISITED);
        }
        Some(Step::new(
            Event::Move {
                from: from as u32,
                to: next as u32,
                heading: side,
            },
            MOVE,
        ))
    }

    fn info(&self) -> &'static Info {
        match self.hand {
            Hand::Right => &INFO_RIGHT,
            Hand::Left => &INFO_LEFT,
        }
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        Some(self.cell)
    }

    fn heading(&self) -> Option<Side> {
        Some(self.heading)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("route", self.route().len() as u64),
            ("visited", self.visited),
        ]
    }

    /// See "Taking a step back" below: nothing is noted.
    fn undo(&mut self, step: &Step, _notes: &[u32], board: &Board) -> bool {
        self.take_back(step, board)
    }

    /// See "What the page shows" below.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Solver for WallFollower<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn use_exits(&mut self, exits: Exits) {
        self.goal_exit = exits.goal;
        self.start_exit = exits.start;
        if let (Some(side), false) = (exits.start, self.started) {
            // In through the gap: facing across the start from it.
            self.heading = facing(&self.grid, self.cell, side);
        }
    }
}

/// Which hand stays on the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Hand {
    #[default]
    Right,
    Left,
}

impl Hand {
    /// The side to try at turn `turn` (1 to `sides`) on a cell of `sides` sides entered through
    /// `entered`: the right hand goes anticlockwise from the side before `entered`, the left
    /// hand clockwise from the side after it, and both try `entered` (back) last. On the square
    /// grid: toward the hand, ahead, away from the hand, back.
    #[inline]
    fn turn(self, entered: Side, turn: u8, sides: u8) -> Side {
        match self {
            Hand::Right => (entered + 2 * sides - turn) % sides,
            Hand::Left => (entered + turn) % sides,
        }
    }
}

/// The side the rule takes from `cell` facing `heading`, with the cell it leads to: the first
/// open one in the hand's order. Always inlined: called from `step` it keeps the cell and
/// heading in registers (a call passed them, and the answer, through memory).
#[inline(always)]
fn rule<T: Topology + Weave>(
    grid: &T,
    maze: &Maze,
    hand: Hand,
    cell: usize,
    heading: Side,
) -> Option<(Side, usize)> {
    // Ways, not sides (the same on every grid but a weave, where a tunnel goes the way of
    // its ordinary side: at a crossing the walker goes straight on, under).
    let ways = grid.ways(cell);
    let entered = entered(grid, cell, heading);
    // A plain loop: as an iterator chain (`(1..=sides).find_map`) it stayed a call per step
    // once `rule` was inlined, where the loop is unrolled over the square grid's four sides.
    for turn in 1..ways + 1 {
        let side = grid.way_side(maze.cell(cell), hand.turn(entered, turn, ways));
        if let Some(next) = neighbour_through(grid, maze, cell, side) {
            return Some((side, next));
        }
    }
    None
}

/// The reason given when the follower finds itself repeating its walk.
pub const LOOPED: &str = crate::words::reasons::WALL_LOOPED;

/// The reason given when the start has no open side.
pub const WALLED_IN: &str = crate::words::reasons::WALLED_IN;

/// Making one, and the pieces `step` uses: the rule's choice, and the two endings.
impl WallFollower {
    /// A follower on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize, hand: Hand) -> WallFollower {
        WallFollower::on(maze.square(), maze, start, goal, hand)
    }
}

impl<T: Topology + Weave> WallFollower<T> {
    /// A follower on `maze`, whose grid is `grid`.
    pub fn on(grid: T, maze: &Maze, start: usize, goal: usize, hand: Hand) -> WallFollower<T> {
        WallFollower {
            hand,
            goal,
            goal_exit: None,
            start_exit: None,
            cell: start,
            heading: starting_heading(&grid, maze, start, hand),
            seen: StateSet::new(grid.len(), grid.max_sides()),
            grid,
            route: Vec::new(),
            started: false,
            repeating: false,
            visited: 0,
            outcome: None,
        }
    }

    /// Which hand is on the wall.
    pub fn hand(&self) -> Hand {
        self.hand
    }

    /// The route walked so far, start first, with revisits.
    pub fn route(&self) -> &[usize] {
        match &self.outcome {
            Some(Outcome::Found(route)) | Some(Outcome::GaveUp { route, .. }) => route,
            _ => &self.route,
        }
    }

    /// Whether the follower has stood on `cell` facing its side `heading`.
    pub fn has_been(&self, cell: usize, heading: Side) -> bool {
        self.seen.contains(self.grid.max_sides(), cell, heading)
    }

    /// The way the rule takes from where the follower stands, with the cell it leads to.
    fn choose(&self, maze: &Maze) -> Option<(Side, usize)> {
        rule(&self.grid, maze, self.hand, self.cell, self.heading)
    }

    /// On the goal with a gap in the outer wall: whether the hand's order takes the gap
    /// before any open side (the rule, with the gap counted as open).
    fn out_through_exit(&self, maze: &Maze) -> bool {
        let Some(exit) = self.goal_exit else {
            return false;
        };
        let (grid, cell) = (&self.grid, self.cell);
        let ways = grid.ways(cell);
        let entered = entered(grid, cell, self.heading);
        for turn in 1..ways + 1 {
            let side = grid.way_side(maze.cell(cell), self.hand.turn(entered, turn, ways));
            if side == exit {
                return true;
            }
            if neighbour_through(grid, maze, cell, side).is_some() {
                return false;
            }
        }
        false
    }

    fn finish(&mut self, board: &mut Board) -> Step {
        // The route moves into the outcome: it can be millions of cells long.
        let route = std::mem::take(&mut self.route);
        mark_path(board, &route);
        let length = route.len() as u32;
        self.outcome = Some(Outcome::Found(route));
        Step::new(Event::Found { length }, FOUND)
    }

    fn give_up(&mut self, reason: &'static str) {
        self.outcome = Some(Outcome::GaveUp {
            route: std::mem::take(&mut self.route),
            reason,
        });
    }
}

/// The first open side, clockwise from side 0 (north), that the rule goes straight through
/// when facing it — on the square grid, the first with a wall on the hand's side; failing that
/// the first open side; failing that side 0 (the follower cannot move anyway).
fn starting_heading<T: Topology + Weave>(grid: &T, maze: &Maze, start: usize, hand: Hand) -> Side {
    // Headings are ways (see `rule`): on a weave 0 to 3, a tunnel's ordinary side.
    let bits = maze.cell(start);
    let open = |way| neighbour_through(grid, maze, start, grid.way_side(bits, way)).is_some();
    let straight = |way| rule(grid, maze, hand, start, way).map(|(s, _)| grid.way(s)) == Some(way);
    (0..grid.ways(start))
        .find(|&way| open(way) && straight(way))
        .or_else(|| (0..grid.ways(start)).find(|&way| open(way)))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::{Direction, E, N, S, W};

    fn run(solver: &mut WallFollower, board: &mut Board) -> Vec<Event> {
        let mut rng = Rng::new(0);
        std::iter::from_fn(|| solver.step(board, &mut rng))
            .map(|s| s.event)
            .collect()
    }

    /// A 3 x 3 weave: a corridor north-south over (1,1), and a tunnel from (0,1) east under
    /// it to (2,1); the rest a tree: 0-3, 3-6, 6-7, 7-4, 4-1, 1-2, 5-8.
    fn crossing() -> (crate::topology::Grid, Maze) {
        use crate::topology::{Grid, Shape};
        let grid = Grid::new(Shape::Weave, 3, 3).unwrap();
        let mut board = Board::new(Maze::on_grid(grid.clone()));
        for (cell, side) in [
            (0, 2),
            (3, 2),
            (6, 1),
            (7, 0),
            (4, 0),
            (1, 1),
            (5, 2),
            (3, 5),
        ] {
            let next = grid.neighbour(cell, side).unwrap();
            board.join(cell, side, next, grid.back(cell, side));
        }
        let maze = board.into_maze();
        assert!(maze.is_perfect());
        (grid, maze)
    }

    #[test]
    fn on_a_weave_a_tunnel_is_the_way_of_its_side() {
        let (grid, maze) = crossing();
        let (north, east, south) = (0, 1, 2);
        // On (0,1) facing north: to the right is east, the tunnel (side 5) to (2,1).
        assert_eq!(rule(&grid, &maze, Hand::Right, 3, north), Some((5, 5)));
        // The left hand: west is the border, so straight on north.
        assert_eq!(rule(&grid, &maze, Hand::Left, 3, north), Some((0, 0)));
        // Facing south: the left hand turns east, into the tunnel; the right goes on south.
        assert_eq!(rule(&grid, &maze, Hand::Left, 3, south), Some((5, 5)));
        assert_eq!(rule(&grid, &maze, Hand::Right, 3, south), Some((2, 6)));
        // Out of the tunnel the walker faces east, the way it went, and turns from there.
        assert_eq!(facing(&grid, 5, grid.back(3, 5)), east);
        assert_eq!(rule(&grid, &maze, Hand::Right, 5, east), Some((2, 8)));
        // A walk from (0,0) to (2,2) goes under the crossing, facing only the four ways.
        let mut board = Board::new(maze.clone());
        let mut left = WallFollower::on(grid.clone(), &maze, 0, 8, Hand::Left);
        let mut rng = Rng::new(0);
        while left.step(&mut board, &mut rng).is_some() {
            assert!(left.heading().is_some_and(|h| h < 4));
        }
        assert_eq!(left.outcome(), Some(&Outcome::Found(vec![0, 3, 5, 8])));
    }

    #[test]
    fn starts_with_the_hand_on_a_wall() {
        // A T-junction cell (1,0) open west, east and south, in a 3x2 grid.
        let maze = Maze::from_cells(3, 2, vec![E, W | E | S, W, 0, N, 0]).unwrap();
        let (grid, west, east, north) = (maze.square(), 3, 1, 0);
        // Right hand: east has south (open) on its right; south has west (open) on its right;
        // west has north (a wall) on its right.
        assert_eq!(starting_heading(&grid, &maze, 1, Hand::Right), west);
        // Left hand: east has north (a wall) on its left.
        assert_eq!(starting_heading(&grid, &maze, 1, Hand::Left), east);
        // A dead end faces its only way out.
        assert_eq!(starting_heading(&grid, &maze, 4, Hand::Right), north);
        // No way out: north, by convention.
        assert_eq!(starting_heading(&grid, &maze, 3, Hand::Left), north);
    }

    #[test]
    fn walks_into_dead_ends_and_out_again() {
        // Corridor 0-1-2 with a dead end 4 below the middle; goal at the east end.
        let maze = Maze::from_cells(3, 2, vec![E, W | E | S, W, 0, N, 0]).unwrap();
        let mut board = Board::new(maze.clone());
        let mut right = WallFollower::new(&maze, 0, 2, Hand::Right);
        let events = run(&mut right, &mut board);
        // Right hand on the wall: at the junction the right side (south) is open: into the
        // dead end, back out (now facing north, right is east), on to the goal.
        assert_eq!(right.outcome(), Some(&Outcome::Found(vec![0, 1, 4, 1, 2])));
        assert_eq!(right.visited(), 4);
        assert_eq!(events.first(), Some(&Event::Begin { cell: 0 }));
        assert_eq!(events.last(), Some(&Event::Found { length: 5 }));
        assert_eq!(right.heading(), Some(Direction::East.side()));

        // The left hand keeps the wall on the north side and walks straight through.
        let mut board = Board::new(maze.clone());
        let mut left = WallFollower::new(&maze, 0, 2, Hand::Left);
        run(&mut left, &mut board);
        assert_eq!(left.outcome(), Some(&Outcome::Found(vec![0, 1, 2])));
        assert_eq!(board.mark(4), 0);
        assert_eq!(board.mark(1), mark::VISITED | mark::PATH);
    }

    #[test]
    fn gives_up_circling_an_island() {
        // A 3x3 ring around a closed centre cell; the goal is the centre, sealed off.
        let cells = vec![E | S, W | E, W | S, N | S, 0, N | S, N | E, W | E, N | W];
        let maze = Maze::from_cells(3, 3, cells).unwrap();
        for hand in [Hand::Right, Hand::Left] {
            let mut board = Board::new(maze.clone());
            let mut solver = WallFollower::new(&maze, 0, 4, hand);
            let events = run(&mut solver, &mut board);
            let Some(Outcome::GaveUp { route, reason }) = solver.outcome() else {
                panic!("{hand:?}: {:?}", solver.outcome());
            };
            assert_eq!(*reason, LOOPED);
            // Once round the ring (eight moves), back on the start facing a new way, then the
            // first move again: into the same cell with the same heading as before.
            assert_eq!(route.len(), 10);
            assert_eq!(route.first(), Some(&0));
            assert_eq!(route[8], 0);
            assert_eq!(route[9], route[1]);
            assert_eq!(solver.visited(), 8);
            let cell = route[1] as u32;
            assert!(
                matches!(events.last(), Some(&Event::Looped { cell: c, .. }) if c == cell),
                "{events:?}"
            );
        }
    }

    #[test]
    fn a_walled_in_start_ends_at_once() {
        let maze = Maze::new(2, 1).unwrap();
        let mut board = Board::new(maze.clone());
        let mut solver = WallFollower::new(&maze, 0, 1, Hand::Right);
        let events = run(&mut solver, &mut board);
        assert_eq!(events, [Event::Begin { cell: 0 }, Event::Unreachable]);
        assert_eq!(
            solver.outcome(),
            Some(&Outcome::GaveUp {
                route: vec![0],
                reason: WALLED_IN
            })
        );
    }
}
