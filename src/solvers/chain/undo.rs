//! Taking a step of the chain algorithm back. Every step notes the walker's state before it
//! (its phase, its place on the line, its cell and the robot that moved last); a move notes
//! whether it entered a cell for the first time, and a robot's move where that robot stood.
//! The board's journal brings the marks back.

use super::{Chain, Phase, BEGIN, BUMP, NO_PARENT};
use crate::machine::{Event, Step};
use crate::maze::Direction;

/// Words of the walker's state: the phase (a tag and its three values), the place on the
/// line, the cell and the last robot to move.
const STATE_WORDS: usize = 7;

impl Chain {
    /// The walker's state as words, noted before every step.
    pub(super) fn state_words(&self) -> [u32; STATE_WORDS] {
        let phase = match self.phase {
            Phase::Start => [0, 0, 0, 0],
            Phase::Line => [1, 0, 0, 0],
            Phase::Robots { turn } => [2, turn as u32, 0, 0],
            Phase::Follow { robot, next, to } => [3, robot as u32, next as u32, to as u32],
        };
        let [tag, a, b, c] = phase;
        [
            tag,
            a,
            b,
            c,
            self.at as u32,
            self.walker as u32,
            self.mover as u32,
        ]
    }

    /// Puts the state back as it was before `step`, from its `notes`. False, changing
    /// nothing, when the notes are not a step's of this machine.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        if notes.len() < STATE_WORDS {
            return false;
        }
        let (state, extra) = notes.split_at(STATE_WORDS);
        let phase = match state[..4] {
            [0, ..] => Phase::Start,
            [1, ..] => Phase::Line,
            [2, turn, ..] => Phase::Robots {
                turn: turn as usize,
            },
            [3, robot, next, to] => Phase::Follow {
                robot: robot as usize,
                next: next as usize,
                to: to as usize,
            },
            _ => return false,
        };
        match (step.event, extra) {
            (Event::Begin { .. }, []) if step.line == BEGIN.0 => {
                self.first_from[self.start] = NO_PARENT;
                self.visited = 0;
            }
            // The walker's move, along the line or a robot's route.
            (Event::Move { to, .. }, &[first]) => {
                self.moves -= 1;
                if first == 1 {
                    self.first_from[to as usize] = NO_PARENT;
                    self.visited -= 1;
                }
            }
            (Event::Turn { .. }, []) if step.line == BUMP.0 => {
                let Some(robots) = self.past.pop() else {
                    return false;
                };
                self.robots = robots;
            }
            // A robot's move (the last one may have ended the search).
            (Event::Move { .. } | Event::Unreachable, &[turn, from, heading, first_move]) => {
                let Some(robot) = self.robots.get_mut(turn as usize) else {
                    return false;
                };
                robot.cell = from as usize;
                robot.heading = Direction::ALL[heading as usize % 4];
                robot.route.pop();
                robot.back = false;
                if first_move == 1 {
                    robot.first = None;
                }
                self.robot_moves -= 1;
            }
            // The goal found, or a walker walled in.
            (Event::Found { .. } | Event::Unreachable, []) => {}
            _ => return false,
        }
        self.phase = phase;
        self.at = state[4] as usize;
        self.walker = state[5] as usize;
        self.mover = state[6] as usize;
        self.outcome = None;
        true
    }
}
