//! Shortest paths: how many shortest paths lead from the start to the goal, and every cell that
//! lies on one of them.
//!
//! How it works (the "shortest paths finder" of Walter Pullen's *Think Labyrinth*, with the
//! paths counted as well as marked):
//! 1. Flood from the start one layer at a time: layer `d` is the cells `d` moves from the
//!    start. The start has one way to reach it.
//! 2. A cell of the next layer is reached by as many shortest ways as its neighbours in the
//!    layer before have together: every shortest way to it comes in through one of them.
//! 3. Only the newest layer's counts are kept: the next layer needs no older one, so the
//!    memory stays one layer of numbers, however far the flood goes. The numbers themselves
//!    grow without bound (an empty 200 × 200 room has about 10^118 shortest paths corner to
//!    corner), so they are whole numbers of any size ([`BigCount`]).
//! 4. When the goal is in the new layer, `D` moves from the start, its count is the number of
//!    shortest paths. If a layer comes out empty first, the goal cannot be reached.
//! 5. Flood back from the goal the same way, `D` layers. A cell `k` moves from the goal and
//!    `D − k` from the start lies on a shortest path: mark it.
//! 6. Report the count, the marked cells, and one of the paths: from the goal, each time to a
//!    neighbour one move nearer the start.
//!
//! "Shortest" is in moves: the finder needs every cell to cost the same (the registry refuses
//! worlds with terrain costs) and moves along the sides of cells only.
//!
//! One step is one layer: the start (`Begin`), each layer of the flood from the start
//! (`Expand`, its first cell and the size of the new layer), each layer of the flood back
//! (`Expand`, its first cell and the cells it marked), then `Found` with the count, or
//! `Unreachable`. Marks: `VISITED` for cells the flood from the start reached, `FRONTIER` for
//! those the flood back reached that are on no shortest path, `SPECIAL` for every cell on a
//! shortest path, `PATH` for the one reported. Taking a step back:
//! `undo.rs` (a layer's counts, dropped by the step, are in its notes).

mod undo;

use super::{is_uniform, mark_path, open_neighbours, terrain_refusal, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::big_count::BigCount;
use crate::ds::layers::Layers;
use crate::machine::{xy, DebugState, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::words::{Arg, Sentence};

pub static INFO: Info = Info {
    name: "shortest-paths",
    title: "Shortest paths",
    summary: "Floods from the start counting the shortest ways into every cell, then back from \
              the goal: marks every cell on a shortest path and says exactly how many there are.",
    step_unit: "one layer of cells, one move further",
    pseudocode: &[
        "the start: 0 moves away, reached 1 way", // BEGIN
        "repeat, one layer of cells at a time:",
        "    each cell beside the layer, not reached yet, is one move further", // SPREAD
        "    its ways = the ways of its neighbours in the layer, added up",
        "    keep only the new layer's ways; forget the layer before",
        "    goal in the new layer: its ways are the number of shortest paths", // COUNTED
        "    new layer empty: the goal cannot be reached",                      // UNREACHABLE
        "flood back from the goal, one layer at a time, D layers:",             // BACK
        "    a cell k moves from the goal and D − k from the start is on a shortest path",
        "report the count, every cell marked, and one shortest path", // FOUND
    ],
    marks: &[
        (mark::VISITED, "reached from the start"),
        (mark::FRONTIER, "reached back from the goal"),
        (mark::SPECIAL, "on a shortest path"),
        (mark::PATH, "the path reported"),
    ],
    events: &["expand", "found"],
};

const BEGIN: Line = Line(0);
const SPREAD: Line = Line(2);
const COUNTED: Line = Line(5);
const UNREACHABLE: Line = Line(6);
const BACK: Line = Line(7);
const FOUND: Line = Line(9);

/// What the shortest-paths finder says, in English.
pub static WORDS: &[Template] = &[
    BEGAN,
    SPREAD_WORDS,
    COUNTED_WORDS,
    BACK_WORDS,
    FOUND_WORDS,
    COUNT_NOTE,
];

const BEGAN: Template = Template {
    key: "narration.shortest-paths.begin",
    english: "Started at cell {cell}: 0 moves from the start, reached 1 way.",
};
const SPREAD_WORDS: Template = Template {
    key: "narration.shortest-paths.spread",
    english: "From the {cells:cell} at distance {from}, the first {cell}, the flood reached \
              {added:cell} at distance {to}; each new cell's ways are its neighbours' ways in \
              the layer before, added up.",
};
const COUNTED_WORDS: Template = Template {
    key: "narration.shortest-paths.counted",
    english: "The flood from cell {cell} on reached the goal at distance {to}, by {count} \
              shortest ways: that is the number of shortest paths. Now the flood back from the \
              goal.",
};
const BACK_WORDS: Template = Template {
    key: "narration.shortest-paths.back",
    english: "Back from the goal, from cell {cell} on, the flood reached distance {back}. On a \
              shortest path among them: {marked:cell}, those at distance {ahead} from the start.",
};
const FOUND_WORDS: Template = Template {
    key: "narration.shortest-paths.found",
    english: "Shortest paths from start to goal: {count}, each {moves} moves long; {on:cell} \
              lie on at least one. One of them is reported as the path.",
};
const COUNT_NOTE: Template = Template {
    key: "notes.shortest-paths.count",
    english: "distance {distance}; ways to each cell in brackets",
};

/// The shortest-paths finder as a step machine, one copy over the shared grid for every shape.
#[derive(Clone, Debug)]
pub struct ShortestPaths<T = Grid> {
    grid: T,
    start: usize,
    goal: usize,
    /// The flood from the start, layer by layer.
    from_start: Layers,
    /// The shortest ways from the start to each cell of its newest layer, in the layer's order.
    /// Older layers' counts are dropped (the step that drops them notes them, for undo).
    ways: Vec<BigCount>,
    /// The goal's distance and its count, once the flood from the start reached it.
    counted: Option<(usize, BigCount)>,
    /// The flood back from the goal (empty until the goal is counted).
    from_goal: Layers,
    /// Whether each cell lies on a shortest path (set by the flood back).
    on_shortest: Vec<bool>,
    on_count: u64,
    started: bool,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for ShortestPaths<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            if !is_uniform(board.maze()) {
                self.outcome = Some(terrain_refusal(self.start));
                return Some(Step::new(Event::Unreachable, BEGIN));
            }
            self.from_start.open_layer();
            self.from_start.add(self.start);
            self.ways = vec![BigCount::one()];
            board.add_mark(self.start, mark::VISITED);
            if self.start == self.goal {
                self.count_goal(board, 0);
            }
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        Some(match self.counted {
            None => self.spread(board),
            Some((distance, _)) if self.from_goal.layer_count() <= distance => self.back(board),
            Some(_) => self.found(board),
        })
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

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let count = || Arg::Text(self.count_text());
        match (step.event, step.line) {
            (Event::Begin { cell }, _) => Sentence::of(&BEGAN).cell("cell", maze, cell as usize),
            (Event::Unreachable, line) if line == BEGIN.0 => super::terrain_words(),
            (Event::Expand { cell, added }, line) if line == SPREAD.0 => {
                let from = self.from_start.depth(cell as usize).unwrap_or(0);
                Sentence::of(&SPREAD_WORDS)
                    .cell("cell", maze, cell as usize)
                    .n("cells", self.from_start.layer(from).len() as u64)
                    .n("from", from as u64)
                    .n("added", added)
                    .n("to", from as u64 + 1)
            }
            (Event::Expand { cell, .. }, line) if line == COUNTED.0 => Sentence::of(&COUNTED_WORDS)
                .cell("cell", maze, cell as usize)
                .n("to", self.distance() as u64)
                .with("count", count()),
            (Event::Expand { cell, added }, _) => {
                let back = self.from_goal.layer_count().saturating_sub(1);
                Sentence::of(&BACK_WORDS)
                    .cell("cell", maze, cell as usize)
                    .n("back", back as u64)
                    .n("marked", added)
                    .n("ahead", self.distance().saturating_sub(back) as u64)
            }
            (Event::Found { .. }, _) => Sentence::of(&FOUND_WORDS)
                .with("count", count())
                .n("moves", self.distance() as u64)
                .n("on", self.on_count),
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("visited", self.visited()),
            ("layers", self.from_start.layer_count() as u64),
            ("on a shortest path", self.on_count),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let newest = self.from_start.newest();
        let mut layer = Structure::new("Newest layer from the start (ways)", newest.len() as u64);
        for (cell, ways) in newest.iter().zip(&self.ways).take(limit) {
            layer
                .items
                .push(format!("{} [{}]", xy(maze, *cell as usize), ways.decimal()));
        }
        let distance = self.from_start.layer_count().saturating_sub(1) as u64;
        layer.set_note(Sentence::of(&COUNT_NOTE).n("distance", distance));
        let back = self.from_goal.newest();
        let back = Structure::new("Newest layer back from the goal", back.len() as u64).cells(
            maze,
            &mut back.iter().map(|&c| c as usize),
            limit,
        );
        vec![layer, back]
    }
}

impl ShortestPaths {
    /// The finder on `maze`, whatever its grid: one copy of the machine for every shape.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> ShortestPaths {
        ShortestPaths::on(maze.topology().into_owned(), start, goal)
    }
}

impl<T: Topology> ShortestPaths<T> {
    /// The finder on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> ShortestPaths<T> {
        let cells = grid.len();
        ShortestPaths {
            grid,
            start,
            goal,
            from_start: Layers::new(cells),
            ways: Vec::new(),
            counted: None,
            from_goal: Layers::new(cells),
            on_shortest: vec![false; cells],
            on_count: 0,
            started: false,
            outcome: None,
        }
    }

    /// One layer of the flood from the start: the next layer with its ways; the ways of the
    /// layer before are noted and dropped.
    fn spread(&mut self, board: &mut Board) -> Step {
        let from = self.from_start.layer_count() - 1;
        let layer = self.from_start.newest().to_vec();
        self.from_start.open_layer();
        let mut next: Vec<BigCount> = Vec::new();
        for (&cell, ways) in layer.iter().zip(&self.ways) {
            for (_, near) in open_neighbours(&self.grid, board.maze(), cell as usize) {
                if self.from_start.add(near) {
                    next.push(ways.clone());
                } else if let Some(slot) = self.from_start.newest_slot(near) {
                    next[slot].add(ways);
                }
            }
        }
        for &cell in self.from_start.newest() {
            board.add_mark(cell as usize, mark::VISITED);
        }
        for ways in &self.ways {
            board.note(ways.words().len() as u32);
            board.note_words(ways.words());
        }
        self.ways = next;
        let event = Event::Expand {
            cell: layer[0],
            added: self.ways.len() as u32,
        };
        if self.ways.is_empty() {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, UNREACHABLE);
        }
        if self.from_start.newest_slot(self.goal).is_some() {
            self.count_goal(board, from + 1);
            return Step::new(event, COUNTED);
        }
        Step::new(event, SPREAD)
    }

    /// The goal is in the newest layer, `distance` moves away: its ways are the count, and the
    /// flood back begins at it (on a shortest path, as every path ends there).
    fn count_goal(&mut self, board: &mut Board, distance: usize) {
        let slot = self.from_start.newest_slot(self.goal).unwrap_or(0);
        self.counted = Some((distance, self.ways[slot].clone()));
        self.from_goal.open_layer();
        self.from_goal.add(self.goal);
        self.on_shortest[self.goal] = true;
        self.on_count = 1;
        board.add_mark(self.goal, mark::SPECIAL);
    }

    /// One layer of the flood back from the goal, marking the cells on a shortest path.
    fn back(&mut self, board: &mut Board) -> Step {
        let layer = self.from_goal.newest().to_vec();
        let ahead = self.distance() - self.from_goal.layer_count();
        self.from_goal.open_layer();
        for &cell in &layer {
            for (_, near) in open_neighbours(&self.grid, board.maze(), cell as usize) {
                self.from_goal.add(near);
            }
        }
        let mut marked = 0;
        for &cell in self.from_goal.newest() {
            let cell = cell as usize;
            if self.from_start.depth(cell) == Some(ahead) {
                self.on_shortest[cell] = true;
                marked += 1;
                board.add_mark(cell, mark::SPECIAL);
            } else {
                board.add_mark(cell, mark::FRONTIER);
            }
        }
        self.on_count += marked;
        let event = Event::Expand {
            cell: layer[0],
            added: marked as u32,
        };
        Step::new(event, BACK)
    }

    /// The end: one shortest path, from the goal back each time to the first neighbour (in
    /// side order) on a shortest path one move nearer the start.
    fn found(&mut self, board: &mut Board) -> Step {
        let maze = board.maze();
        let mut path = vec![self.goal];
        let mut cell = self.goal;
        while let Some(depth) = self.from_start.depth(cell).filter(|&d| d > 0) {
            let Some((_, nearer)) = open_neighbours(&self.grid, maze, cell).find(|&(_, near)| {
                self.on_shortest[near] && self.from_start.depth(near) == Some(depth - 1)
            }) else {
                break;
            };
            path.push(nearer);
            cell = nearer;
        }
        path.reverse();
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, FOUND)
    }

    /// The goal's distance from the start (0 until counted).
    fn distance(&self) -> usize {
        self.counted.as_ref().map_or(0, |(distance, _)| *distance)
    }

    /// The number of shortest paths, in digits ("0" before the goal is counted).
    fn count_text(&self) -> String {
        self.counted
            .as_ref()
            .map_or_else(|| "0".to_string(), |(_, count)| count.decimal())
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for ShortestPaths<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The cells the flood from the start reached.
    fn visited(&self) -> u64 {
        self.from_start.cells().len() as u64
    }

    fn path_count(&self) -> Option<String> {
        match self.outcome {
            None | Some(Outcome::GaveUp { .. }) => None,
            Some(_) => Some(self.count_text()),
        }
    }

    fn answer_cells(&self) -> Option<Vec<usize>> {
        self.path_count()?;
        Some(
            (0..self.on_shortest.len())
                .filter(|&cell| self.on_shortest[cell])
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests;
