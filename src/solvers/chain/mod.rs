//! Chain algorithm: follow a straight guide line to the goal, and send two wall-following
//! robots round every wall that blocks it.
//!
//! How it works (Walter Pullen's *Think Labyrinth*: the maze is solved as a chain of smaller
//! mazes, one for each stretch of the line):
//! 1. Draw a guide line of cells from the start to the goal: the cells a straight line between
//!    them passes, each beside the next, through walls and all.
//! 2. Walk along the line while the passage to its next cell is open.
//! 3. At a wall across the line, send out two robots from here, both ways round the wall: one
//!    keeps it on its right hand, the other on its left. They move in turns, one move each.
//! 4. The first robot to stand on the line again, at a cell nearer the goal than where they
//!    set out, wins: walk its route there and go on along the line (step 2).
//! 5. If both robots come back to where they began without that, the wall they went round
//!    shuts the goal out: it cannot be reached.
//!
//! Each robot walks round the one wall it set out from, the edge of the open space the walker
//! is in. If the goal is in that space, the line must come back into it across that same wall,
//! beside which a robot passes: so the chain always finds a way when there is one, and each
//! stretch ends nearer the goal, so it ends. The way is rarely the shortest.
//!
//! The plain square grid only (the guide line is drawn in rows and columns). One step is one
//! move of the walker or of a robot (`Move`); the first step draws the line (`Begin`), a wall
//! across it sends the robots (`Turn`, facing the wall), and the last says how it ended
//! (`Found`, or `Unreachable` when both robots came back). Marks: `SPECIAL` for the guide line,
//! `VISITED` for the cells the walker has walked, `FRONTIER` for the robots' trails, `PATH`
//! for the result: the first way into each cell the walker reached, followed back from the
//! goal (the walk itself may cross its own trail).

mod undo;

use super::{mark_path, trace_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::{side_words, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;
use crate::topology::Side;
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "chain",
    title: "Chain algorithm",
    summary: "Follows a straight guide line to the goal; at a wall, sends two wall-following \
              robots both ways round and follows the first back to the line.",
    step_unit: "one move of the walker or of a robot",
    pseudocode: &[
        "draw a guide line of cells straight from the start to the goal", // BEGIN
        "while not on the goal:",
        "    if the passage to the line's next cell is open: move to it", // ALONG
        "    else (a wall across the line): send two robots from here, both ways round it", // BUMP
        "        move each robot in turn along the wall, one on its right hand, one on its left", // ROBOT
        "        the first back on the line nearer the goal wins: follow its route there", // FOLLOW
        "        if both robots come back to where they began: the goal cannot be reached", // BOTH_BACK
        "on the goal: the first way into each cell, followed back, is the path",            // FOUND
    ],
    marks: &[
        (mark::SPECIAL, "the guide line"),
        (mark::VISITED, "walked"),
        (mark::FRONTIER, "a robot's trail"),
        (mark::PATH, "path found"),
    ],
    events: &["turn", "move", "found"],
};

// The pseudocode lines a step reports, by name (the other is the loop).
const BEGIN: Line = Line(0);
const ALONG: Line = Line(2);
const BUMP: Line = Line(3);
const ROBOT: Line = Line(4);
const FOLLOW: Line = Line(5);
const BOTH_BACK: Line = Line(6);
const FOUND: Line = Line(7);

/// What the chain algorithm says, in English.
pub static WORDS: &[Template] = &[
    DREW,
    ALONG_WORDS,
    BUMPED,
    RIGHT_HAND,
    LEFT_HAND,
    MOVED,
    MET,
    CAME_BACK,
    FOLLOWED,
    REJOINED,
    GAVE_UP,
    REACHED,
    LINE_NOTE,
    ROBOTS_NOTE,
];

const DREW: Template = Template {
    key: "narration.chain.begin",
    english: "Drew a straight guide line of {length:cell} from the start, cell {cell}, to the \
              goal, cell {goal}: now follow it.",
};
const ALONG_WORDS: Template = Template {
    key: "narration.chain.along",
    english: "Followed the guide line {side} from cell {from} to cell {to}; {left} line cells \
              to the goal.",
};
const BUMPED: Template = Template {
    key: "narration.chain.bump",
    english: "A wall blocks the guide line {side} of cell {cell}: sent two robots round it, one \
              keeping the wall on its right hand, the other on its left.",
};
const RIGHT_HAND: Template = Template {
    key: "narration.chain.right-hand",
    english: "right-hand",
};
const LEFT_HAND: Template = Template {
    key: "narration.chain.left-hand",
    english: "left-hand",
};
const MOVED: Template = Template {
    key: "narration.chain.robot",
    english: "The {hand} robot moved {side} from cell {from} to cell {to}.",
};
const MET: Template = Template {
    key: "narration.chain.met",
    english: "The {hand} robot moved {side} to cell {to}, on the guide line nearer the goal: it \
              wins, and the walker follows its route of {moves:move}.",
};
const CAME_BACK: Template = Template {
    key: "narration.chain.came-back",
    english: "The {hand} robot moved {side} to cell {to} and is back where it began, without \
              meeting the line nearer the goal.",
};
const FOLLOWED: Template = Template {
    key: "narration.chain.follow",
    english: "Followed the winning robot's route {side} from cell {from} to cell {to}.",
};
const REJOINED: Template = Template {
    key: "narration.chain.rejoin",
    english: "Followed the winning robot's route {side} to cell {to}: back on the guide line, \
              {left} line cells from the goal.",
};
const GAVE_UP: Template = Template {
    key: "narration.chain.unreachable",
    english: "Both robots came back to where they began: the wall they went round shuts the \
              goal out, so it cannot be reached.",
};
const REACHED: Template = Template {
    key: "narration.chain.found",
    english: "Reached the goal after {moves:move} of the walker; the first way into each cell, \
              followed back from the goal, is a path of {length:cell}.",
};
const LINE_NOTE: Template = Template {
    key: "notes.chain.line",
    english: "the line's cells still ahead, the next first; {left} to the goal",
};
const ROBOTS_NOTE: Template = Template {
    key: "notes.chain.robots",
    english: "the right-hand robot first, then the left-hand one; {moves:move} made so far",
};

/// One wall-following robot: where it stands, the way it faces, and the route it walked.
#[derive(Clone, Debug)]
struct Robot {
    /// Keeps the wall on its right hand (else on its left).
    right_hand: bool,
    cell: usize,
    heading: Direction,
    /// Its state after its first move: back in it, it has gone all the way round.
    first: Option<(usize, Direction)>,
    /// The cells it moved to, in order.
    route: Vec<u32>,
    /// Came back to where it began (or could not move at all).
    back: bool,
}

/// What the walker is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Before the first step.
    Start,
    /// Walking along the guide line.
    Line,
    /// Two robots out round a wall; the next to move is `robots[turn]`.
    Robots { turn: usize },
    /// Walking the winner's route: `next` moves of it done; the line index it ends at.
    Follow {
        robot: usize,
        next: usize,
        to: usize,
    },
}

/// The chain algorithm as a step machine, on the plain square grid.
#[derive(Clone, Debug)]
pub struct Chain {
    width: usize,
    start: usize,
    goal: usize,
    /// The guide line, start first, goal last.
    line: Vec<u32>,
    /// Each cell's place on the guide line, [`NO_PARENT`] off it.
    on_line: Vec<u32>,
    /// The walker's place on the line (while walking a robot's route, the place it left).
    at: usize,
    walker: usize,
    phase: Phase,
    /// The robots sent round the last wall (kept after the walker is back on the line, until
    /// the next wall).
    robots: Vec<Robot>,
    /// The robots of the walls before, oldest first: for taking a step back.
    past: Vec<Vec<Robot>>,
    /// The robot that moved last.
    mover: usize,
    /// The first cell each cell was entered from by the walker (the start is its own).
    first_from: Vec<u32>,
    moves: u64,
    robot_moves: u64,
    visited: u64,
    outcome: Option<Outcome>,
}

impl Machine for Chain {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        // For `undo`: the walker's state before the step (the step adds what it changed).
        board.note_words(&self.state_words());
        match self.phase {
            Phase::Start => {
                self.phase = Phase::Line;
                for &cell in &self.line {
                    board.add_mark(cell as usize, mark::SPECIAL);
                }
                self.first_from[self.start] = self.start as u32;
                self.visited = 1;
                board.add_mark(self.start, mark::VISITED);
                let cell = self.start as u32;
                Some(Step::new(Event::Begin { cell }, BEGIN))
            }
            Phase::Line => Some(self.along(board)),
            Phase::Robots { turn } => Some(self.move_robot(board, turn)),
            Phase::Follow { robot, next, to } => Some(self.follow(board, robot, next, to)),
        }
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        match self.phase {
            Phase::Start => None,
            Phase::Robots { turn } => Some(self.robots[1 - turn].cell),
            _ => Some(self.walker),
        }
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let left = (self.line.len() - 1 - self.at) as u64;
        let hand = |robot: &Robot| {
            Sentence::of(if robot.right_hand {
                &RIGHT_HAND
            } else {
                &LEFT_HAND
            })
        };
        match (step.event, step.line) {
            (Event::Begin { cell }, _) => Sentence::of(&DREW)
                .n("length", self.line.len() as u64)
                .cell("cell", maze, cell as usize)
                .cell("goal", maze, self.goal),
            (Event::Turn { cell, heading }, _) => Sentence::of(&BUMPED)
                .words("side", side_words(maze, cell, heading))
                .cell("cell", maze, cell as usize),
            (Event::Move { from, to, heading }, line) => {
                let template = match line {
                    l if l == ALONG.0 => &ALONG_WORDS,
                    l if l == FOLLOW.0 => match self.phase {
                        Phase::Follow { .. } => &FOLLOWED,
                        _ => &REJOINED,
                    },
                    _ => &MOVED,
                };
                // A robot's move: which robot, and how it ended.
                let (template, hand_words, moves) = match self.robots.get(self.mover) {
                    Some(robot) if line == ROBOT.0 => {
                        let template = if robot.back {
                            &CAME_BACK
                        } else if self.is_winner(robot) {
                            &MET
                        } else {
                            &MOVED
                        };
                        (template, hand(robot), robot.route.len() as u64)
                    }
                    _ => (template, Sentence::of(&RIGHT_HAND), 0),
                };
                Sentence::of(template)
                    .words("hand", hand_words)
                    .words("side", side_words(maze, from, heading))
                    .cell("from", maze, from as usize)
                    .cell("to", maze, to as usize)
                    .n("moves", moves)
                    .n("left", left)
            }
            (Event::Unreachable, _) => Sentence::of(&GAVE_UP),
            (Event::Found { length }, _) => Sentence::of(&REACHED)
                .n("moves", self.moves)
                .n("length", length),
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("line cells left", (self.line.len() - 1 - self.at) as u64),
            ("moves", self.moves),
            ("robot moves", self.robot_moves),
            ("visited", self.visited),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let ahead = &self.line[(self.at + 1).min(self.line.len())..];
        let left = ahead.len() as u64;
        let robots_out = matches!(self.phase, Phase::Robots { .. });
        let mut robots = self
            .robots
            .iter()
            .filter(|_| robots_out)
            .map(|robot| robot.cell);
        // Their moves count until the walker is back on the line.
        let following = matches!(self.phase, Phase::Follow { .. });
        let made: u64 = self
            .robots
            .iter()
            .filter(|_| robots_out || following)
            .map(|r| r.route.len() as u64)
            .sum();
        vec![
            Structure::new("Guide line ahead", left)
                .cells(maze, &mut ahead.iter().map(|&c| c as usize), limit)
                .say(Sentence::of(&LINE_NOTE).n("left", left)),
            Structure::new("Robots", if robots_out { 2 } else { 0 })
                .cells(maze, &mut robots, limit)
                .say(Sentence::of(&ROBOTS_NOTE).n("moves", made)),
        ]
    }
}

impl Chain {
    /// The chain algorithm on `maze` (a plain square grid) from `start` to `goal`.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Chain {
        let width = maze.width() as usize;
        let line = guide_line(width, start, goal);
        let mut on_line = vec![NO_PARENT; maze.len()];
        for (i, &cell) in line.iter().enumerate() {
            on_line[cell as usize] = i as u32;
        }
        Chain {
            width,
            start,
            goal,
            line,
            on_line,
            at: 0,
            walker: start,
            phase: Phase::Start,
            robots: Vec::new(),
            past: Vec::new(),
            mover: 0,
            first_from: vec![NO_PARENT; maze.len()],
            moves: 0,
            robot_moves: 0,
            visited: 0,
            outcome: None,
        }
    }

    /// The guide line, start first.
    pub fn guide_line(&self) -> Vec<usize> {
        self.line.iter().map(|&c| c as usize).collect()
    }

    /// On the line: the goal reached, a move along it, or a wall that sends the robots out.
    fn along(&mut self, board: &mut Board) -> Step {
        let from = self.walker;
        if from == self.goal {
            let path = trace_path(&self.first_from, self.start, self.goal);
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Step::new(Event::Found { length }, FOUND);
        }
        let next = self.line[self.at + 1] as usize;
        let dir = self.direction(from, next);
        if board.maze().is_open(from, dir) {
            self.at += 1;
            self.walk(board, next);
            return Step::new(move_event(from, next, dir), ALONG);
        }
        // Facing the wall: the right-hand robot turns left to keep it on its right, and the
        // left-hand one right.
        let robots = [(true, dir.left()), (false, dir.right())]
            .into_iter()
            .map(|(right_hand, heading)| Robot {
                right_hand,
                cell: from,
                heading,
                first: None,
                route: Vec::new(),
                back: false,
            })
            .collect();
        self.past.push(std::mem::replace(&mut self.robots, robots));
        self.phase = Phase::Robots { turn: 0 };
        Step::new(
            Event::Turn {
                cell: from as u32,
                heading: dir as Side,
            },
            BUMP,
        )
    }

    /// One move of the robot whose turn it is.
    fn move_robot(&mut self, board: &mut Board, turn: usize) -> Step {
        let maze = board.maze();
        let robot = &self.robots[turn];
        let (from, heading) = (robot.cell, robot.heading);
        let turns = if robot.right_hand {
            [heading.right(), heading, heading.left(), heading.opposite()]
        } else {
            [heading.left(), heading, heading.right(), heading.opposite()]
        };
        let way = turns
            .into_iter()
            .find_map(|dir| maze.passage(from, dir).map(|to| (dir, to)));
        let Some((dir, to)) = way else {
            // Walled in: neither robot can move, and the goal is out of reach.
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, BOTH_BACK);
        };
        // For `undo`: which robot moved, from where, facing which way, and whether it had
        // moved before.
        let first_move = u32::from(robot.first.is_none());
        board.note_words(&[turn as u32, from as u32, heading as u32, first_move]);
        self.robot_moves += 1;
        self.mover = turn;
        let robot = &mut self.robots[turn];
        robot.cell = to;
        robot.heading = dir;
        robot.route.push(to as u32);
        match robot.first {
            None => robot.first = Some((to, dir)),
            Some(first) => robot.back = first == (to, dir),
        }
        // A walk round a wall meets each cell facing each way at most once: past that it is
        // going round for ever (only on a grid that is not square, which the registry refuses).
        robot.back |= robot.route.len() > 4 * self.first_from.len() + 4;
        board.add_mark(to, mark::FRONTIER);
        let event = move_event(from, to, dir);
        let robot = &self.robots[turn];
        if self.is_winner(robot) {
            let to = self.on_line[robot.cell] as usize;
            self.phase = Phase::Follow {
                robot: turn,
                next: 0,
                to,
            };
        } else if self.robots.iter().all(|r| r.back) {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, BOTH_BACK);
        } else {
            let other = 1 - turn;
            let next = if self.robots[other].back { turn } else { other };
            self.phase = Phase::Robots { turn: next };
        }
        Step::new(event, ROBOT)
    }

    /// Whether `robot` stands on the guide line nearer the goal than the walker (and has not
    /// come back to where it began).
    fn is_winner(&self, robot: &Robot) -> bool {
        let place = self.on_line[robot.cell];
        !robot.back && place != NO_PARENT && place as usize > self.at
    }

    /// One move of the walker along the winning robot's route.
    fn follow(&mut self, board: &mut Board, robot: usize, next: usize, to: usize) -> Step {
        let from = self.walker;
        let cell = self.robots[robot].route[next] as usize;
        let dir = self.direction(from, cell);
        self.walk(board, cell);
        if next + 1 == self.robots[robot].route.len() {
            // Back on the line: the robots' trails are wiped.
            for robot in &self.robots {
                for &cell in &robot.route {
                    board.remove_mark(cell as usize, mark::FRONTIER);
                }
            }
            self.at = to;
            self.phase = Phase::Line;
        } else {
            self.phase = Phase::Follow {
                robot,
                next: next + 1,
                to,
            };
        }
        Step::new(move_event(from, cell, dir), FOLLOW)
    }

    /// Moves the walker to `cell`, a neighbour, noting the first way into it.
    fn walk(&mut self, board: &mut Board, cell: usize) {
        // For `undo`: whether this is the first way into `cell`.
        board.note(u32::from(self.first_from[cell] == NO_PARENT));
        if self.first_from[cell] == NO_PARENT {
            self.first_from[cell] = self.walker as u32;
            self.visited += 1;
            board.add_mark(cell, mark::VISITED);
        }
        self.walker = cell;
        self.moves += 1;
    }

    /// The way from `cell` to `next`, a neighbour.
    fn direction(&self, cell: usize, next: usize) -> Direction {
        if next == cell + 1 {
            Direction::East
        } else if next + 1 == cell {
            Direction::West
        } else if next > cell {
            Direction::South
        } else {
            debug_assert_eq!(next + self.width, cell);
            Direction::North
        }
    }
}

fn move_event(from: usize, to: usize, dir: Direction) -> Event {
    Event::Move {
        from: from as u32,
        to: to as u32,
        heading: dir as Side,
    }
}

/// The cells a straight line from the middle of `start` to the middle of `goal` passes
/// through, on a grid `width` cells wide, each beside the next (a step across or a step
/// down, never both): where the line crosses a column boundary before a row boundary, the
/// next cell is across.
pub fn guide_line(width: usize, start: usize, goal: usize) -> Vec<u32> {
    let (x0, y0) = ((start % width) as i64, (start / width) as i64);
    let (x1, y1) = ((goal % width) as i64, (goal / width) as i64);
    let (dx, dy) = ((x1 - x0).abs(), (y1 - y0).abs());
    let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
    let (mut x, mut y) = (x0, y0);
    let (mut across, mut down) = (0, 0);
    let mut line = Vec::with_capacity((dx + dy + 1) as usize);
    line.push(start as u32);
    while (across, down) != (dx, dy) {
        // The next column boundary is crossed at (2·across + 1) / (2·dx) of the way, the
        // next row boundary at (2·down + 1) / (2·dy): take the nearer (across on a tie).
        let go_across = down == dy || (across < dx && (2 * across + 1) * dy <= (2 * down + 1) * dx);
        if go_across {
            across += 1;
            x += sx;
        } else {
            down += 1;
            y += sy;
        }
        line.push((y * width as i64 + x) as u32);
    }
    line
}

impl Solver for Chain {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }
}

#[cfg(test)]
mod tests;
