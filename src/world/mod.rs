//! Worlds: a maze plus what is put into it afterwards — cells blocked as obstacles, terrain
//! that costs more to cross — and the moves a search may make through it.
//!
//! - **Terrain** is one byte a cell, kept by the maze ([`Maze::terrain`]): [`BLOCKED`] (0) for
//!   an obstacle, else the cost of entering the cell, 1 to [`MAX_COST`]. A maze without a
//!   terrain layer costs 1 everywhere. A blocked cell has no open passage (whoever blocks it
//!   closes them), so every solver walks around obstacles without asking the terrain; only
//!   the solvers that weigh a path (Dijkstra, A* and its kin) read the costs.
//! - **Moves**: along the sides of a cell, and on the square grid optionally diagonally
//!   ([`Corners`]: PathFinding.js's four rules for cutting a corner). A diagonal move costs
//!   √2 times the cost of the cell entered.
//! - **Heuristics** ([`Heuristic`]): the guesses of the cost still to go that A* and greedy
//!   search may use, with a plain note when one can overestimate ([`Heuristic::caveat`]).
//! - **Edits** ([`edits`]): what a learner changed in a generated maze — walls drawn or
//!   erased, terrain painted — kept as a difference from the maze the settings generate, so
//!   that a run, its timeline and a link can rebuild the same world.
//! - **Text** ([`text`]): the command line's world files, rows of `#`, `.`, `1`–`9`, `S`, `G`.

pub mod edits;
pub mod text;

pub use edits::{Edits, EditsError};

use crate::maze::Maze;
use crate::topology::Side;
use std::fmt;

// The terrain values, kept with the maze's terrain layer; here too for the world's users.
pub use crate::maze::{BLOCKED, MAX_COST, PLAIN};

/// Costs as whole numbers, `UNIT` for a move of cost 1: the searches that weigh paths add
/// these, so that adding never rounds differently in two searches of the same world.
pub const UNIT: u64 = 1 << 20;
/// √2 · [`UNIT`], rounded: a diagonal move into a cell of cost 1.
pub const DIAGONAL_UNIT: u64 = 1_482_910;

/// The side numbers of the four diagonal moves on the square grid, after the four sides
/// (0 north, 1 east, 2 south, 3 west): clockwise from north-east.
pub const NORTH_EAST: Side = 4;
pub const SOUTH_EAST: Side = 5;
pub const SOUTH_WEST: Side = 6;
pub const NORTH_WEST: Side = 7;

/// For each diagonal side (index `side - 4`), the two sides it passes between, the column
/// change and the row change.
pub const DIAGONALS: [(Side, Side, i32, i32); 4] =
    [(0, 1, 1, -1), (2, 1, 1, 1), (2, 3, -1, 1), (0, 3, -1, -1)];

/// When a search on the square grid may move diagonally, as PathFinding.js offers: a diagonal
/// move from a cell to the one across a corner passes by the two cells beside both; each of
/// those is *free* when the way through it (in by one side, out by the other) is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Corners {
    /// No diagonal moves: four moves, along the sides.
    #[default]
    Never,
    /// Diagonally only when both cells beside the move are free: never brushing a wall.
    NoObstacles,
    /// Diagonally when at least one of them is free: squeezing past one corner.
    AtMostOne,
    /// Diagonally into any free cell, even between two blocked ones.
    Always,
}

impl Corners {
    /// Every rule, in the order lists show them.
    pub const ALL: [Corners; 4] = [
        Corners::Never,
        Corners::NoObstacles,
        Corners::AtMostOne,
        Corners::Always,
    ];

    /// The name on the command line and in links.
    pub const fn name(self) -> &'static str {
        match self {
            Corners::Never => "never",
            Corners::NoObstacles => "no-obstacles",
            Corners::AtMostOne => "at-most-one",
            Corners::Always => "always",
        }
    }

    /// The rule with this name.
    pub fn parse(text: &str) -> Result<Corners, String> {
        Corners::ALL
            .into_iter()
            .find(|c| c.name() == text)
            .ok_or_else(|| unknown("corner rule", text, Corners::ALL.map(Corners::name)))
    }

    /// Whether diagonal moves are allowed at all.
    pub const fn diagonal(self) -> bool {
        !matches!(self, Corners::Never)
    }
}

impl fmt::Display for Corners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A guess of the cost still to go from a cell to the goal, for A* and greedy search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// The grid's own count of moves ([`crate::topology::Topology::estimate`]): Manhattan on
    /// squares with four moves, Chebyshev with diagonal moves, hexagon steps, rings apart.
    #[default]
    Grid,
    /// `|dx| + |dy|`.
    Manhattan,
    /// The straight line, `√(dx² + dy²)`.
    Euclidean,
    /// Diagonal moves first, then straight: `max + (√2 − 1) · min`.
    Octile,
    /// `max(|dx|, |dy|)`.
    Chebyshev,
}

impl Heuristic {
    /// Every heuristic, in the order lists show them.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Grid,
        Heuristic::Manhattan,
        Heuristic::Euclidean,
        Heuristic::Octile,
        Heuristic::Chebyshev,
    ];

    /// The name on the command line and in links.
    pub const fn name(self) -> &'static str {
        match self {
            Heuristic::Grid => "grid",
            Heuristic::Manhattan => "manhattan",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Octile => "octile",
            Heuristic::Chebyshev => "chebyshev",
        }
    }

    /// The heuristic with this name.
    pub fn parse(text: &str) -> Result<Heuristic, String> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.name() == text)
            .ok_or_else(|| unknown("heuristic", text, Heuristic::ALL.map(Heuristic::name)))
    }

    /// The guess for a goal `dx` columns and `dy` rows away (any signs), in moves of cost 1.
    /// [`Heuristic::Grid`] has no formula of its own here: the search asks its grid.
    pub fn of(self, dx: f64, dy: f64) -> f64 {
        let (dx, dy) = (dx.abs(), dy.abs());
        let (big, small) = if dx > dy { (dx, dy) } else { (dy, dx) };
        match self {
            Heuristic::Grid | Heuristic::Manhattan => dx + dy,
            Heuristic::Euclidean => (dx * dx + dy * dy).sqrt(),
            Heuristic::Octile => big + (std::f64::consts::SQRT_2 - 1.0) * small,
            Heuristic::Chebyshev => big,
        }
    }

    /// [`Heuristic::of`] in [`UNIT`]s, rounded down (so an exact guess stays a lower bound).
    pub fn units(self, dx: f64, dy: f64) -> u64 {
        (self.of(dx, dy) * UNIT as f64) as u64
    }

    /// Why the cheapest path is not promised with this heuristic, weight and moves (`None`
    /// when it is): the page and the command line print it next to the solver.
    pub fn caveat(self, corners: Corners, weight: f64) -> Option<String> {
        if weight > 1.0 {
            // Rust's float formatting would add about 20 KB to the wasm module.
            let weight = crate::words::number_text(weight);
            return Some(format!(
                "weight {weight} counts the guess more than the cost so far: the path may not \
                 be the cheapest (at most {weight} times its cost)"
            ));
        }
        if corners.diagonal() && self == Heuristic::Manhattan {
            return Some(
                "Manhattan distance overestimates with diagonal moves: the path may not be the \
                 cheapest"
                    .to_string(),
            );
        }
        None
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// When a search stops: at the goal (early exit), or once it has flooded every cell it can
/// reach (Red Blob Games, "Introduction to the A* Algorithm", *early exit*: the same search
/// answers "the way to this goal" or "the way to every cell"). Flooding still reports the path
/// to the goal at the end. Only the searches that keep a way to every cell they reach honour
/// it: breadth-first search, Dijkstra and A* (`solvers::Entry::floods`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Exit {
    /// Stop when the goal is taken from the frontier.
    #[default]
    Goal,
    /// Go on until the frontier is empty, then read the path to the goal.
    Flood,
}

impl Exit {
    /// Every choice, in the order lists show them.
    pub const ALL: [Exit; 2] = [Exit::Goal, Exit::Flood];

    /// The name on the command line and in links.
    pub const fn name(self) -> &'static str {
        match self {
            Exit::Goal => "goal",
            Exit::Flood => "flood",
        }
    }

    /// The choice with this name.
    pub fn parse(text: &str) -> Result<Exit, String> {
        Exit::ALL
            .into_iter()
            .find(|e| e.name() == text)
            .ok_or_else(|| unknown("exit", text, Exit::ALL.map(Exit::name)))
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a search may move and guess: what the run's settings say beyond the solver's name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    pub corners: Corners,
    pub heuristic: Heuristic,
    /// `f = g + weight · h`; 1 is plain A*. The registry's `a-star-weighted` uses 2 when this
    /// is left at 1.
    pub weight: f64,
    /// Stop at the goal, or flood everything reachable first ([`Exit`]).
    pub exit: Exit,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            corners: Corners::Never,
            heuristic: Heuristic::Grid,
            weight: 1.0,
            exit: Exit::Goal,
        }
    }
}

/// The largest weight A* takes.
pub const MAX_WEIGHT: f64 = 100.0;

impl Search {
    /// Checks the weight: a number from 1 to [`MAX_WEIGHT`].
    pub fn check(&self) -> Result<(), String> {
        if self.weight.is_finite() && (1.0..=MAX_WEIGHT).contains(&self.weight) {
            Ok(())
        } else {
            Err(self.weight_refusal().english())
        }
    }

    /// [`Search::check`]'s refusal as a sentence.
    pub fn weight_refusal(&self) -> crate::words::Sentence {
        weight_refusal_of(&crate::words::number_text(self.weight))
    }
}

/// The refusal of a weight given as `value` (the number as it was written, or quoted text).
pub fn weight_refusal_of(value: &str) -> crate::words::Sentence {
    use crate::words::Arg;
    crate::words::Sentence::new("refusals.weight")
        .with("value", Arg::Text(value.to_string()))
        .with("max", Arg::Text(crate::words::number_text(MAX_WEIGHT)))
}

/// The cost of a move into `next` (a diagonal move when `side` is 4 or more), in [`UNIT`]s.
#[inline]
pub fn move_units(maze: &Maze, next: usize, side: Side) -> u64 {
    let cost = u64::from(maze.cost(next));
    if side >= NORTH_EAST {
        cost * DIAGONAL_UNIT
    } else {
        cost * UNIT
    }
}

/// The cost of a move as a number: what the path's cost adds up.
#[inline]
pub fn move_cost(maze: &Maze, next: usize, side: Side) -> f64 {
    let cost = f64::from(maze.cost(next));
    if side >= NORTH_EAST {
        cost * std::f64::consts::SQRT_2
    } else {
        cost
    }
}

/// A path's cost: the cost of entering each cell after the first, √2 times for a diagonal
/// move (a move whose column and row both change). Square grids only for diagonals.
pub fn path_cost(maze: &Maze, path: &[usize]) -> f64 {
    let width = maze.width() as usize;
    path.windows(2)
        .map(|pair| {
            let cost = f64::from(maze.cost(pair[1]));
            let diagonal = maze.grid().is_none()
                && pair[0] % width != pair[1] % width
                && pair[0] / width != pair[1] / width;
            if diagonal {
                cost * std::f64::consts::SQRT_2
            } else {
                cost
            }
        })
        .sum()
}

/// The diagonal moves open from `cell` under `corners`, as passage bits of sides 4 to 7
/// ([`NORTH_EAST`] …): for searches on the plain square grid. A move needs its cell free
/// (not blocked) and the corner rule met by the two ways round it (through one side and on
/// through the other).
#[inline]
pub fn diagonal_bits(maze: &Maze, cell: usize, corners: Corners) -> u8 {
    if !corners.diagonal() {
        return 0;
    }
    let (w, h) = (maze.width() as i64, maze.height() as i64);
    let (x, y) = ((cell as i64) % w, (cell as i64) / w);
    let bits = maze.cell(cell);
    let mut open = 0;
    for (k, &(a, b, dx, dy)) in DIAGONALS.iter().enumerate() {
        let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
        if nx < 0 || ny < 0 || nx >= w || ny >= h {
            continue;
        }
        let target = (ny * w + nx) as usize;
        if maze.cost(target) == BLOCKED {
            continue;
        }
        // The cell through side `a` and the one through side `b`.
        let via_a = (cell as i64 + if a == 0 { -w } else { w }) as usize;
        let via_b = (cell as i64 + if b == 1 { 1 } else { -1 }) as usize;
        let round_a = bits & (1 << a) != 0 && maze.cell(via_a) & (1 << b) != 0;
        let round_b = bits & (1 << b) != 0 && maze.cell(via_b) & (1 << a) != 0;
        let allowed = match corners {
            Corners::Never => false,
            Corners::NoObstacles => round_a && round_b,
            Corners::AtMostOne => round_a || round_b,
            Corners::Always => true,
        };
        open |= u8::from(allowed) << (NORTH_EAST as usize + k);
    }
    open
}

/// The cell through diagonal side `side` (4 to 7) of `cell` on a square grid `width` wide, a
/// side known to lead to one.
#[inline]
pub fn diagonal_through(width: usize, cell: usize, side: Side) -> usize {
    let (_, _, dx, dy) = DIAGONALS[usize::from(side - NORTH_EAST)];
    (cell as isize + dx as isize + dy as isize * width as isize) as usize
}

/// The diagonal side that leads back across a diagonal move through `side` (4 to 7): the one
/// opposite, south-west for north-east.
#[inline]
pub const fn diagonal_back(side: Side) -> Side {
    NORTH_EAST + ((side - NORTH_EAST + 2) & 3)
}

fn unknown<const N: usize>(what: &str, given: &str, names: [&str; N]) -> String {
    format!(
        "unknown {what} {}: choose one of {}",
        crate::words::quote(given),
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristics_agree_on_a_straight_line_and_differ_on_a_diagonal() {
        for h in Heuristic::ALL {
            assert_eq!(h.of(5.0, 0.0), 5.0, "{h}");
        }
        assert_eq!(Heuristic::Manhattan.of(3.0, -4.0), 7.0);
        assert_eq!(Heuristic::Euclidean.of(3.0, -4.0), 5.0);
        assert_eq!(Heuristic::Chebyshev.of(3.0, -4.0), 4.0);
        let octile = Heuristic::Octile.of(3.0, 4.0);
        assert!((octile - (1.0 + 3.0 * std::f64::consts::SQRT_2)).abs() < 1e-12);
    }

    #[test]
    fn names_parse_back_and_unknown_names_list_the_known_ones() {
        for h in Heuristic::ALL {
            assert_eq!(Heuristic::parse(h.name()), Ok(h));
        }
        for c in Corners::ALL {
            assert_eq!(Corners::parse(c.name()), Ok(c));
        }
        let e = Corners::parse("sometimes").unwrap_err();
        assert!(
            e.contains("no-obstacles") && e.contains("'sometimes'"),
            "{e}"
        );
    }

    #[test]
    fn caveats_name_weights_above_one_and_manhattan_with_diagonals() {
        assert!(Heuristic::Octile.caveat(Corners::Always, 1.0).is_none());
        assert!(Heuristic::Manhattan.caveat(Corners::Never, 1.0).is_none());
        assert!(Heuristic::Manhattan
            .caveat(Corners::AtMostOne, 1.0)
            .is_some());
        assert!(Heuristic::Euclidean.caveat(Corners::Never, 1.5).is_some());
    }

    #[test]
    fn diagonal_unit_is_root_two_units() {
        let exact = std::f64::consts::SQRT_2 * UNIT as f64;
        assert!((DIAGONAL_UNIT as f64 - exact).abs() <= 0.5);
    }

    #[test]
    fn corner_rules_follow_the_cells_beside_a_diagonal_move() {
        // 3x3 open room; block the cell north of the centre.
        let mut board = crate::board::Board::new(Maze::open_field(3, 3).unwrap());
        let centre = 4;
        let bits = |m: &Maze, c| diagonal_bits(m, c, Corners::NoObstacles);
        assert_eq!(
            bits(board.maze(), centre),
            0b1111_0000,
            "every diagonal in an open room"
        );
        board.block(1);
        let maze = board.maze().clone();
        let ne = 1 << NORTH_EAST;
        let nw = 1 << NORTH_WEST;
        assert_eq!(
            bits(&maze, centre) & (ne | nw),
            0,
            "north blocked: no NE, NW"
        );
        let one = diagonal_bits(&maze, centre, Corners::AtMostOne);
        assert_eq!(one & (ne | nw), ne | nw, "one free cell beside is enough");
        board.block(5);
        let maze = board.maze().clone();
        let one = diagonal_bits(&maze, centre, Corners::AtMostOne);
        assert_eq!(
            one & ne,
            0,
            "north and east blocked: no NE with at most one"
        );
        let always = diagonal_bits(&maze, centre, Corners::Always);
        assert_eq!(always & ne, ne, "always squeezes between");
        assert_eq!(diagonal_bits(&maze, centre, Corners::Never), 0);
        assert_eq!(diagonal_through(3, centre, NORTH_EAST), 2);
        assert_eq!(diagonal_through(3, centre, SOUTH_WEST), 6);
        for side in NORTH_EAST..=NORTH_WEST {
            let there = diagonal_through(3, centre, side);
            assert_eq!(diagonal_through(3, there, diagonal_back(side)), centre);
        }
    }
}
