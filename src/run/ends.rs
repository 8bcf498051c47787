//! Where a search starts and ends beyond a cell: a gap in the outer wall ([`WallExit`],
//! `exit:west`, `exit:south:5`), and the presets for ends nobody placed ([`Ends`]: the
//! corners, the hardest pair, a random pair).
//!
//! An exit is written `exit:SIDE` or `exit:SIDE:N`: SIDE one of north, east, south, west (the
//! outer wall it is in), N the place along that wall counted from 0 (the column in the north
//! and south walls, the row in the west and east ones), the middle when left out. The search
//! starts or ends on the cell inside the gap; the walkers (wall followers, Pledge) walk out
//! through the goal's gap and in through the start's. The plain square grid only: other grids'
//! outer walls have no north or row to name.

use crate::distance::Sweep;
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Direction, Side, Topology};
use crate::words::quote;

/// A gap in the outer wall of the plain square grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallExit {
    /// The outer wall it is in.
    pub side: Direction,
    /// The place along that wall from 0 (column on north and south, row on west and east);
    /// `None`: the middle.
    pub at: Option<u32>,
}

/// How an exit is written, for messages and help.
pub const EXIT_FORM: &str = "exit:SIDE or exit:SIDE:N, SIDE one of north, east, south, west \
                             and N the column (north, south) or row (west, east) from 0, the \
                             middle if left out";

impl WallExit {
    /// Whether `text` is meant as an exit (it starts with `exit:`) rather than a cell.
    pub fn is_exit(text: &str) -> bool {
        text.trim().to_ascii_lowercase().starts_with("exit:")
    }

    /// Reads `exit:SIDE` or `exit:SIDE:N`; `what` ("start", "goal") names it in the refusal.
    pub fn parse(what: &str, text: &str) -> Result<WallExit, String> {
        let refuse = || {
            format!(
                "{what} {} is not an exit: write {EXIT_FORM}",
                quote(text.trim())
            )
        };
        let lower = text.trim().to_ascii_lowercase();
        let rest = lower.strip_prefix("exit:").ok_or_else(refuse)?;
        let (side, at) = match rest.split_once(':') {
            Some((side, at)) => (side, Some(at.trim().parse::<u32>().map_err(|_| refuse())?)),
            None => (rest, None),
        };
        let side = Direction::ALL
            .into_iter()
            .find(|d| d.name() == side.trim())
            .ok_or_else(refuse)?;
        Ok(WallExit { side, at })
    }

    /// The cell inside the gap, as (x, y), on a `width` × `height` square grid; refused when
    /// the place is past the wall's end.
    pub fn cell(&self, what: &str, width: u32, height: u32) -> Result<(u32, u32), String> {
        let along = match self.side {
            Direction::North | Direction::South => width,
            Direction::East | Direction::West => height,
        };
        let at = self.at.unwrap_or(along.saturating_sub(1) / 2);
        if at >= along {
            return Err(format!(
                "{what} exit:{}:{at} is past the end of the {} wall: it has places 0 to {}",
                self.side.name(),
                self.side.name(),
                along.saturating_sub(1)
            ));
        }
        Ok(match self.side {
            Direction::North => (at, 0),
            Direction::South => (at, height - 1),
            Direction::West => (0, at),
            Direction::East => (width - 1, at),
        })
    }

    /// The side of its cell that is the gap.
    pub fn gap(&self) -> Side {
        self.side as Side
    }

    /// As written: `exit:west`, `exit:south:5`.
    pub fn text(&self) -> String {
        match self.at {
            Some(at) => format!("exit:{}:{at}", self.side.name()),
            None => format!("exit:{}", self.side.name()),
        }
    }
}

/// Where the ends go when the settings place neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ends {
    /// The top-left and bottom-right corners (the first and last cells on, on other grids).
    #[default]
    Corners,
    /// The two ends of a longest path: a cell furthest from the first corner, then the cell
    /// furthest from that one. On a perfect maze that is the maze's diameter; with loops it is
    /// the longest shortest path those two sweeps find (long, not always the longest).
    Hardest,
    /// Two different cells drawn from the seed.
    Random,
}

impl Ends {
    pub const ALL: [Ends; 3] = [Ends::Corners, Ends::Hardest, Ends::Random];

    pub fn name(self) -> &'static str {
        match self {
            Ends::Corners => "corners",
            Ends::Hardest => "hardest",
            Ends::Random => "random",
        }
    }

    pub fn parse(text: &str) -> Result<Ends, String> {
        let name = text.trim();
        Ends::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| {
                format!(
                    "ends {} is not known: choose corners, hardest or random",
                    quote(name)
                )
            })
    }
}

/// The ends `ends` places on `maze`, keeping `start` and `goal` where given: with one end
/// given, the other is the cell furthest from it (hardest) or a random one; with both given,
/// the preset changes nothing. `first` and `last` are the corners' cells ([`Ends::Corners`]);
/// `seed` draws the random ones. [`Ends::Hardest`] reads the passages, so it means something
/// only on a generated maze (a run places them when its search begins).
pub fn place(
    ends: Ends,
    maze: &Maze,
    (first, last): (usize, usize),
    (start, goal): (Option<usize>, Option<usize>),
    seed: u64,
) -> (usize, usize) {
    match (ends, start, goal) {
        (_, Some(start), Some(goal)) => (start, goal),
        (Ends::Corners, start, goal) => (start.unwrap_or(first), goal.unwrap_or(last)),
        (Ends::Hardest, start, goal) => HardestEnds::new(maze, first, (start, goal))
            .work(maze, usize::MAX)
            .unwrap_or((first, last)),
        (Ends::Random, start, goal) => {
            let (a, b) = random(maze, seed, start.or(goal));
            match (start, goal) {
                (Some(start), _) => (start, b),
                (_, Some(goal)) => (b, goal),
                _ => (a, b),
            }
        }
    }
}

/// The hardest ends measured a slice at a time: at 4096² the sweeps take seconds, too long
/// for one task of a page. With neither end given: a sweep from the first corner finds a cell
/// furthest from it, then a sweep from that cell finds the cell furthest from it (the two
/// ends of a longest path, as [`crate::distance::longest_path`] finds them); with one end
/// given, one sweep from it finds the other. Of equally far cells, the lowest.
#[derive(Clone, Debug)]
pub struct HardestEnds {
    /// What was asked: the first corner's cell and the ends given.
    asked: (usize, (Option<usize>, Option<usize>)),
    stage: Stage,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Sweeping from the first corner for a cell furthest from it (neither end given).
    FromCorner(Sweep),
    /// Sweeping from one end (`from`) for the other, the cell furthest from it; `from_start`:
    /// `from` is the start.
    FromEnd {
        from: usize,
        from_start: bool,
        sweep: Sweep,
    },
    Done((usize, usize)),
}

impl HardestEnds {
    /// The search for the hardest ends on `maze` with `first` the first corner's cell and
    /// `given` the ends given (with both given there is nothing to measure).
    pub fn new(maze: &Maze, first: usize, given: (Option<usize>, Option<usize>)) -> HardestEnds {
        let stage = match given {
            (Some(start), Some(goal)) => Stage::Done((start, goal)),
            (Some(start), None) => Stage::FromEnd {
                from: start,
                from_start: true,
                sweep: Sweep::new(maze, start),
            },
            (None, Some(goal)) => Stage::FromEnd {
                from: goal,
                from_start: false,
                sweep: Sweep::new(maze, goal),
            },
            (None, None) => Stage::FromCorner(Sweep::new(maze, first)),
        };
        HardestEnds {
            asked: (first, given),
            stage,
        }
    }

    /// Whether it answers the same question as `other` (on the same maze).
    pub fn asks_as(&self, other: &HardestEnds) -> bool {
        self.asked == other.asked
    }

    /// The ends, once measured.
    pub fn ends(&self) -> Option<(usize, usize)> {
        match self.stage {
            Stage::Done(ends) => Some(ends),
            _ => None,
        }
    }

    /// Measures on by at most about `limit` cells (at least one); returns the ends once
    /// measured. `maze` must be the maze it was made on.
    #[inline(never)]
    pub fn work(&mut self, maze: &Maze, limit: usize) -> Option<(usize, usize)> {
        let mut left = limit.max(1);
        while left > 0 {
            self.stage = match std::mem::replace(&mut self.stage, Stage::Done((0, 0))) {
                Stage::FromCorner(mut sweep) => {
                    let (done, taken) = sweep.run(maze, left);
                    left = left.saturating_sub(taken);
                    if done {
                        let (far, _) = sweep.furthest();
                        Stage::FromEnd {
                            from: far,
                            from_start: true,
                            sweep: Sweep::new(maze, far),
                        }
                    } else {
                        Stage::FromCorner(sweep)
                    }
                }
                Stage::FromEnd {
                    from,
                    from_start,
                    mut sweep,
                } => {
                    let (done, taken) = sweep.run(maze, left);
                    left = left.saturating_sub(taken);
                    match (done, from_start) {
                        (true, true) => Stage::Done((from, sweep.furthest().0)),
                        (true, false) => Stage::Done((sweep.furthest().0, from)),
                        (false, _) => Stage::FromEnd {
                            from,
                            from_start,
                            sweep,
                        },
                    }
                }
                done @ Stage::Done(_) => done,
            };
            if let Stage::Done(ends) = self.stage {
                return Some(ends);
            }
        }
        None
    }
}

/// Two different cells that are on, drawn from `seed` with numbers of their own (the
/// generator's are not touched); the second differs from `avoid` (or the first) unless the
/// grid has one cell.
fn random(maze: &Maze, seed: u64, avoid: Option<usize>) -> (usize, usize) {
    let on: Vec<usize> = match maze.grid() {
        Some(grid) => (0..grid.len()).filter(|&c| grid.is_on(c)).collect(),
        None => (0..maze.len()).collect(),
    };
    let mut rng = Rng::new(seed ^ 0x656e_6473); // "ends"
    let pick = |rng: &mut Rng, n: usize| rng.below(n.max(1) as u32) as usize;
    let first = on[pick(&mut rng, on.len())];
    let avoid = avoid.unwrap_or(first);
    if on.len() < 2 {
        return (first, first);
    }
    // Any other cell, each as likely: a place among the others, past `avoid`'s own.
    let second = match on.binary_search(&avoid) {
        Ok(skip) => {
            let at = pick(&mut rng, on.len() - 1);
            on[if at >= skip { at + 1 } else { at }]
        }
        Err(_) => on[pick(&mut rng, on.len())],
    };
    (first, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_read_and_refused() {
        let west = WallExit::parse("start", "exit:west").unwrap();
        assert_eq!(west.cell("start", 10, 7), Ok((0, 3)));
        let south = WallExit::parse("goal", " EXIT:South:5 ").unwrap();
        assert_eq!(south.cell("goal", 10, 7), Ok((5, 6)));
        assert_eq!(south.gap(), 2);
        assert_eq!(south.text(), "exit:south:5");
        for bad in [
            "exit:",
            "exit:up",
            "exit:west:x",
            "exit:west:-1",
            "west",
            "exit:east:1:2",
        ] {
            let error = WallExit::parse("goal", bad).unwrap_err();
            assert!(error.contains(&quote(bad.trim())), "{error}");
            assert!(error.contains("exit:SIDE:N"), "{error}");
        }
        let far = WallExit::parse("goal", "exit:north:10").unwrap();
        assert_eq!(
            far.cell("goal", 10, 7),
            Err(
                "goal exit:north:10 is past the end of the north wall: it has places 0 to 9".into()
            )
        );
    }

    /// The hardest ends measured a slice at a time are the ones measured at once the old way
    /// (`longest_path`'s two sweeps, or the lowest of the cells furthest by `distances`), on
    /// every shape, perfect and braided, whatever the slices.
    #[test]
    fn hardest_ends_in_slices_are_the_sweeps_at_once() {
        use crate::distance::{distances, longest_path, UNREACHED};
        use crate::topology::{Grid, Shape};
        let furthest = |maze: &Maze, from: usize| {
            let reach = distances(maze, from);
            (0..reach.len())
                .filter(|&c| reach[c] != UNREACHED)
                .max_by_key(|&c| (reach[c], std::cmp::Reverse(c)))
                .unwrap()
        };
        let mut checked = 0;
        for shape in Shape::ALL {
            for seed in 0..6u64 {
                for braid in [0.0, 0.6] {
                    let grid = Grid::new(shape, 9 + seed as u32, 7).unwrap();
                    let maze = crate::generators::generate_on(
                        "kruskal",
                        Maze::on_grid(grid.clone()),
                        seed,
                        braid,
                    )
                    .unwrap();
                    let end = (seed as usize * 7) % grid.len();
                    let cases = [
                        ((None, None), longest_path(&maze, 0).ends),
                        ((Some(end), None), (end, furthest(&maze, end))),
                        ((None, Some(end)), (furthest(&maze, end), end)),
                        ((Some(end), Some(3)), (end, 3)),
                    ];
                    for (given, expected) in cases {
                        for limit in [1, 5, 64, usize::MAX] {
                            let mut search = HardestEnds::new(&maze, 0, given);
                            let mut calls = 0;
                            let ends = loop {
                                calls += 1;
                                if let Some(ends) = search.work(&maze, limit) {
                                    break ends;
                                }
                            };
                            assert_eq!(
                                ends, expected,
                                "{shape} seed {seed} braid {braid} {given:?}"
                            );
                            assert_eq!(search.ends(), Some(expected));
                            if limit == 1 && given.1.is_none() {
                                assert!(calls >= grid.len(), "sliced: {calls} calls");
                            }
                            checked += 1;
                        }
                    }
                    assert_eq!(
                        place(Ends::Hardest, &maze, (0, 1), (None, None), 1),
                        longest_path(&maze, 0).ends
                    );
                }
            }
        }
        assert!(checked > 200);
    }

    #[test]
    fn ends_by_name() {
        for ends in Ends::ALL {
            assert_eq!(Ends::parse(ends.name()), Ok(ends));
        }
        assert!(Ends::parse("far").unwrap_err().contains("'far'"));
    }
}
