//! The one step trait every generator, solver and the player implement.
//!
//! A machine owns its bookkeeping (queue, stack, run, sets, heading) but not the maze: like
//! petgraph's `Dfs`, it is handed the [`Board`] on each call, so an owner (the wasm edge, the
//! command line, a test) can hold both and look at the board between steps.
//!
//! - this file: the trait, [`Step`] and [`Info`];
//! - `event.rs`: what a step did ([`Event`]) and the words for jumping to the next of a kind;
//! - `narration.rs`: what a step says, built piece by piece ([`Words`], [`describe`]) into a
//!   [`Sentence`] (from [`crate::words`]);
//! - `structure.rs`: the data-structure views of the teaching panel ([`Structure`]).

mod event;
mod narration;
mod structure;

pub use event::{event_label, Event, EVENT_KINDS};
pub use narration::{describe, event_sentence, side_words, xy, Words};
pub use structure::{heap_best, Structure};
// What narration is made of, from the words layer below; here too for the front ends.
pub use crate::words::{known_words, reason_words, slug, Arg, Sentence, Template, ENGLISH, UNITS};

use crate::board::Board;
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::Side;

/// One step: what happened and which line of the algorithm's pseudocode did it.
///
/// The cells it changed, with old and new bytes, are the board's journal entries recorded
/// during the step (see [`crate::board::Board::journal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub event: Event,
    /// Index into the machine's [`Info::pseudocode`].
    pub line: u8,
}

impl Step {
    /// A step that did `event`, reported at the pseudocode line `line`.
    pub fn new(event: Event, line: Line) -> Step {
        Step {
            event,
            line: line.0,
        }
    }
}

/// A line of an algorithm's pseudocode: its index in [`Info::pseudocode`]. Every algorithm
/// names the lines its steps report right below its pseudocode, each marked there with its
/// name (`"        carve to it, push it", // PUSH` and `const PUSH: Line = Line(4);`), so a
/// step says `Step::new(event, PUSH)`, never a bare number (tests/pseudocode.rs checks both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line(pub u8);

/// What the page and the command line show about an algorithm. One per algorithm, static.
#[derive(Debug)]
pub struct Info {
    /// The name used on the command line and in URLs, e.g. `"recursive-backtracker"`.
    pub name: &'static str,
    /// A human title, e.g. `"Recursive Backtracker"`.
    pub title: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// What one step is, for this algorithm.
    pub step_unit: &'static str,
    /// The pseudocode; [`Step::line`] indexes it.
    pub pseudocode: &'static [&'static str],
    /// Which mark bits it uses and what they mean here, for the legend.
    pub marks: &'static [(u8, &'static str)],
    /// The event kinds worth jumping to ("next set merge"), most interesting first; each is
    /// one of [`EVENT_KINDS`]. "begin" and "unreachable" are left out: they happen at most
    /// once, at the first step or the last.
    pub events: &'static [&'static str],
}

/// `Debug` for a machine, natively: tests compare a machine's whole state before and after a
/// step taken back. Not in wasm, where every machine's derived `Debug` would be code in the
/// module (about 70 KB) that nothing calls.
#[cfg(not(target_arch = "wasm32"))]
pub trait DebugState: std::fmt::Debug {}
#[cfg(not(target_arch = "wasm32"))]
impl<T: std::fmt::Debug + ?Sized> DebugState for T {}
#[cfg(target_arch = "wasm32")]
pub trait DebugState {}
#[cfg(target_arch = "wasm32")]
impl<T: ?Sized> DebugState for T {}

/// A value advanced one observable step at a time.
pub trait Machine: CloneMachine + DebugState {
    /// Does one step and says what it did, or returns `None` once finished (and on every call
    /// after that). Never recurses, never panics on a board of the size it was made for.
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step>;

    /// The algorithm's static description.
    fn info(&self) -> &'static Info;

    /// Whether `step` would return `None`.
    fn is_done(&self) -> bool;

    /// The cell being worked on, if any.
    fn current(&self) -> Option<usize> {
        None
    }

    /// The way the machine faces, for those with a heading (wall followers, Trémaux): a side
    /// of the current cell (on the square grid 0 north, 1 east, 2 south, 3 west).
    fn heading(&self) -> Option<Side> {
        None
    }

    /// Whether this generator adds walls rather than carving passages: it then starts from an
    /// open field (every interior wall open) instead of a grid of closed cells. Honoured by
    /// [`crate::generators::starting_maze`], and through it by `generate` and `run::Run`.
    fn starts_open(&self) -> bool {
        false
    }

    /// Named sizes of its internal state for the status panel ("run" 3, "queue" 17, "sets" 40).
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// Calls `step` until it returns `None`; says how many steps that took and what the last
    /// one was. Provided here so every machine gets its own copy of this loop with its `step`
    /// inlined: one dynamic call per run instead of one per step. Same `step`, so the same
    /// result as stepping. A machine may override it to do the same work its own way when
    /// nobody watches (SideWinder does rows at a time); a test holds every machine to the
    /// result of stepping, from any point of its run.
    ///
    /// The steps land in two variables, taking turns, rather than each being copied into a
    /// `last` variable: a `step` that is not inlined writes its result field by field, and
    /// copying it whole right away stalls the processor until those writes are done (store
    /// forwarding fails). That stall was half of Aldous-Broder's run. Only the variant is
    /// read here, which forwards fine.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        let mut steps = 0;
        let mut even = None;
        loop {
            let odd = self.step(board, rng);
            if odd.is_none() {
                return (steps, even);
            }
            steps += 1;
            even = self.step(board, rng);
            if even.is_none() {
                return (steps, odd);
            }
            steps += 1;
        }
    }

    /// One plain sentence saying what `step` (the step just done) did. Called with the state
    /// after that step, so a machine may use its own state to say more. The default words
    /// come from the event alone.
    fn narrate(&self, step: &Step, maze: &Maze) -> String {
        self.sentence(step, maze).english()
    }

    /// [`Machine::narrate`] as data: a key of [`ENGLISH`] and its values, which the page
    /// fills in its language. Machines say more than the event by overriding this.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        event_sentence(&step.event, maze)
    }

    /// The words this algorithm says that are its own (its narration, its notes), declared
    /// beside its [`Info`] as `pub static WORDS: &[Template]` and said with [`Sentence::of`].
    /// Words shared by several machines stay in [`ENGLISH`]. en.json's `core` section takes
    /// these in (tests/i18n_core.rs), and tests/every_algorithm.rs checks every language has
    /// them.
    fn words(&self) -> &'static [Template] {
        &[]
    }

    /// The machine's data structures as they stand now, each with at most `limit` items.
    fn inspect(&self, _maze: &Maze, _limit: usize) -> Vec<Structure> {
        Vec::new()
    }

    /// Takes back `step`, the last step this machine did, putting its own state exactly as it
    /// was before (the run restores the board and the random numbers). `notes` are the words
    /// the step gave [`Board::note`], oldest first; `board` is still as the step left it.
    /// Returns false, changing nothing, if the machine cannot: the run then restores a saved
    /// state and replays, which is slow on big mazes. Only ever called for the last step not
    /// yet taken back, and only if that step ran with the journal on.
    fn undo(&mut self, _step: &Step, _notes: &[u32], _board: &Board) -> bool {
        false
    }
}

/// [`Machine::step_to_end`] for a machine whose `step` is `#[inline(always)]`: there the step
/// is built in registers, so keeping the last one costs no stall, and one call site instead
/// of the default's two keeps a single copy of the inlined step (a kilobyte or so in wasm).
#[inline(always)]
pub fn step_to_end_inlined<M: Machine + ?Sized>(
    machine: &mut M,
    board: &mut Board,
    rng: &mut Rng,
) -> (u64, Option<Step>) {
    let (mut steps, mut last) = (0, None);
    while let Some(step) = machine.step(board, rng) {
        steps += 1;
        last = Some(step);
    }
    (steps, last)
}

/// [`step_to_end_inlined`] for a small machine with no heap data (Binary Tree, SideWinder):
/// it runs on copies of the machine and the random number generator in local variables, and
/// puts them back at the end. The compiler keeps locals in registers, where it must otherwise
/// store every field back to memory each step; in these loops of a few dozen instructions
/// per cell that was a good part of the work.
#[inline(always)]
pub fn step_to_end_local<M: Machine + Clone>(
    machine: &mut M,
    board: &mut Board,
    rng: &mut Rng,
) -> (u64, Option<Step>) {
    let (mut local, mut local_rng) = (machine.clone(), rng.clone());
    let result = step_to_end_inlined(&mut local, board, &mut local_rng);
    (*machine, *rng) = (local, local_rng);
    result
}

/// A copy of a machine behind a box: what lets a run keep checkpoints of its machines. Every
/// `Clone` machine gets it for free.
pub trait CloneMachine {
    fn clone_machine(&self) -> Box<dyn Machine>;
}

impl<T: Machine + Clone + 'static> CloneMachine for T {
    fn clone_machine(&self) -> Box<dyn Machine> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Machine> {
    fn clone(&self) -> Self {
        // Call through the trait object, not on the box (that would recurse into this impl).
        (**self).clone_machine()
    }
}

/// Steps a machine until it is done, with the board's journal off, by
/// [`Machine::step_to_end`]: the same maze, step count and last step as stepping one at a time.
pub fn run_to_end(machine: &mut dyn Machine, board: &mut Board, rng: &mut Rng) -> u64 {
    let journaling = board.is_journaling();
    board.set_journaling(false);
    let (steps, _) = machine.step_to_end(board, rng);
    board.set_journaling(journaling);
    steps
}
