//! Path finders: each one file, each a [`Solver`] that searches from a start cell to a goal cell
//! one step at a time and then reports what it found.
//!
//! Solvers read the maze and write only the board's display marks: the maze itself is never
//! changed by a search, so a maze can be solved again and again.
//!
//! Costs and directions ([`Search`]): the registry says which solvers honour terrain costs
//! ([`Entry::costs`]: Dijkstra, A*, weighted A*, bidirectional A*, IDA*) and which move
//! diagonally on the square grid when the corner rule allows ([`Entry::diagonal`]: those, jump
//! point search, BFS, DFS and greedy search). Dijkstra and A* keep their unit-cost forms (bucket queues) on a plain
//! maze with four moves and the grid's own estimate. On terrain with four moves on the square
//! grid, Dijkstra becomes [`dijkstra_on_terrain`] (Dial's buckets, costs 1 to 9) and A* (weight
//! 1, counting moves) [`a_star::on_terrain`] (buckets by `f` and `h`); everything else takes
//! the general search by cost in [`a_star::best_first`]. [`moves`] has what the searches by cost share: the moves with their
//! costs, and the heuristic resolved for the grid. BFS, DFS and greedy search ignore
//! costs and take the moves without their costs (diagonally too when the corner rule allows:
//! BFS then finds a path of the fewest moves); the wall followers, Trémaux and dead-end filling
//! ignore costs and move along sides only. Jump point search
//! needs every cell to cost the same ([`check_world`]) and the plain square grid.

use crate::board::{mark, Board};
use crate::generators::UnknownName;
use crate::machine::{run_to_end, Info, Line, Machine};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Shape, Side, Topology, Weave};
use crate::words::{reason_words, Arg, Sentence};
use crate::world::{Heuristic, Search};
use moves::{Guess, Moves};
use std::fmt;

pub mod a_star;
pub mod bfs;
pub mod bidirectional_a_star;
pub mod bidirectional_bfs;
pub mod blind_alley;
pub mod bottlenecks;
pub mod chain;
pub mod collision;
mod cost_notes;
pub mod cul_de_sac_filling;
pub mod dead_end_filling;
pub mod dfs;
pub mod dijkstra;
pub mod dijkstra_on_terrain;
pub mod flood;
pub mod greedy;
pub mod ida_star;
pub mod jump_point_search;
pub mod moves;
pub mod pledge;
pub mod random_mouse;
pub mod shortest_paths;
pub mod tremaux;
pub mod wall_follower;

pub use a_star::best_first::BestFirst;
pub use a_star::on_terrain::AStarOnTerrain;
pub use a_star::AStar;
pub use bfs::Bfs;
pub use bidirectional_a_star::BidirectionalAStar;
pub use bidirectional_bfs::BidirectionalBfs;
pub use blind_alley::BlindAlley;
pub use chain::Chain;
pub use cul_de_sac_filling::CulDeSacFilling;
pub use dead_end_filling::DeadEndFilling;
pub use dfs::Dfs;
pub use dijkstra::Dijkstra;
pub use dijkstra_on_terrain::DijkstraOnTerrain;
pub use greedy::Greedy;
pub use ida_star::IdaStar;
pub use jump_point_search::JumpPointSearch;
pub use pledge::Pledge;
pub use random_mouse::RandomMouse;
pub use tremaux::Tremaux;
pub use wall_follower::{Hand, WallFollower};

// The parent links the searches keep, and following them back: in `crate::ds::parents`.
pub(crate) use crate::ds::parents::{follow_parents, trace_path, NO_PARENT};

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A path (or the route walked, for wall followers) from start to goal, both included.
    Found(Vec<usize>),
    /// No path exists: the search covered everything reachable from the start.
    Unreachable,
    /// The solver stopped without reaching the goal; `route` is what it walked and `reason`
    /// says why (a wall follower back in a state it has been in).
    GaveUp {
        route: Vec<usize>,
        reason: &'static str,
    },
}

impl Outcome {
    /// The path, if the goal was reached.
    pub fn path(&self) -> Option<&[usize]> {
        match self {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    }

    /// What the page says of a search that ended without reaching the goal ("no path: the
    /// goal cannot be reached", "no path: gave up (…)"); `None` once a path was found.
    pub fn no_path(&self) -> Option<String> {
        self.no_path_words().map(|words| words.english())
    }

    /// [`Outcome::no_path`] as a sentence, for a page in another language.
    pub fn no_path_words(&self) -> Option<Sentence> {
        match self {
            Outcome::Found(_) => None,
            Outcome::Unreachable => Some(Sentence::new("no-path.unreachable")),
            Outcome::GaveUp { reason, .. } => {
                Some(Sentence::new("no-path.gave-up").with("reason", reason_words(reason)))
            }
        }
    }
}

/// A search's result with its costs.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub outcome: Outcome,
    /// The path's cost ([`crate::world::path_cost`]: the cost of each cell entered, √2 times
    /// for a diagonal move); 0 when no path was found.
    pub cost: f64,
    /// Distinct cells the search looked at.
    pub visited: u64,
    /// Steps taken.
    pub steps: u64,
    /// The paths counted ([`Solver::path_count`]), for the solvers that count them.
    pub paths: Option<String>,
    /// The cells the answer marks ([`Solver::answer_cells`]), for the solvers that have them.
    pub marks: Option<Vec<usize>>,
}

/// A path finder: a machine with a result.
pub trait Solver: Machine + CloneSolver {
    /// How the search ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;

    /// Distinct cells visited so far.
    fn visited(&self) -> u64;

    /// How the search thinks, cell by cell: its parent link of `cell` (the cell it reached
    /// `cell` from), `Some(cell)` for the start (its own parent), `None` for a cell not reached.
    /// A search that keeps a parent array ([`crate::ds::parents`]) returns it here, and the
    /// run's [`crate::run::Run::came_from`], the page's arrows and its trace back all follow;
    /// the default is a search that keeps no parents (wall followers, the random mouse).
    fn search_parent(&self, _cell: usize) -> Option<usize> {
        None
    }

    /// The cost of the way to `cell` the search keeps (Dijkstra's cost, A*'s g), in moves
    /// ([`moves::in_moves`]), `None` for a cell not reached. The default keeps none: a search
    /// that counts moves (BFS, greedy search) leaves it, and the run counts the moves back along
    /// [`Solver::search_parent`] ([`fn@cost_so_far`]). A search that keeps its own costs overrides
    /// it and [`Solver::counts_moves`].
    fn cost_so_far(&self, _cell: usize) -> Option<f64> {
        None
    }

    /// Every cell's [`Solver::search_parent`] at once, as a cell index or [`NO_PARENT`], for a
    /// search whose links are its stack (DFS, IDA*), where asking cell by cell would search the
    /// stack for each. Returns false, writing nothing, for the others: the run asks cell by
    /// cell. (Defaults that do nothing keep each solver's copy of the trait small in wasm.)
    fn parents_into(&self, _parents: &mut [u32]) -> bool {
        false
    }

    /// Whether the cost so far is the number of moves along the parent links (BFS, DFS,
    /// greedy search), so a view of every cell counts them in one pass over the links.
    fn counts_moves(&self) -> bool {
        true
    }

    /// The search's guess of the cost from `cell` to the goal (A*'s h, in moves), for the
    /// searches that guess; `None` for the others.
    fn estimate(&self, _cell: usize) -> Option<f64> {
        None
    }

    /// Makes the search go on past the goal until it has flooded everything reachable (it then
    /// ends as if the goal could not be reached, and [`Solver::goal_path`] reads the path).
    /// Call before the first step. False, changing nothing, for a search that cannot.
    fn flood(&mut self) -> bool {
        false
    }

    /// The path from the start to the goal by the ways the search keeps, if it reached the
    /// goal, with the pseudocode line that reads it back; `None` for a search that does not
    /// flood.
    fn goal_path(&self) -> Option<(Vec<usize>, Line)> {
        None
    }

    /// How many paths it found, in decimal digits, for a solver that counts them (the
    /// shortest-paths finder: every shortest path, however many); `None` for the others, and
    /// before it has counted.
    fn path_count(&self) -> Option<String> {
        None
    }

    /// The cells its answer marks beside the path, in index order, for a solver whose answer
    /// is more than one path: every cell on some shortest path (collision, shortest paths),
    /// the cells every path must pass (bottlenecks). `None` for the others, and before the
    /// search has ended.
    fn answer_cells(&self) -> Option<Vec<usize>> {
        None
    }

    /// Tells the solver which of its ends are gaps in the outer wall (before its first step).
    /// The walkers (wall followers, Pledge) then walk out through the goal's gap and face in
    /// from the start's; every other solver searches between the two cells and ignores this.
    fn use_exits(&mut self, _exits: Exits) {}
}

/// The cost of the way to `cell` that `solver` knows: its own ([`Solver::cost_so_far`]), or for
/// a search that counts moves the moves back along its links; `None` for a cell not reached.
pub fn cost_so_far(solver: &dyn Solver, cell: usize) -> Option<f64> {
    match solver.cost_so_far(cell) {
        None if solver.counts_moves() => {
            moves_back(cell, |c| solver.search_parent(c)).map(|moves| moves as f64)
        }
        cost => cost,
    }
}

/// The number of moves from the start to `cell` following `parent` back (the start is its own
/// parent), or `None` when `cell` was not reached.
pub fn moves_back(cell: usize, parent: impl Fn(usize) -> Option<usize>) -> Option<u64> {
    let (mut cell, mut moves) = (cell, 0);
    loop {
        match parent(cell)? {
            up if up == cell => return Some(moves),
            up => (cell, moves) = (up, moves + 1),
        }
    }
}

/// The ends of a search that are gaps in the outer wall: the side of the start cell, and of
/// the goal cell, that is open to the outside (plain square grid only; see
/// [`crate::run::WallExit`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exits {
    pub start: Option<Side>,
    pub goal: Option<Side>,
}

/// A copy of a solver behind a box, for a run's checkpoints; every `Clone` solver has it.
pub trait CloneSolver {
    fn clone_solver(&self) -> Box<dyn Solver>;
}

impl<T: Solver + Clone + 'static> CloneSolver for T {
    fn clone_solver(&self) -> Box<dyn Solver> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Solver> {
    fn clone(&self) -> Self {
        (**self).clone_solver()
    }
}

/// A registered solver: its description and how to make one for a maze, start and goal.
pub struct Entry {
    pub info: &'static Info,
    /// How it may move and guess ([`Search`]): solvers that do not weigh paths ignore it.
    pub make: fn(&Maze, usize, usize, &Search) -> Box<dyn Solver>,
    /// Whether it works on a grid of any shape, or only on the plain square grid.
    pub any_shape: bool,
    /// Whether it honours terrain costs (finds the cheapest path, not the one of fewest moves).
    pub costs: bool,
    /// Whether it moves diagonally on the square grid when [`Search::corners`] allows.
    pub diagonal: bool,
    /// Whether it needs every cell to cost the same ([`check_world`] refuses other worlds).
    pub uniform_only: bool,
    /// Whether it can flood everything reachable before reading the path to the goal
    /// ([`crate::world::Exit::Flood`]): the searches that keep a way back from every cell
    /// they reach, each the best they know (breadth-first search, Dijkstra, A*).
    pub floods: bool,
}

impl Entry {
    /// Whether it searches mazes on grids of `shape` (a solver for the square grid only
    /// searches the plain one, not a masked one: [`shape_refusal`]).
    pub fn works_on(&self, shape: Shape) -> bool {
        self.any_shape || shape == Shape::Square
    }
}

/// A boxed solver for `$maze`'s grid: `$make` with `$grid` the plain [`Square`] grid (its fast
/// arithmetic) for a square maze, or the maze's shared grid of another shape or with a mask.
macro_rules! on_its_grid {
    ($maze:expr, |$grid:ident| $make:expr) => {
        match $maze.shared_grid() {
            None => {
                let $grid = $maze.square();
                Box::new($make) as Box<dyn Solver>
            }
            Some($grid) => Box::new($make),
        }
    };
}

// After `on_its_grid!`, which it uses.
pub mod goals;

/// Every solver, in the order lists show them.
pub static ALL: &[Entry] = &[
    Entry {
        info: &bfs::INFO,
        make: |maze, start, goal, search| {
            flooding(search, goal, {
                let moves = Moves::new(maze, search.corners);
                on_its_grid!(maze, |grid| Bfs::on(grid, start, goal).moving(moves))
            })
        },
        any_shape: true,
        costs: false,
        diagonal: true,
        uniform_only: false,
        floods: true,
    },
    Entry {
        info: &a_star::INFO,
        make: |maze, start, goal, search| {
            flooding(
                search,
                goal,
                a_star_by(&a_star::INFO, maze, start, goal, search),
            )
        },
        any_shape: true,
        costs: true,
        diagonal: true,
        uniform_only: false,
        floods: true,
    },
    Entry {
        info: &wall_follower::INFO_RIGHT,
        make: |maze, start, goal, _search| {
            on_its_grid!(maze, |grid| WallFollower::on(
                grid,
                maze,
                start,
                goal,
                Hand::Right
            ))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &wall_follower::INFO_LEFT,
        make: |maze, start, goal, _search| {
            on_its_grid!(maze, |grid| WallFollower::on(
                grid,
                maze,
                start,
                goal,
                Hand::Left
            ))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &dfs::INFO,
        make: |maze, start, goal, search| {
            let moves = Moves::new(maze, search.corners);
            on_its_grid!(maze, |grid| Dfs::on(grid, start, goal).moving(moves))
        },
        any_shape: true,
        costs: false,
        diagonal: true,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &dijkstra::INFO,
        make: |maze, start, goal, search| {
            flooding(search, goal, {
                if is_unit_cost(maze, search) {
                    on_its_grid!(maze, |grid| Dijkstra::on(grid, start, goal))
                } else if maze.grid().is_none() && !search.corners.diagonal() {
                    let grid = maze.square();
                    Box::new(DijkstraOnTerrain::on(&dijkstra::INFO, grid, start, goal))
                } else {
                    on_its_grid!(maze, |grid| BestFirst::dijkstra(
                        &dijkstra::INFO,
                        grid,
                        maze,
                        start,
                        goal,
                        search
                    ))
                }
            })
        },
        any_shape: true,
        costs: true,
        diagonal: true,
        uniform_only: false,
        floods: true,
    },
    Entry {
        info: &greedy::INFO,
        make: |maze, start, goal, search| {
            let moves = Moves::new(maze, search.corners);
            on_its_grid!(maze, |grid| Greedy::on(grid, start, goal).moving(moves))
        },
        any_shape: true,
        costs: false,
        diagonal: true,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &bidirectional_bfs::INFO,
        make: |maze, start, goal, _search| {
            on_its_grid!(maze, |grid| BidirectionalBfs::on(grid, start, goal))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &tremaux::INFO,
        make: |maze, start, goal, _search| {
            on_its_grid!(maze, |grid| Tremaux::on(grid, start, goal))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &dead_end_filling::INFO,
        make: |maze, start, goal, _search| {
            on_its_grid!(maze, |grid| DeadEndFilling::on(grid, start, goal))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &a_star::INFO_WEIGHTED,
        make: |maze, start, goal, search| {
            flooding(search, goal, {
                // Weight 1 here means "not chosen": the variant's own weight.
                let weight = if search.weight == 1.0 {
                    f64::from(a_star::WEIGHTED)
                } else {
                    search.weight
                };
                let search = Search { weight, ..*search };
                a_star_by(&a_star::INFO_WEIGHTED, maze, start, goal, &search)
            })
        },
        any_shape: true,
        costs: true,
        diagonal: true,
        uniform_only: false,
        floods: true,
    },
    Entry {
        info: &bidirectional_a_star::INFO,
        make: |maze, start, goal, search| {
            on_its_grid!(maze, |grid| BidirectionalAStar::on(
                grid, maze, start, goal, search
            ))
        },
        any_shape: true,
        costs: true,
        diagonal: true,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &jump_point_search::INFO,
        make: |maze, start, goal, search| Box::new(JumpPointSearch::new(maze, start, goal, search)),
        any_shape: false,
        costs: false,
        diagonal: true,
        uniform_only: true,
        floods: false,
    },
    Entry {
        info: &ida_star::INFO,
        make: |maze, start, goal, search| {
            on_its_grid!(maze, |grid| IdaStar::on(grid, maze, start, goal, search))
        },
        any_shape: true,
        costs: true,
        diagonal: true,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &random_mouse::INFO,
        make: |maze, start, goal, _search| Box::new(RandomMouse::new(maze, start, goal)),
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &pledge::INFO,
        make: |maze, start, goal, _search| Box::new(Pledge::new(maze, start, goal)),
        any_shape: false,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &collision::INFO,
        make: |maze, start, goal, _search| Box::new(collision::Collision::new(maze, start, goal)),
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: true,
        floods: false,
    },
    Entry {
        info: &shortest_paths::INFO,
        make: |maze, start, goal, _search| {
            Box::new(shortest_paths::ShortestPaths::new(maze, start, goal))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: true,
        floods: false,
    },
    Entry {
        info: &bottlenecks::INFO,
        make: |maze, start, goal, _search| {
            Box::new(bottlenecks::Bottlenecks::new(maze, start, goal))
        },
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &cul_de_sac_filling::INFO,
        make: |maze, start, goal, _search| Box::new(CulDeSacFilling::new(maze, start, goal)),
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &blind_alley::INFO_FILLING,
        make: |maze, start, goal, _search| Box::new(BlindAlley::new(maze, start, goal, false)),
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &blind_alley::INFO_SEALING,
        make: |maze, start, goal, _search| Box::new(BlindAlley::new(maze, start, goal, true)),
        any_shape: true,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
    Entry {
        info: &chain::INFO,
        // One copy, on the plain square grid: the guide line is drawn in rows and columns.
        make: |maze, start, goal, _search| Box::new(Chain::new(maze, start, goal)),
        any_shape: false,
        costs: false,
        diagonal: false,
        uniform_only: false,
        floods: false,
    },
];

/// Whether a search may keep its unit-cost form: no terrain, no diagonal moves, and the
/// grid's own estimate as the guess.
fn is_unit_cost(maze: &Maze, search: &Search) -> bool {
    let moves = Moves::new(maze, search.corners);
    !maze.has_terrain()
        && !moves.corners.diagonal()
        && Guess::new(maze, &moves, search).is_grids_own()
}

/// A* (`info` plain or weighted): its unit-cost form when [`is_unit_cost`] and the weight is
/// a whole number; on terrain with four moves on the plain square grid, weight 1 and a guess
/// that counts moves, its form with buckets ([`AStarOnTerrain`]); else the general search by
/// cost ([`BestFirst`]).
fn a_star_by(
    info: &'static Info,
    maze: &Maze,
    start: usize,
    goal: usize,
    search: &Search,
) -> Box<dyn Solver> {
    let weight = search.weight.clamp(1.0, crate::world::MAX_WEIGHT);
    let moves = Moves::new(maze, search.corners);
    let counts_moves = matches!(search.heuristic, Heuristic::Grid | Heuristic::Manhattan);
    if is_unit_cost(maze, search) && weight.fract() == 0.0 {
        on_its_grid!(maze, |grid| AStar::on(grid, start, goal, weight as u32))
    } else if weight == 1.0 && maze.grid().is_none() && !moves.corners.diagonal() && counts_moves {
        Box::new(AStarOnTerrain::new(info, maze, start, goal))
    } else {
        let search = Search { weight, ..*search };
        on_its_grid!(maze, |grid| BestFirst::a_star(
            info, grid, maze, start, goal, &search
        ))
    }
}

/// Why a solver cannot search with `exit`, as a sentence, or `None` if it can: only the
/// entries that [`Entry::floods`] flood.
pub fn exit_refusal(entry: &Entry, exit: crate::world::Exit) -> Option<Sentence> {
    if exit == crate::world::Exit::Goal || entry.floods {
        return None;
    }
    let others: Vec<&str> = ALL
        .iter()
        .filter(|e| e.floods)
        .map(|e| e.info.name)
        .collect();
    Some(
        Sentence::new("refusals.exit-flood")
            .with("name", Arg::Text(entry.info.name.to_string()))
            .with("others", crate::generators::others_text(&others)),
    )
}

/// `solver`, flooding everything reachable first when `search` says so
/// ([`crate::world::Exit::Flood`]; for the entries that `floods`).
fn flooding(search: &Search, goal: usize, mut solver: Box<dyn Solver>) -> Box<dyn Solver> {
    if search.exit == crate::world::Exit::Flood && solver.flood() {
        Box::new(flood::Flood::new(solver, goal))
    } else {
        solver
    }
}

/// The names of all solvers.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|entry| entry.info.name).collect()
}

/// Looks a solver up by name.
pub fn find(name: &str) -> Result<&'static Entry, UnknownName> {
    ALL.iter()
        .find(|entry| entry.info.name == name)
        .ok_or_else(|| UnknownName {
            kind: "solver",
            given: name.to_string(),
            allowed: names(),
        })
}

/// Why [`solve`] could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    Name(UnknownName),
    /// Start or goal is not a cell of the maze.
    OutsideMaze {
        what: &'static str,
        x: u32,
        y: u32,
        width: u32,
        height: u32,
    },
    /// Start or goal names no cell of a grid of another shape, or one a mask switched off.
    NoCell {
        what: &'static str,
        x: u32,
        y: u32,
        why: String,
    },
    /// A solver that does not work on the maze's grid yet; the message says which do.
    Shape(String),
    /// A solver that cannot search this world (terrain costs), or search options out of
    /// range; the message says what to choose.
    World(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Name(e) => e.fmt(f),
            SolveError::OutsideMaze {
                what,
                x,
                y,
                width,
                height,
            } => write!(
                f,
                "{what} {x},{y} is outside the {width}x{height} maze: x must be 0 to {}, y 0 to {}",
                width - 1,
                height - 1
            ),
            SolveError::NoCell { what, x, y, why } => write!(f, "{what} {x},{y} {why}"),
            SolveError::Shape(why) | SolveError::World(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SolveError {}

/// Checks that `(x, y)` is a cell of `maze` and returns its index.
pub fn cell_at(maze: &Maze, what: &'static str, (x, y): (u32, u32)) -> Result<usize, SolveError> {
    if let Some(grid) = maze.grid() {
        let no_cell = |why: String| SolveError::NoCell { what, x, y, why };
        let cell = grid.cell_at(x, y).ok_or_else(|| {
            no_cell(match grid.shape() {
                Shape::Polar => format!(
                    "is not a cell: polar cells are x,y = place in the ring, ring (0 to {})",
                    grid.height() - 1
                ),
                shape => format!(
                    "is outside the {shape} grid of {}x{}",
                    grid.width(),
                    grid.height()
                ),
            })
        })?;
        return if grid.is_on(cell) {
            Ok(cell)
        } else {
            Err(no_cell(
                "is switched off by the mask: choose a cell that is on".into(),
            ))
        };
    }
    if maze.contains(x, y) {
        Ok(maze.index(x, y))
    } else {
        Err(SolveError::OutsideMaze {
            what,
            x,
            y,
            width: maze.width(),
            height: maze.height(),
        })
    }
}

/// Checks that a solver works on `maze`'s grid.
pub fn check_shape(entry: &Entry, maze: &Maze) -> Result<(), SolveError> {
    shape_refusal(entry, maze).map_or(Ok(()), |words| Err(SolveError::Shape(words.english())))
}

/// Why a solver cannot work on `maze`'s grid, as a sentence (the page says it in its
/// language), or `None` if it can.
#[inline(never)]
pub fn shape_refusal(entry: &Entry, maze: &Maze) -> Option<Sentence> {
    if entry.any_shape || maze.grid().is_none() {
        return None;
    }
    let others: Vec<&str> = ALL
        .iter()
        .filter(|e| e.any_shape)
        .map(|e| e.info.name)
        .collect();
    let grid = if maze.shape() == Shape::Square {
        Sentence::new("messages.masked")
    } else {
        Sentence::new("messages.shape").with("shape", maze.shape().words())
    };
    Some(
        Sentence::new("messages.solver-square-only")
            .with("name", Arg::Text(entry.info.name.to_string()))
            .words("grid", grid)
            .with("others", crate::generators::others_text(&others)),
    )
}

/// Checks that a solver can search `maze`'s world: jump point search needs every cell to
/// cost the same (obstacles are fine).
pub fn check_world(entry: &Entry, maze: &Maze) -> Result<(), SolveError> {
    if entry.costs || !entry.uniform_only || is_uniform(maze) {
        return Ok(());
    }
    let others: Vec<&str> = ALL
        .iter()
        .filter(|e| e.costs)
        .map(|e| e.info.name)
        .collect();
    Err(SolveError::World(format!(
        "{} needs every cell to cost the same: this world has terrain costs; choose one of {}",
        entry.info.name,
        others.join(", ")
    )))
}

/// How a search that counts moves ends on a world with terrain costs (the page and a run let
/// terrain in; [`check_world`] refuses it before a lone search): it gives up at its start.
pub(crate) fn terrain_refusal(start: usize) -> Outcome {
    Outcome::GaveUp {
        route: vec![start],
        reason: crate::words::reasons::MOVES_ONLY,
    }
}

/// What a search says when it gives up as [`terrain_refusal`].
pub(crate) fn terrain_words() -> Sentence {
    Sentence::new("narration.gave-up")
        .with("reason", reason_words(crate::words::reasons::MOVES_ONLY))
}

/// Whether every cell that is not blocked costs 1.
pub fn is_uniform(maze: &Maze) -> bool {
    maze.terrain().map_or(true, |terrain| {
        terrain
            .iter()
            .all(|&cost| cost == crate::world::BLOCKED || cost == crate::world::PLAIN)
    })
}

/// What a search's outcome costs on `maze`: [`crate::world::path_cost`] of a found path, else 0.
pub fn cost_of(maze: &Maze, outcome: &Outcome) -> f64 {
    outcome
        .path()
        .map_or(0.0, |path| crate::world::path_cost(maze, path))
}

/// Runs the named solver to the end on `maze` from `start` to `goal`, moving and guessing as
/// the default [`Search`] says (four moves, the grid's own estimate).
pub fn solve(
    name: &str,
    maze: &Maze,
    start: (u32, u32),
    goal: (u32, u32),
) -> Result<Report, SolveError> {
    solve_with(name, maze, start, goal, &Search::default())
}

/// [`solve`] with the moves, heuristic and weight of `search`.
pub fn solve_with(
    name: &str,
    maze: &Maze,
    start: (u32, u32),
    goal: (u32, u32),
    search: &Search,
) -> Result<Report, SolveError> {
    solve_through(name, maze, start, goal, search, Exits::default())
}

/// [`solve_with`] with ends that are gaps in the outer wall ([`Solver::use_exits`]).
pub fn solve_through(
    name: &str,
    maze: &Maze,
    start: (u32, u32),
    goal: (u32, u32),
    search: &Search,
    exits: Exits,
) -> Result<Report, SolveError> {
    let entry = find(name).map_err(SolveError::Name)?;
    check_shape(entry, maze)?;
    check_world(entry, maze)?;
    search.check().map_err(SolveError::World)?;
    let start = cell_at(maze, "start", start)?;
    let goal = cell_at(maze, "goal", goal)?;
    let mut solver = (entry.make)(maze, start, goal, search);
    solver.use_exits(exits);
    let mut board = Board::new(maze.clone());
    // Only the result is returned: nobody sees the marks, so they are not kept.
    board.set_display(false);
    // Solvers draw no random numbers; the generator is only there to fit the one step trait.
    let steps = run_to_end(solver.as_mut(), &mut board, &mut Rng::new(0));
    let outcome = solver.outcome().cloned().unwrap_or(Outcome::Unreachable);
    Ok(Report {
        cost: cost_of(maze, &outcome),
        outcome,
        visited: solver.visited(),
        steps,
        paths: solver.path_count(),
        marks: solver.answer_cells(),
    })
}

/// The cells through the open sides of `cell` on `grid`, with the side of each, in side order
/// (north, east, south, west on the square grid) — the same answers as asking
/// [`Maze::passage_through`] for each side.
///
/// The searches ask this for millions of cells, so it is written for speed: it walks only the
/// set passage bits of the cell, and steps to a neighbour with [`Topology::through`], which on
/// the square grid adds an index offset instead of turning the index into coordinates (a
/// division). That is safe because an open side never faces the border — the board keeps
/// passages consistent — and the bounds check only keeps a broken maze from indexing out of
/// range.
#[inline]
pub(crate) fn open_neighbours<'a, T: Topology>(
    grid: &'a T,
    maze: &Maze,
    cell: usize,
) -> OpenNeighbours<'a, T> {
    OpenNeighbours {
        grid,
        cell,
        bits: maze.cell(cell) & side_bits(grid),
        len: maze.len(),
    }
}

/// The cell through the open side `side` of `cell`, or `None` if it is walled:
/// [`Maze::passage_through`] without the division, for the same reason as [`open_neighbours`].
#[inline]
pub(crate) fn neighbour_through<T: Topology>(
    grid: &T,
    maze: &Maze,
    cell: usize,
    side: Side,
) -> Option<usize> {
    if maze.cell(cell) & side_bits(grid) & (1 << side) == 0 {
        return None;
    }
    let next = grid.through(cell, side);
    (next < maze.len()).then_some(next)
}

/// The open sides of `cell` as passage bits, and the number of cells: for
/// [`Topology::for_each_side`], whose callers skip a neighbour `>= len` as [`open_neighbours`]
/// does (a broken maze's passage through the border).
#[inline]
pub(crate) fn open_sides<T: Topology>(grid: &T, maze: &Maze, cell: usize) -> (u8, usize) {
    (maze.cell(cell) & side_bits(grid), maze.len())
}

/// The passage bits a cell of `grid` can have: `0x0f` on the square grid.
#[inline]
pub(crate) fn side_bits<T: Topology>(grid: &T) -> u8 {
    (0xffu16 >> (8 - grid.max_sides().min(8))) as u8
}

/// Iterator returned by [`open_neighbours`].
pub(crate) struct OpenNeighbours<'a, T> {
    grid: &'a T,
    cell: usize,
    /// Passage bits not yet handed out.
    bits: u8,
    len: usize,
}

impl<T: Topology> Iterator for OpenNeighbours<'_, T> {
    type Item = (Side, usize);

    #[inline]
    fn next(&mut self) -> Option<(Side, usize)> {
        while self.bits != 0 {
            // The lowest set bit is the next open side: bit i is side i.
            let side = self.bits.trailing_zeros() as Side;
            self.bits &= self.bits - 1;
            // A wrapped-around index is far above `len`, so one comparison guards both ends.
            let next = self.grid.through(self.cell, side);
            if next < self.len {
                return Some((side, next));
            }
        }
        None
    }
}

/// The side of `cell` a walker faces after coming in through its side `entered`: the side
/// across the cell, half its sides round from `entered` (so on the square grid the way it
/// moved: north after coming in through the south side; on a hexagon the side opposite too;
/// a triangle has no side across, and there it is the next side clockwise).
#[inline]
pub(crate) fn facing<T: Weave>(grid: &T, cell: usize, entered: Side) -> Side {
    // Ways, not sides: on a weave a tunnel goes the way of its ordinary side.
    let ways = grid.ways(cell).max(1);
    modulo(grid.way(entered) + ways / 2, ways)
}

/// The side a walker facing `heading` on `cell` came in through: [`facing`] undone.
#[inline]
pub(crate) fn entered<T: Weave>(grid: &T, cell: usize, heading: Side) -> Side {
    let ways = grid.ways(cell).max(1);
    modulo(heading + ways - ways / 2, ways)
}

/// `side % sides`, as a mask where `sides` is a power of two: for the square grid's constant 4
/// that is one `and` on the wall follower's every step, where the compiler made the `%` five
/// instructions (it must allow for `side` being any byte).
#[inline]
fn modulo(side: Side, sides: u8) -> Side {
    if sides.is_power_of_two() {
        side & (sides - 1)
    } else {
        side % sides
    }
}

/// A shortest path from `start` to `goal` through the cells `closed` leaves open, by a
/// breadth-first search (the fillers' last step: a search through what they left), and the
/// number of cells it reached.
pub(crate) fn path_through_open<T: Topology>(
    grid: &T,
    maze: &Maze,
    start: usize,
    goal: usize,
    closed: &[bool],
) -> (Option<Vec<usize>>, u64) {
    let mut parent = vec![NO_PARENT; maze.len()];
    parent[start] = start as u32;
    let mut queue = std::collections::VecDeque::from([start]);
    let mut reached = 1;
    while let Some(cell) = queue.pop_front() {
        if cell == goal {
            return (Some(trace_path(&parent, start, goal)), reached);
        }
        for (_, next) in open_neighbours(grid, maze, cell) {
            if !closed[next] && parent[next] == NO_PARENT {
                parent[next] = cell as u32;
                queue.push_back(next);
                reached += 1;
            }
        }
    }
    (None, reached)
}

/// Marks every cell of a path with [`mark::PATH`] (a cell already marked is skipped, which
/// matters for a wall follower's route that passes some cells many times).
pub(crate) fn mark_path(board: &mut Board, path: &[usize]) {
    for &cell in path {
        if board.mark(cell) & mark::PATH == 0 {
            board.add_mark(cell, mark::PATH);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::Direction;

    #[test]
    fn a_search_without_a_path_says_why() {
        assert_eq!(Outcome::Found(vec![0]).no_path(), None);
        assert_eq!(
            Outcome::Unreachable.no_path().as_deref(),
            Some("no path: the goal cannot be reached")
        );
        let gave_up = Outcome::GaveUp {
            route: vec![0, 1],
            reason: "back where it started",
        };
        assert_eq!(
            gave_up.no_path().as_deref(),
            Some("no path: gave up (back where it started)")
        );
    }

    #[test]
    fn open_neighbours_agrees_with_maze_passage() {
        let mut rng = Rng::new(5);
        for (width, height) in [(1, 1), (1, 6), (6, 1), (5, 4), (9, 9)] {
            let mut board = Board::new(Maze::new(width, height).unwrap());
            for _ in 0..(width * height * 2) {
                let cell = rng.index(board.maze().len());
                let dir = Direction::ALL[rng.index(4)];
                if board.maze().neighbour(cell, dir).is_some() {
                    board.carve(cell, dir);
                }
            }
            let maze = board.maze();
            for cell in 0..maze.len() {
                let grid = maze.square();
                let expected: Vec<(Side, usize)> = Direction::ALL
                    .into_iter()
                    .filter_map(|dir| maze.passage(cell, dir).map(|next| (dir.side(), next)))
                    .collect();
                let got: Vec<(Side, usize)> = open_neighbours(&grid, maze, cell).collect();
                assert_eq!(got, expected, "{width}x{height} cell {cell}");
                for dir in Direction::ALL {
                    let next = neighbour_through(&grid, maze, cell, dir.side());
                    assert_eq!(next, maze.passage(cell, dir));
                }
            }
        }
    }

    /// Steps the named solver to its end with the journal on, taking each step back once: the
    /// solver must be as before the step (or, if it declines, unchanged), and step the same
    /// again.
    #[cfg(not(target_arch = "wasm32"))] // `dyn Solver` is `Debug` only natively
    fn check_undo(name: &str, maze: &Maze, start: usize, goal: usize) {
        let mut solver = (find(name).unwrap().make)(maze, start, goal, &Search::default());
        let mut board = Board::new(maze.clone());
        board.set_journaling(true);
        let mut rng = Rng::new(0);
        for at in 1.. {
            let before = format!("{solver:?}");
            let (changes, notes) = (board.journal_len(), board.notes().len());
            let Some(step) = solver.step(&mut board, &mut rng) else {
                break;
            };
            let after = format!("{solver:?}");
            if solver.undo(&step, &board.notes()[notes..], &board) {
                let label = format!("{name} {start}->{goal} step {at} {step:?} on {maze:?}");
                assert_eq!(format!("{solver:?}"), before, "{label} taken back");
                board.take_back(changes, notes, |_| {});
                assert_eq!(
                    solver.step(&mut board, &mut rng),
                    Some(step),
                    "{label} again"
                );
            }
            assert_eq!(
                format!("{solver:?}"),
                after,
                "{name} step {at} declined: changed"
            );
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn solvers_take_back_every_step() {
        use crate::maze::{E, N, S, W};
        // A ring round a sealed centre (wall followers loop, searches find no way), a walled-in
        // start, and random carvings: loops, and parts cut off.
        let ring = vec![E | S, W | E, W | S, N | S, 0, N | S, N | E, W | E, N | W];
        let mut cases = vec![
            (Maze::from_cells(3, 3, ring).unwrap(), 0, 4),
            (Maze::new(2, 1).unwrap(), 0, 1),
        ];
        let mut rng = Rng::new(7);
        for (width, height, carves) in [(1, 5, 4), (6, 5, 20), (6, 5, 40), (7, 6, 80)] {
            for _ in 0..4 {
                let mut board = Board::new(Maze::new(width, height).unwrap());
                for _ in 0..carves {
                    let cell = rng.index(board.maze().len());
                    let dir = Direction::ALL[rng.index(4)];
                    if board.maze().neighbour(cell, dir).is_some() {
                        board.carve(cell, dir);
                    }
                }
                let len = board.maze().len();
                let (start, goal) = (rng.index(len), rng.index(len));
                cases.push((board.maze().clone(), start, goal));
                cases.push((board.maze().clone(), start, start));
            }
        }
        // Every other shape, and a mask: perfect mazes with passages added (loops), each side
        // number a shape has.
        use crate::topology::{Grid, Mask};
        let hole = |x, y| (x == 0 && y == 0) || (x == 3 && y == 2);
        let rows = (0..5)
            .map(|y| (0..6).map(|x| hole(x, y)).collect())
            .collect();
        let masked =
            Grid::new(Shape::Hex, 6, 5).and_then(|grid| grid.with_mask(&Mask::from_rows(rows)));
        let mut grids: Vec<Grid> = [Shape::Hex, Shape::Triangle, Shape::Polar]
            .into_iter()
            .map(|shape| Grid::new(shape, 6, 5).unwrap())
            .collect();
        grids.extend(masked);
        for grid in grids {
            let empty = Maze::on_grid(grid.clone());
            let perfect =
                crate::generators::generate_on("recursive-backtracker", empty, 3, 0.0).unwrap();
            let mut board = Board::new(perfect);
            for cell in 0..grid.len() {
                grid.for_each_neighbour(cell, |side, next| {
                    if rng.chance(0.2) {
                        board.join(cell, side, next, grid.back(cell, side));
                    }
                });
            }
            let on: Vec<usize> = (0..grid.len()).filter(|&c| grid.is_on(c)).collect();
            for _ in 0..3 {
                let (start, goal) = (on[rng.index(on.len())], on[rng.index(on.len())]);
                cases.push((board.maze().clone(), start, goal));
            }
        }
        for name in names() {
            for (maze, start, goal) in &cases {
                check_undo(name, maze, *start, *goal);
            }
        }
    }
}
