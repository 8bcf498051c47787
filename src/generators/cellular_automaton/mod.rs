//! Cellular-automaton mazes: random noise grown into corridors by the "Maze" rule of Life.
//!
//! How it works (as in Pullen's *Think Labyrinth* and mazelib):
//! 1. Start from an open field: every wall between two cells open.
//! 2. Generation 0, the random fill: block each cell with a chance of the density. A blocked
//!    cell is *alive*, a free one *dead*.
//! 3. Each following generation counts, for every cell, the blocked cells among the eight
//!    around it (cells beyond the edge count as free). A free cell with exactly 3 becomes
//!    blocked (it is *born*: B3); a blocked cell with 1 to 5 stays blocked (it *survives*:
//!    S12345), with any other count it is freed. All cells change together, from the
//!    generation before. The "Mazectric" rule is the same with survival on 1 to 4 (S1234),
//!    which makes straighter, longer corridors.
//! 4. Stop when a generation changes no cell (the pattern has *settled*), or after
//!    [`MAX_GENERATIONS`] generations: some patterns never settle (a few cells blink for
//!    ever), and the limit says so.
//!
//! Not a perfect maze: the blocked cells grow into walls one cell thick with corridors between,
//! but nothing promises that every corridor is joined to the others, so the start and the goal
//! may end up apart; the searches then report that there is no path, as on caves.
//!
//! The square grid only: the rules count the eight cells around a cell, its sides and its
//! corners. One step is one generation (the first: the random fill); a generation that
//! changes nothing is the last step, and says the pattern settled; the last generation
//! allowed says it stopped at the limit. Marks: `SPECIAL` for the cells the last generation
//! changed. Only the cells beside a change can change next, so after the first generations a
//! step looks at those alone.

mod undo;

use crate::board::{mark, Board};
use crate::machine::{Event, Info, Line, Machine, Step, Template};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;
use crate::words::Sentence;
use crate::world::{BLOCKED, PLAIN};

pub static INFO: Info = Info {
    name: "cellular-automaton",
    title: "Cellular automaton (Maze rule)",
    summary: "Random noise grown into corridors by the Maze rule of Life, B3/S12345 (or \
              Mazectric, B3/S1234), until it settles.",
    step_unit: "one generation (the first: the random fill)",
    pseudocode: &[
        "start with every wall between two cells open",
        "block each cell with a chance of the density", // RANDOM_FILL
        "repeat, one generation at a time:",
        "    for every cell, count the blocked cells among the eight around it",
        "    free with exactly 3: blocked (born, B3)",
        "    blocked with 1 to 5 (Mazectric: 1 to 4): stays blocked (survives); else freed", // GENERATION
        "    if no cell changed: stop, the pattern has settled", // SETTLED
        "    if that was the last generation allowed: stop at the limit", // AT_LIMIT
    ],
    marks: &[(mark::SPECIAL, "changed in the last generation")],
    events: &["generation"],
};

// The pseudocode lines a step reports, by name (the others are the loop and the counts done
// inside a generation's step).
const RANDOM_FILL: Line = Line(1);
const GENERATION: Line = Line(5);
const SETTLED: Line = Line(6);
const AT_LIMIT: Line = Line(7);

/// What the cellular automaton says, in English.
pub static WORDS: &[Template] = &[FILLED, GENERATED, SETTLED_WORDS, LIMIT_WORDS];

const FILLED: Template = Template {
    key: "narration.cellular-automaton.fill",
    english: "Filled at random: blocked {blocked:cell}. The {rule} rule runs on this for at \
              most {limit} generations.",
};
const GENERATED: Template = Template {
    key: "narration.cellular-automaton.generation",
    english: "Generation {number} by the {rule} rule: {blocked:cell} born (blocked), \
              {freed:cell} freed.",
};
const SETTLED_WORDS: Template = Template {
    key: "narration.cellular-automaton.settled",
    english: "Generation {number} changed no cell: settled after {settled} generations.",
};
const LIMIT_WORDS: Template = Template {
    key: "narration.cellular-automaton.limit",
    english: "Generation {number} by the {rule} rule: {blocked:cell} born, {freed:cell} freed. \
              Stopped at the limit of {limit} generations without settling.",
};

/// The generations allowed after the random fill. Most fields settle long before; a few keep
/// some cells blinking for ever.
pub const MAX_GENERATIONS: u32 = 200;

/// The rule of birth and survival: how many blocked neighbours a free cell needs to become
/// blocked, and a blocked one to stay so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rule {
    /// B3/S12345: the classic maze-growing rule.
    #[default]
    Maze,
    /// B3/S1234: fewer survivors, so straighter, longer corridors.
    Mazectric,
}

impl Rule {
    /// Every rule, by its name on the command line.
    pub const ALL: [(Rule, &'static str); 2] =
        [(Rule::Maze, "maze"), (Rule::Mazectric, "mazectric")];

    /// The rule named `name` ("maze" or "mazectric").
    pub fn named(name: &str) -> Result<Rule, String> {
        Rule::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|&(rule, _)| rule)
            .ok_or_else(|| {
                format!(
                    "unknown rule {}: choose maze (B3/S12345) or mazectric (B3/S1234)",
                    crate::words::quote(name)
                )
            })
    }

    /// Its name, as [`Rule::named`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Maze => "maze",
            Rule::Mazectric => "mazectric",
        }
    }

    /// Its name in the rule notation, for the narration ("Maze B3/S12345").
    pub fn title(self) -> &'static str {
        match self {
            Rule::Maze => "Maze B3/S12345",
            Rule::Mazectric => "Mazectric B3/S1234",
        }
    }

    /// Whether a cell with `neighbours` blocked cells around it is blocked next, `blocked` its
    /// state now.
    pub fn next(self, blocked: bool, neighbours: u32) -> bool {
        let survives_up_to = match self {
            Rule::Maze => 5,
            Rule::Mazectric => 4,
        };
        if blocked {
            (1..=survives_up_to).contains(&neighbours)
        } else {
            neighbours == 3
        }
    }
}

/// The automaton as a step machine, on the plain square grid.
#[derive(Clone, Debug)]
pub struct CellularAutomaton {
    rule: Rule,
    density: f64,
    width: usize,
    height: usize,
    /// Generations done; the random fill is generation 0.
    done: u32,
    /// The cells the last generation changed: only they and the cells around them can
    /// change in the next.
    changed: Vec<u32>,
    /// The generations allowed after the random fill ([`MAX_GENERATIONS`]).
    limit: u32,
    /// How the run ended: settled (a generation changed nothing) or at the limit.
    finished: bool,
    /// Scratch, one per cell, clear between steps: whether this generation has looked at it.
    listed: Vec<bool>,
}

impl Machine for CellularAutomaton {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.finished {
            return None;
        }
        let number = self.done;
        // The marks of the generation before give way to this one's.
        for &cell in &self.changed {
            board.remove_mark(cell as usize, mark::SPECIAL);
        }
        let (to_block, to_free) = if number == 0 {
            let to_block: Vec<u32> = (0..self.width * self.height)
                .filter(|_| rng.chance(self.density))
                .map(|cell| cell as u32)
                .collect();
            (to_block, Vec::new())
        } else {
            self.next_changes(board.maze())
        };
        for &cell in &to_block {
            board.block(cell as usize);
            board.add_mark(cell as usize, mark::SPECIAL);
        }
        // Freed after blocking, so each freed cell joins the neighbours free in the new
        // generation (those freed before it included).
        for &cell in &to_free {
            self.free(board, cell as usize);
            board.add_mark(cell as usize, mark::SPECIAL);
        }
        // For `undo`: the cells the generation before changed.
        board.note_words(&self.changed);
        self.changed = to_block.iter().chain(&to_free).copied().collect();
        self.done += 1;
        let line = if number == 0 {
            RANDOM_FILL
        } else if self.changed.is_empty() {
            self.finished = true;
            SETTLED
        } else if number >= self.limit {
            self.finished = true;
            AT_LIMIT
        } else {
            GENERATION
        };
        let event = Event::Generation {
            number,
            blocked: to_block.len() as u32,
            freed: to_free.len() as u32,
        };
        Some(Step::new(event, line))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        self.finished
    }

    fn starts_open(&self) -> bool {
        true
    }

    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("generations done", u64::from(self.done)),
            ("changed in the last", self.changed.len() as u64),
        ]
    }

    fn sentence(&self, step: &Step, _maze: &Maze) -> Sentence {
        let Event::Generation {
            number,
            blocked,
            freed,
        } = step.event
        else {
            return crate::machine::event_sentence(&step.event, _maze);
        };
        let template = match step.line {
            line if line == RANDOM_FILL.0 => &FILLED,
            line if line == SETTLED.0 => &SETTLED_WORDS,
            line if line == AT_LIMIT.0 => &LIMIT_WORDS,
            _ => &GENERATED,
        };
        Sentence::of(template)
            .n("number", number)
            .n("blocked", blocked)
            .n("freed", freed)
            .n("settled", number.saturating_sub(1))
            .n("limit", self.limit)
            .with(
                "rule",
                crate::words::Arg::Text(self.rule.title().to_string()),
            )
    }
}

impl CellularAutomaton {
    /// The automaton for a square maze of `maze`'s size, first filled at `density`, then run
    /// by `rule`.
    pub fn new(maze: &Maze, density: f64, rule: Rule) -> CellularAutomaton {
        let (width, height) = (maze.width() as usize, maze.height() as usize);
        CellularAutomaton {
            rule,
            density,
            width,
            height,
            done: 0,
            changed: Vec::new(),
            limit: MAX_GENERATIONS,
            finished: false,
            listed: vec![false; width * height],
        }
    }

    /// The same automaton allowed `limit` generations after the fill instead.
    pub fn with_limit(mut self, limit: u32) -> CellularAutomaton {
        self.limit = limit;
        self
    }

    /// Generations done so far, the random fill included.
    pub fn generations(&self) -> u32 {
        self.done
    }

    /// The cells the next generation blocks and frees: only the cells the last one changed,
    /// and those around them, can change.
    fn next_changes(&mut self, maze: &Maze) -> (Vec<u32>, Vec<u32>) {
        let (mut to_block, mut to_free) = (Vec::new(), Vec::new());
        let (width, height) = (self.width, self.height);
        let mut looked = Vec::new();
        for &around in &self.changed {
            for_each_around(width, height, around as usize, true, |cell| {
                if self.listed[cell] {
                    return;
                }
                self.listed[cell] = true;
                looked.push(cell);
                let blocked = maze.cost(cell) == BLOCKED;
                let mut count = 0;
                for_each_around(width, height, cell, false, |next| {
                    count += u32::from(maze.cost(next) == BLOCKED);
                });
                match (blocked, self.rule.next(blocked, count)) {
                    (false, true) => to_block.push(cell as u32),
                    (true, false) => to_free.push(cell as u32),
                    _ => {}
                }
            });
        }
        // The scratch is left clear for the next generation (and for a step taken back).
        for cell in looked {
            self.listed[cell] = false;
        }
        // In cell order, whatever order the changes were found in.
        to_block.sort_unstable();
        to_free.sort_unstable();
        (to_block, to_free)
    }

    /// Frees a blocked cell: cost 1, and joined to every side neighbour that is not blocked.
    #[inline(never)]
    fn free(&self, board: &mut Board, cell: usize) {
        board.set_terrain(cell, PLAIN);
        for dir in Direction::ALL {
            let next = board.maze().neighbour(cell, dir);
            if next.is_some_and(|next| board.maze().cost(next) != BLOCKED) {
                board.carve(cell, dir);
            }
        }
    }
}

/// Calls `visit` for each of the eight cells around `cell` on a `width` × `height` grid, and
/// for `cell` itself when `itself`.
pub(crate) fn for_each_around(
    width: usize,
    height: usize,
    cell: usize,
    itself: bool,
    mut visit: impl FnMut(usize),
) {
    let (x, y) = (cell % width, cell / width);
    for ny in y.saturating_sub(1)..=(y + 1).min(height - 1) {
        for nx in x.saturating_sub(1)..=(x + 1).min(width - 1) {
            if itself || (nx, ny) != (x, y) {
                visit(ny * width + nx);
            }
        }
    }
}

#[cfg(test)]
mod tests;
