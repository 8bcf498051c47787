//! What defines a run, and what can be wrong with it: [`Settings::check`] is the one place
//! the rules between settings live (a generator that cannot work on the grid, a braid for an
//! open world, diagonal moves on a hexagon grid, …). [`super::Run::new`] asks it, and so do the
//! command line and the wasm edge, which only turn its [`RunError`] into their own words.

use super::ends::{self, Ends, WallExit};
use crate::generators::{self, braid, UnknownName};
use crate::machine::Info;
use crate::maze::{Maze, MazeError};
use crate::solvers::{self, goals, Exits, SolveError};
use crate::topology::{Grid, GridError, Mask, Shape, Topology};
use crate::words::{Arg, Sentence};
use crate::world::{Edits, Search};
use std::fmt;
use std::sync::Arc;

/// The width and the height (polar: the rings) a front end uses when none is given.
pub const DEFAULT_SIDE: u32 = 10;

/// Goals as a front end gives them: the first (`None`: its default corner) and the others.
pub type GoalList = (Option<(u32, u32)>, Vec<(u32, u32)>);

/// Everything that defines a run. Equal settings give equal runs, step for step.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub generator: String,
    /// `None` generates only.
    pub solver: Option<String>,
    pub width: u32,
    pub height: u32,
    pub seed: u64,
    /// Start cell; defaults to the top-left cell.
    pub start: Option<(u32, u32)>,
    /// Goal cell; defaults to the bottom-right cell.
    pub goal: Option<(u32, u32)>,
    /// Goals beyond `goal`: the search stops at the nearest ([`crate::solvers::goals`]).
    pub other_goals: Vec<(u32, u32)>,
    /// Waypoints, in order: the search goes start → each of them → goal, leg by leg.
    pub via: Vec<(u32, u32)>,
    /// A start in a gap of the outer wall (plain square grid): its cell wins over `start`.
    pub start_exit: Option<WallExit>,
    /// A goal in a gap of the outer wall: its cell wins over `goal`, and the walkers walk out
    /// through it.
    pub goal_exit: Option<WallExit>,
    /// Where the ends not given go (see [`ends::place`]): a start or goal given wins.
    pub ends: Ends,
    /// Share of dead ends to remove after generation, 0 to 1 (see
    /// [`crate::generators::Braid`]); 0 keeps the maze perfect and skips the braiding phase.
    pub braid: f64,
    /// The grid's shape; `width` and `height` mean what [`Grid::new`] says for it.
    pub shape: Shape,
    /// Cells switched off, if any.
    pub mask: Option<Mask>,
    /// What a learner changed in the generated maze, applied when the search begins (see
    /// [`crate::world::edits`]); shared, as a run's copies all use the same.
    pub edits: Option<Arc<Edits>>,
    /// How the search may move and guess (diagonal moves, heuristic, weight).
    pub search: Search,
    /// The share of cells an open world blocks (`obstacles`, `caves`), 0 to
    /// [`generators::MAX_DENSITY`]; the other generators ignore it.
    pub density: f64,
    /// The rule `cellular-automaton` grows its maze by; the other generators ignore it.
    pub rule: generators::Rule,
}

impl Settings {
    /// Generation only, with the default start and goal.
    pub fn new(generator: &str, width: u32, height: u32, seed: u64) -> Settings {
        Settings {
            generator: generator.to_string(),
            solver: None,
            width,
            height,
            seed,
            start: None,
            goal: None,
            other_goals: Vec::new(),
            via: Vec::new(),
            start_exit: None,
            goal_exit: None,
            ends: Ends::Corners,
            braid: 0.0,
            shape: Shape::Square,
            mask: None,
            edits: None,
            search: Search::default(),
            density: generators::DEFAULT_DENSITY,
            rule: generators::Rule::Maze,
        }
    }

    /// The same settings on a grid of another shape.
    pub fn with_shape(mut self, shape: Shape) -> Settings {
        self.shape = shape;
        self
    }

    /// The same settings with cells switched off.
    pub fn with_mask(mut self, mask: Mask) -> Settings {
        self.mask = Some(mask);
        self
    }

    /// The maze these settings start from, every wall standing: on the plain square grid, or
    /// on the grid of their shape and mask. A mask must leave the cells that are on in one
    /// piece: a maze joins every cell, so separate regions are refused.
    pub fn empty_maze(&self) -> Result<Maze, RunError> {
        if self.shape == Shape::Square && self.mask.is_none() {
            return Maze::new(self.width, self.height).map_err(RunError::Size);
        }
        let mut grid = Grid::new(self.shape, self.width, self.height).map_err(RunError::Grid)?;
        if let Some(mask) = &self.mask {
            grid = grid.with_mask(mask).map_err(RunError::Grid)?;
            let regions = grid.regions();
            if regions > 1 {
                return Err(RunError::Grid(GridError::BadMask(
                    Sentence::new("refusals.mask-regions").n("regions", regions as u64),
                )));
            }
        }
        Ok(Maze::on_grid(grid))
    }

    /// The same settings with a solver.
    pub fn with_solver(mut self, solver: &str) -> Settings {
        self.solver = Some(solver.to_string());
        self
    }

    /// The same settings with a learner's edits of the generated maze.
    pub fn with_edits(mut self, edits: Edits) -> Settings {
        self.edits = (!edits.is_empty()).then(|| Arc::new(edits));
        self
    }

    /// The same settings with these search options.
    pub fn with_search(mut self, search: Search) -> Settings {
        self.search = search;
        self
    }

    /// The same settings with an open world's density.
    pub fn with_density(mut self, density: f64) -> Settings {
        self.density = density;
        self
    }

    /// The same settings with the cellular automaton's rule.
    pub fn with_rule(mut self, rule: generators::Rule) -> Settings {
        self.rule = rule;
        self
    }

    /// The same settings with a braid share.
    pub fn with_braid(mut self, braid: f64) -> Settings {
        self.braid = braid;
        self
    }

    /// Checks every rule the settings keep, alone and together, in a fixed order: the grid
    /// (its size for the shape, the mask), the generator and whether it works on that grid,
    /// the density, the braid share and whether the generator leaves dead ends to braid, the
    /// solver and whether it works on the grid, the edits, the search options (the weight;
    /// diagonal moves only on the plain square grid), then the start and the goal. Returns
    /// what a run is made from: the empty maze, the algorithms and the cells of the ends.
    ///
    /// The one place these rules live: [`super::Run::new`], the command line and the wasm
    /// edge all ask here, and each refusal carries its sentence ([`RunError::words`]).
    pub fn check(&self) -> Result<Checked, RunError> {
        let maze = self.empty_maze()?;
        let generator = generators::find(&self.generator).map_err(RunError::Generator)?;
        if let Some(words) = generators::shape_refusal(generator, &maze) {
            return Err(RunError::shape(&maze, words));
        }
        if generators::check_density(self.density).is_err() {
            return Err(RunError::World(generators::density_refusal(self.density)));
        }
        if braid::check_share(self.braid).is_err() {
            return Err(RunError::Braid(braid::share_refusal(self.braid)));
        }
        if generators::check_braid_for(generator, self.braid).is_err() {
            return Err(RunError::Braid(generators::braid_open_refusal(
                generator, self.braid,
            )));
        }
        let solver = match &self.solver {
            Some(name) => {
                let entry =
                    solvers::find(name).map_err(|e| RunError::Solver(SolveError::Name(e)))?;
                if let Some(words) = solvers::shape_refusal(entry, &maze) {
                    return Err(RunError::shape(&maze, words));
                }
                if let Some(words) = solvers::exit_refusal(entry, self.search.exit) {
                    return Err(RunError::World(words));
                }
                Some(entry)
            }
            None => None,
        };
        self.check_world(&maze)?;
        let (start, goal) = self.end_cells(&maze)?;
        let (other_goals, via) = self.stops(&maze, solver)?;
        let exits = self.exits();
        Ok(Checked {
            maze,
            generator,
            solver,
            start,
            goal,
            other_goals,
            via,
            exits,
        })
    }

    /// The rules of the world a search runs in, on `maze`: the edits fit it, the weight is in
    /// range, and diagonal moves are for the plain square grid only. (Part of
    /// [`Settings::check`]; a live re-solve asks again with new edits.)
    pub(super) fn check_world(&self, maze: &Maze) -> Result<(), RunError> {
        if let Some(edits) = &self.edits {
            edits
                .check_words(&*maze.topology())
                .map_err(RunError::World)?;
        }
        if self.search.check().is_err() {
            return Err(RunError::World(self.search.weight_refusal()));
        }
        if self.search.corners.diagonal() && maze.grid().is_some() {
            let grid = if maze.shape() == Shape::Square {
                Arg::Words(Sentence::new("refusals.masked-square"))
            } else {
                maze.shape().words()
            };
            return Err(RunError::Moves(
                Sentence::new("refusals.diagonal").with("grid", grid),
            ));
        }
        Ok(())
    }

    /// The cells of the start and the goal on `maze`: as the settings say (an exit's cell,
    /// else the cell given), else placed by the preset ([`ends::place`]; the hardest pair
    /// on the empty maze is the corners' — a run places it again when its search begins).
    pub(super) fn end_cells(&self, maze: &Maze) -> Result<(usize, usize), RunError> {
        let (first, last) = default_ends_of(maze);
        let cell = |what, at| solvers::cell_at(maze, what, at).map_err(RunError::Solver);
        let given = |what, exit: &Option<WallExit>, at: Option<(u32, u32)>| match exit {
            Some(exit) => {
                if maze.grid().is_some() {
                    return Err(RunError::Ends(exit_refusal(what, exit, maze)));
                }
                let at = exit
                    .cell(what, maze.width(), maze.height())
                    .map_err(RunError::Ends)?;
                cell(what, at).map(Some)
            }
            None => at.map(|at| cell(what, at)).transpose(),
        };
        let start = given("start", &self.start_exit, self.start)?;
        let goal = given("goal", &self.goal_exit, self.goal)?;
        let corners = (cell("start", first)?, cell("goal", last)?);
        // A list of goals is given goals: a preset places none of them (the first, if left
        // out, is the corner).
        let goal = goal.or((!self.other_goals.is_empty()).then_some(corners.1));
        let ends = match self.ends {
            Ends::Hardest => Ends::Corners,
            ends => ends,
        };
        Ok(ends::place(ends, maze, corners, (start, goal), self.seed))
    }

    /// The cells of the other goals and the waypoints on `maze`, once the solver is known to
    /// take them: at most [`goals::MAX_GOALS`] goals in all and [`goals::MAX_WAYPOINTS`]
    /// waypoints, each a cell of the maze, and neither with early exit off nor with ends in
    /// the outer wall.
    pub(super) fn stops(
        &self,
        maze: &Maze,
        solver: Option<&solvers::Entry>,
    ) -> Result<(Vec<usize>, Vec<usize>), RunError> {
        let name = solver.map_or("", |entry| entry.info.name);
        let goals = 1 + self.other_goals.len();
        let wall_exits = self.start_exit.is_some() || self.goal_exit.is_some();
        let refused = goals::goals_refusal(name, goals)
            .or_else(|| goals::waypoints_refusal(name, self.via.len()))
            .or_else(|| goals::flood_refusal(self.search.exit, goals, self.via.len()))
            .or_else(|| goals::wall_exits_refusal(wall_exits, goals, self.via.len()));
        if let Some(words) = refused {
            return Err(RunError::Goals(words));
        }
        let cells = |what, list: &[(u32, u32)]| {
            list.iter()
                .map(|&at| solvers::cell_at(maze, what, at).map_err(RunError::Solver))
                .collect::<Result<Vec<usize>, RunError>>()
        };
        Ok((
            cells("goal", &self.other_goals)?,
            cells("waypoint", &self.via)?,
        ))
    }

    /// The ends placed on the maze the search will walk: `Settings::end_cells`, with the
    /// hardest pair measured on `maze` (generated) when the preset asks for it.
    pub fn ends_on(&self, maze: &Maze, checked: (usize, usize)) -> (usize, usize) {
        if self.ends != Ends::Hardest {
            return checked;
        }
        let (first, last) = default_ends_of(maze);
        let Ok(corners) = solvers::cell_at(maze, "start", first)
            .and_then(|f| Ok((f, solvers::cell_at(maze, "goal", last)?)))
        else {
            return checked;
        };
        let given = (
            (self.start.is_some() || self.start_exit.is_some()).then_some(checked.0),
            (self.goal.is_some() || self.goal_exit.is_some() || !self.other_goals.is_empty())
                .then_some(checked.1),
        );
        ends::place(Ends::Hardest, maze, corners, given, self.seed)
    }

    /// Which ends are gaps in the outer wall, as the solvers take them.
    pub fn exits(&self) -> Exits {
        Exits {
            start: self.start_exit.map(|e| e.gap()),
            goal: self.goal_exit.map(|e| e.gap()),
        }
    }
}

/// An exit on a grid whose outer wall has no sides to name.
fn exit_refusal(what: &str, exit: &WallExit, maze: &Maze) -> String {
    let grid = if maze.shape() == Shape::Square {
        "a masked square grid".to_string()
    } else {
        format!("a {} grid", maze.shape())
    };
    format!(
        "{what} {}: exits in the outer wall are for the plain square grid only, not on {grid}; \
         give a cell as X,Y",
        exit.text()
    )
}

/// What [`Settings::check`] found the settings make: the empty maze a run starts from, its
/// generator and solver, and the cells its search starts and ends on (and goes by).
pub struct Checked {
    pub maze: Maze,
    pub generator: &'static generators::Entry,
    pub solver: Option<&'static solvers::Entry>,
    pub start: usize,
    pub goal: usize,
    /// The goals beyond `goal`.
    pub other_goals: Vec<usize>,
    /// The waypoints, in order.
    pub via: Vec<usize>,
    /// Which ends are gaps in the outer wall.
    pub exits: Exits,
}

/// Any algorithm a run shows, by name: a generator, a solver, the braiding or the player.
pub fn algorithm_info(name: &str) -> Result<&'static Info, UnknownName> {
    if let Ok(entry) = generators::find(name) {
        return Ok(entry.info);
    }
    if let Ok(entry) = solvers::find(name) {
        return Ok(entry.info);
    }
    for info in [&crate::player::INFO, &braid::INFO] {
        if info.name == name {
            return Ok(info);
        }
    }
    let mut allowed = generators::names();
    allowed.extend(solvers::names());
    allowed.push(crate::player::INFO.name);
    allowed.push(braid::INFO.name);
    Err(UnknownName {
        kind: "algorithm",
        given: name.to_string(),
        allowed,
    })
}

/// The grid shapes a generator or a solver works on, in the order of [`Shape::ALL`]; `None`
/// for a name that is neither.
pub fn algorithm_shapes(name: &str) -> Option<Vec<Shape>> {
    let works_on: &dyn Fn(Shape) -> bool = match (generators::find(name), solvers::find(name)) {
        (Ok(entry), _) => &|shape| entry.works_on(shape),
        (_, Ok(entry)) => &|shape| entry.works_on(shape),
        _ => return None,
    };
    Some(Shape::ALL.into_iter().filter(|&s| works_on(s)).collect())
}

/// Where a search starts and ends when the settings do not say: the top-left corner and the
/// bottom-right one, as (x, y). Every front end asks here.
pub fn default_ends(width: u32, height: u32) -> ((u32, u32), (u32, u32)) {
    ((0, 0), (width.saturating_sub(1), height.saturating_sub(1)))
}

/// [`default_ends`] for a maze of any shape: on a plain grid the corners; otherwise the
/// first cell that is on and the last one (polar: the centre and a cell of the rim), as the
/// (x, y) that [`crate::solvers::cell_at`] reads (polar: place in the ring, ring).
pub fn default_ends_of(maze: &Maze) -> ((u32, u32), (u32, u32)) {
    let Some(grid) = maze.grid() else {
        return default_ends(maze.width(), maze.height());
    };
    let len = grid.len();
    let first = grid.nearest_on(0);
    let last = (0..len).rev().find(|&c| grid.is_on(c)).unwrap_or(first);
    (grid.place(first), grid.place(last))
}

/// Why a run could not be set up. Every setting is checked before anything runs
/// ([`Settings::check`]); each refusal a learner can meet carries its sentence.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    Size(MazeError),
    /// A shape's size or a mask that does not fit.
    Grid(GridError),
    /// A generator or solver that cannot work on the grid (the words say which can);
    /// `setting` is what makes the grid other than the plain square one: "shape", or "mask"
    /// on a masked square grid.
    Shape {
        setting: &'static str,
        words: Sentence,
    },
    Generator(generators::UnknownName),
    Solver(SolveError),
    /// A braid share outside 0 to 1, or a braid for a generator that leaves no dead ends.
    Braid(Sentence),
    /// A density, edits or search options out of range, or edits that do not fit the maze.
    World(Sentence),
    /// Diagonal moves on a grid other than the plain square one.
    Moves(Sentence),
    /// Too many goals or waypoints, or a solver that cannot take them.
    Goals(Sentence),
    /// Not enough memory left for a run of this size (the words say how much it needs).
    Memory(Sentence),
    /// A live re-solve asked of a run that cannot do one (no solver, or no search yet).
    Rework(String),
    /// An exit in the outer wall that cannot be (past the wall's end, or not on the plain
    /// square grid).
    Ends(String),
}

impl RunError {
    /// A generator or solver refused on `maze`'s grid, naming the setting at fault.
    fn shape(maze: &Maze, words: Sentence) -> RunError {
        let setting = if maze.shape() == Shape::Square {
            "mask"
        } else {
            "shape"
        };
        RunError::Shape { setting, words }
    }

    /// The refusal as a sentence, for a page to say in its own language (its `Display` is
    /// the sentence in English); `None` for refusals a program meets rather than a learner
    /// (an unknown name, a start off the grid), which stay English.
    pub fn words(&self) -> Option<Sentence> {
        match self {
            RunError::Size(e) => e.words(),
            RunError::Grid(e) => Some(e.words().clone()),
            RunError::Shape { words, .. }
            | RunError::Braid(words)
            | RunError::World(words)
            | RunError::Moves(words)
            | RunError::Goals(words)
            | RunError::Memory(words) => Some(words.clone()),
            RunError::Generator(_)
            | RunError::Solver(_)
            | RunError::Rework(_)
            | RunError::Ends(_) => None,
        }
    }

    /// The setting a refusal is about when its words do not name it: "mask" for a mask that
    /// does not fit, "shape" or "mask" for an algorithm the grid is wrong for. A front end
    /// names it before the words (the wasm edge: `mask: the mask switches off every cell…`).
    pub fn setting(&self) -> Option<&'static str> {
        match self {
            RunError::Grid(GridError::BadMask(_)) => Some("mask"),
            RunError::Shape { setting, .. } => Some(setting),
            _ => None,
        }
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Size(e) => e.fmt(f),
            RunError::Grid(e) => e.fmt(f),
            RunError::Generator(e) => e.fmt(f),
            RunError::Solver(e) => e.fmt(f),
            RunError::Rework(e) | RunError::Ends(e) => f.write_str(e),
            RunError::Shape { words, .. }
            | RunError::Braid(words)
            | RunError::World(words)
            | RunError::Moves(words)
            | RunError::Goals(words)
            | RunError::Memory(words) => f.write_str(&words.english()),
        }
    }
}

impl std::error::Error for RunError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Corners, Edits};

    fn refusal(settings: Settings) -> RunError {
        match settings.check() {
            Ok(_) => panic!("{settings:?} was not refused"),
            Err(e) => e,
        }
    }

    /// Every refusal a learner can meet carries its sentence, and its English is the message:
    /// a front end converts it and never works it out again.
    #[test]
    fn refusals_carry_the_sentence_they_say() {
        let square = |generator: &str| Settings::new(generator, 6, 5, 1);
        let masked = Mask::parse("......\n..XX..\n......\n......\n......\n").unwrap();
        let mut off_grid = square("kruskal").with_solver("bfs");
        off_grid.start = Some((9, 9));
        let cases = [
            (
                square("kruskal").with_mask(Mask::parse("XX\n").unwrap()),
                Some("mask"),
            ),
            (square("sidewinder").with_shape(Shape::Hex), Some("shape")),
            (
                square("binary-tree").with_mask(masked.clone()),
                Some("mask"),
            ),
            (
                square("kruskal")
                    .with_solver("jump-point-search")
                    .with_mask(masked),
                Some("mask"),
            ),
            (square("kruskal").with_braid(1.5), None),
            (square("obstacles").with_braid(0.5), None),
            (square("obstacles").with_density(0.95), None),
            (
                square("kruskal").with_edits({
                    let mut edits = Edits::new();
                    edits.paint(99, 3);
                    edits
                }),
                None,
            ),
            (
                square("kruskal")
                    .with_shape(Shape::Hex)
                    .with_search(Search {
                        corners: Corners::Always,
                        ..Search::default()
                    }),
                None,
            ),
            (
                square("kruskal").with_search(Search {
                    weight: 0.5,
                    ..Search::default()
                }),
                None,
            ),
            (
                Settings::new("kruskal", 1, 9, 1).with_shape(Shape::Triangle),
                None,
            ),
        ];
        for (settings, setting) in cases {
            let e = refusal(settings.clone());
            let words = e.words().unwrap_or_else(|| panic!("{e:?} has no words"));
            assert_eq!(words.english(), e.to_string(), "{settings:?}");
            assert_eq!(e.setting(), setting, "{e}");
        }
        // A program's mistakes stay English, with nothing to name.
        for e in [
            refusal(square("mystery")),
            refusal(square("kruskal").with_solver("mystery")),
            refusal(off_grid),
        ] {
            assert_eq!((e.words(), e.setting()), (None, None), "{e}");
        }
    }

    /// The rules are checked in one fixed order: of two mistakes, the earlier rule's is said.
    #[test]
    fn the_first_rule_broken_is_the_one_reported() {
        let hex = Settings::new("sidewinder", 6, 5, 1).with_shape(Shape::Hex);
        // The generator on the grid before the braid, the solver, the moves and the ends.
        let mut many = hex.clone().with_braid(2.0).with_solver("mystery");
        many.search.corners = Corners::Always;
        many.start = Some((99, 0));
        assert!(matches!(refusal(many), RunError::Shape { .. }));
        // The solver on the grid before diagonal moves on it, and those before the ends.
        let mut late = Settings::new("kruskal", 6, 5, 1)
            .with_shape(Shape::Hex)
            .with_solver("jump-point-search");
        late.search.corners = Corners::Always;
        late.goal = Some((99, 0));
        assert!(matches!(refusal(late.clone()), RunError::Shape { .. }));
        late.solver = Some("a-star".into());
        assert!(matches!(refusal(late.clone()), RunError::Moves(_)));
        late.search.corners = Corners::Never;
        assert!(matches!(refusal(late), RunError::Solver(_)));
    }

    #[test]
    fn checked_settings_say_what_a_run_is_made_of() {
        let mut settings = Settings::new("kruskal", 6, 5, 1).with_solver("bfs");
        settings.goal = Some((2, 3));
        let checked = settings.check().unwrap();
        assert_eq!((checked.start, checked.goal), (0, 3 * 6 + 2));
        assert_eq!(checked.generator.info.name, "kruskal");
        assert_eq!(checked.solver.map(|s| s.info.name), Some("bfs"));
        assert_eq!(checked.maze.len(), 30);
    }

    /// The shapes an algorithm works on come from the registries, in the order of
    /// `Shape::ALL`.
    #[test]
    fn algorithm_shapes_answer_from_the_registries() {
        for entry in generators::ALL {
            let shapes = algorithm_shapes(entry.info.name).unwrap();
            let expected: Vec<Shape> = Shape::ALL
                .into_iter()
                .filter(|&s| entry.works_on(s))
                .collect();
            assert_eq!(shapes, expected, "{}", entry.info.name);
        }
        for entry in solvers::ALL {
            let shapes = algorithm_shapes(entry.info.name).unwrap();
            let expected = if entry.any_shape {
                Shape::ALL.to_vec()
            } else {
                vec![Shape::Square]
            };
            assert_eq!(shapes, expected, "{}", entry.info.name);
        }
        assert_eq!(
            algorithm_shapes("recursive-backtracker").unwrap(),
            Shape::ALL
        );
        assert_eq!(algorithm_shapes("binary-tree").unwrap(), [Shape::Square]);
        assert_eq!(algorithm_shapes("player"), None);
    }
}
