//! Caves: a cellular automaton that smooths random noise into cave walls.
//!
//! How it works:
//! 1. Start from an open field: every wall between two cells open.
//! 2. Generation 0, the random fill: block each cell with a chance of the density.
//! 3. Each following generation looks at every cell's *neighbourhood*, the cell itself and the
//!    cells around it (on the plain square grid the eight around, so nine; on other grids the
//!    cell and its side neighbours). A cell whose neighbourhood is mostly blocked becomes
//!    blocked; one whose neighbourhood is mostly free becomes free; a tie leaves it. All cells
//!    change together, from the generation before (on the square grid that is the classic
//!    "4-5 rule": blocked with 5 or more of the 9).
//! 4. After [`GENERATIONS`] generations the lone obstacles are gone and the rest have grown into
//!    rounded cave walls.
//!
//! Not a maze: free cells stay joined to every free neighbour, and nothing promises that the
//! caves are connected. Majority smoothing shrinks a scattered minority, so a density below
//! about 0.4 leaves few walls; 0.45 gives the classic caves.
//!
//! It works on a grid of any shape. One step is one generation. Marks: `SPECIAL` for the cells
//! the last generation changed.

use crate::board::{mark, Board};
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::world::{BLOCKED, PLAIN};

pub static INFO: Info = Info {
    name: "caves",
    title: "Cellular Caves",
    summary: "Random obstacles smoothed by a cellular automaton (the 4-5 rule) into caves.",
    step_unit: "one generation (the first: the random fill)",
    pseudocode: &[
        "start with every wall between two cells open",
        "block each cell with a chance of the density", // RANDOM_FILL
        "repeat a few generations:",
        "    for every cell, count the blocked cells of its neighbourhood (itself included)",
        "    mostly blocked: block it; mostly free: free it; a tie: leave it", // GENERATION
    ],
    marks: &[(mark::SPECIAL, "changed in the last generation")],
    events: &["generation"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const RANDOM_FILL: Line = Line(1);
const GENERATION: Line = Line(4);

/// The smoothing generations after the random fill.
pub const GENERATIONS: u32 = 4;

/// The cave automaton as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct Caves {
    density: f64,
    /// The grid, when it is not the plain square one (which uses its eight-cell neighbourhood).
    grid: Option<Grid>,
    width: usize,
    height: usize,
    /// Generations done; the random fill is the first.
    done: u32,
}

impl Machine for Caves {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.done > GENERATIONS {
            return None;
        }
        let len = self.len();
        // The marks of the generation before give way to this one's.
        for cell in 0..len {
            if board.mark(cell) & mark::SPECIAL != 0 {
                board.remove_mark(cell, mark::SPECIAL);
            }
        }
        let (mut to_block, mut to_free) = (Vec::new(), Vec::new());
        for cell in (0..len).filter(|&cell| self.is_on(cell)) {
            let was = board.maze().cost(cell) == BLOCKED;
            let will = if self.done == 0 {
                rng.chance(self.density)
            } else {
                self.next_blocked(board.maze(), cell)
            };
            match (was, will) {
                (false, true) => to_block.push(cell),
                (true, false) => to_free.push(cell),
                _ => {}
            }
        }
        for &cell in &to_block {
            board.block(cell);
            board.add_mark(cell, mark::SPECIAL);
        }
        // Freed after blocking, so each freed cell joins the neighbours free in the new
        // generation (those freed before it included).
        for &cell in &to_free {
            free(board, cell);
            board.add_mark(cell, mark::SPECIAL);
        }
        let number = self.done;
        self.done += 1;
        Some(Step::new(
            Event::Generation {
                number,
                blocked: to_block.len() as u32,
                freed: to_free.len() as u32,
            },
            if number == 0 { RANDOM_FILL } else { GENERATION },
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.done > GENERATIONS
    }

    fn starts_open(&self) -> bool {
        true
    }

    /// The board's journal brings the cells back; the machine counts one generation fewer.
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        if !matches!(step.event, Event::Generation { .. }) || self.done == 0 {
            return false;
        }
        self.done -= 1;
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("generations done", u64::from(self.done)),
            (
                "generations left",
                u64::from((GENERATIONS + 1).saturating_sub(self.done)),
            ),
        ]
    }
}

impl Caves {
    /// Caves for a square maze of `maze`'s size, first filled at `density`.
    pub fn new(maze: &Maze, density: f64) -> Caves {
        Caves {
            density,
            grid: None,
            width: maze.width() as usize,
            height: maze.height() as usize,
            done: 0,
        }
    }

    /// Caves on `grid`, its cells' neighbourhoods being their side neighbours.
    pub fn on(grid: Grid, density: f64) -> Caves {
        Caves {
            density,
            width: grid.width() as usize,
            height: grid.height() as usize,
            grid: Some(grid),
            done: 0,
        }
    }

    /// Generations done so far, the random fill included.
    pub fn generations(&self) -> u32 {
        self.done
    }

    fn len(&self) -> usize {
        self.grid
            .as_ref()
            .map_or(self.width * self.height, |grid| grid.len())
    }

    fn is_on(&self, cell: usize) -> bool {
        self.grid.as_ref().map_or(true, |grid| grid.is_on(cell))
    }

    /// Whether `cell` is blocked in the next generation, from the blocked cells of this one.
    fn next_blocked(&self, maze: &Maze, cell: usize) -> bool {
        let blocked = |c: usize| u32::from(maze.cost(c) == BLOCKED);
        let (mut count, mut cells) = (blocked(cell), 1);
        match &self.grid {
            Some(grid) => grid.for_each_neighbour(cell, |_, next| {
                count += blocked(next);
                cells += 1;
            }),
            None => {
                let (x, y) = (cell % self.width, cell / self.width);
                for ny in y.saturating_sub(1)..=(y + 1).min(self.height - 1) {
                    for nx in x.saturating_sub(1)..=(x + 1).min(self.width - 1) {
                        if (nx, ny) != (x, y) {
                            count += blocked(ny * self.width + nx);
                            cells += 1;
                        }
                    }
                }
            }
        }
        match (2 * count).cmp(&cells) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => blocked(cell) == 1,
        }
    }
}

/// Frees a blocked cell: cost 1, and joined to every neighbour that is not blocked.
fn free(board: &mut Board, cell: usize) {
    board.set_terrain(cell, PLAIN);
    let mut links = Vec::with_capacity(8);
    {
        let maze = board.maze();
        let grid = maze.topology();
        grid.for_each_neighbour(cell, |side, next| {
            if maze.cost(next) != BLOCKED {
                links.push((side, next, grid.back(cell, side)));
            }
        });
    }
    for (side, next, back) in links {
        board.join(cell, side, next, back);
    }
}
