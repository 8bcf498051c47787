//! Several goals and waypoints (issue 30, item 5), held to references written here: a plain
//! BFS for the fewest moves and a plain Dijkstra for the cheapest cost, neither of which
//! knows the crate's searches.

use mazestep::maze::{Direction, Maze};
use mazestep::rng::Rng;
use mazestep::run::{Phase, Run, RunError, Settings};
use mazestep::topology::Mask;
use mazestep::world::{Edits, BLOCKED};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};
use std::process::Command;

/// The cells one move from `cell`, with the cost of entering each.
fn moves(maze: &Maze, cell: usize) -> Vec<(usize, u64)> {
    Direction::ALL
        .into_iter()
        .filter_map(|dir| maze.passage(cell, dir))
        .filter(|&next| maze.cost(next) != BLOCKED)
        .map(|next| (next, u64::from(maze.cost(next))))
        .collect()
}

/// The fewest moves from `from` to every cell (`u64::MAX`: not reached).
fn moves_from(maze: &Maze, from: usize) -> Vec<u64> {
    let mut dist = vec![u64::MAX; maze.len()];
    let mut queue = VecDeque::from([from]);
    dist[from] = 0;
    while let Some(cell) = queue.pop_front() {
        for (next, _) in moves(maze, cell) {
            if dist[next] == u64::MAX {
                dist[next] = dist[cell] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

#[derive(PartialEq, Eq)]
struct Queued(u64, usize);
impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// The cheapest cost from `from` to every cell (`u64::MAX`: not reached).
fn costs_from(maze: &Maze, from: usize) -> Vec<u64> {
    let mut dist = vec![u64::MAX; maze.len()];
    let mut heap = BinaryHeap::from([Queued(0, from)]);
    dist[from] = 0;
    while let Some(Queued(d, cell)) = heap.pop() {
        if d > dist[cell] {
            continue;
        }
        for (next, cost) in moves(maze, cell) {
            if d + cost < dist[next] {
                dist[next] = d + cost;
                heap.push(Queued(d + cost, next));
            }
        }
    }
    dist
}

/// A 9×7 maze: a braided Kruskal maze (loops, so the nearest goal is not the only way), or
/// an open room painted with costs 1 to 9 and a few blocked cells.
fn settings(solver: &str, seed: u64, terrain: bool) -> Settings {
    let (width, height) = (9, 7);
    if !terrain {
        return Settings::new("kruskal", width, height, seed)
            .with_solver(solver)
            .with_braid(0.6);
    }
    let mut rng = Rng::new(seed ^ 0xC057);
    let mut edits = Edits::new();
    for cell in 0..width * height {
        let cost = if rng.chance(0.1) {
            BLOCKED
        } else {
            1 + rng.below(9) as u8
        };
        edits.paint(cell, cost);
    }
    Settings::new("room", width, height, seed)
        .with_solver(solver)
        .with_edits(edits)
}

/// `count` distinct cells of a 9×7 grid, as (x, y).
fn cells(rng: &mut Rng, count: usize) -> Vec<(u32, u32)> {
    let mut all: Vec<(u32, u32)> = (0..7).flat_map(|y| (0..9).map(move |x| (x, y))).collect();
    rng.shuffle(&mut all);
    all.truncate(count);
    all
}

fn index((x, y): (u32, u32)) -> usize {
    (y * 9 + x) as usize
}

/// Checks that every move of `path` is one the reference allows.
fn assert_legal(maze: &Maze, path: &[usize], what: &str) {
    for pair in path.windows(2) {
        assert!(
            moves(maze, pair[0])
                .iter()
                .any(|&(next, _)| next == pair[1]),
            "{what}: illegal move {} -> {} in {path:?}",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn the_goal_reached_is_a_nearest_one() {
    let mut rng = Rng::new(30);
    let mut checked = 0;
    for seed in 0..40 {
        for (solver, terrain) in [
            ("bfs", false),
            ("dijkstra", false),
            ("a-star", false),
            ("dijkstra", true),
            ("a-star", true),
        ] {
            let count = 2 + rng.index(7);
            let mut ends = cells(&mut rng, count + 1);
            let mut settings = settings(solver, seed, terrain);
            settings.start = Some(ends.pop().unwrap());
            settings.goal = Some(ends[0]);
            settings.other_goals = ends[1..].to_vec();
            let what = format!("{solver} seed {seed} terrain {terrain}: {settings:?}");
            let mut run = Run::new(settings.clone()).unwrap();
            run.finish();
            assert_eq!(run.goals().len(), count, "{what}");
            let maze = run.maze().clone();
            let start = index(settings.start.unwrap());
            let dist = if terrain {
                costs_from(&maze, start)
            } else {
                moves_from(&maze, start)
            };
            let nearest = ends.iter().map(|&at| dist[index(at)]).min().unwrap();
            let report = run.report().unwrap();
            let Some(path) = report.outcome.path() else {
                assert_eq!(
                    nearest,
                    u64::MAX,
                    "{what}: no path, yet a goal is reachable"
                );
                continue;
            };
            let reached = *path.last().unwrap();
            assert_eq!(run.goal_reached(), Some(reached), "{what}");
            assert!(
                ends.iter().any(|&at| index(at) == reached),
                "{what}: reached {reached}, no goal"
            );
            assert_eq!(dist[reached], nearest, "{what}: reached {reached}");
            assert_eq!(path[0], start, "{what}");
            assert_legal(&maze, path, &what);
            if terrain {
                assert_eq!(report.cost, nearest as f64, "{what}");
            } else {
                assert_eq!(path.len() as u64 - 1, nearest, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} runs found a path");
}

/// The start, the waypoints and the goals are visited in order, and the route costs the sum
/// of each leg's cheapest cost (the last leg to the nearest goal).
#[test]
fn waypoints_are_visited_in_order_and_the_cost_is_the_legs_summed() {
    let mut rng = Rng::new(31);
    let mut checked = 0;
    for seed in 0..30 {
        for (solver, terrain) in [
            ("bfs", false),
            ("dijkstra", true),
            ("a-star", true),
            ("a-star", false),
            ("bidirectional-bfs", false),
            ("bidirectional-a-star", true),
        ] {
            let several = solver != "bidirectional-bfs" && solver != "bidirectional-a-star";
            let waypoints = 1 + rng.index(4);
            let goals = if several { 1 + rng.index(3) } else { 1 };
            let mut ends = cells(&mut rng, 1 + waypoints + goals);
            let mut settings = settings(solver, seed, terrain);
            settings.start = Some(ends.remove(0));
            settings.via = ends.drain(..waypoints).collect();
            settings.goal = Some(ends[0]);
            settings.other_goals = ends[1..].to_vec();
            let what = format!("{solver} seed {seed}: {settings:?}");
            let mut run = Run::new(settings.clone()).unwrap();
            run.finish();
            let maze = run.maze().clone();
            let measure = |from| {
                if terrain {
                    costs_from(&maze, from)
                } else {
                    moves_from(&maze, from)
                }
            };
            let mut stops = vec![index(settings.start.unwrap())];
            stops.extend(settings.via.iter().map(|&at| index(at)));
            let mut total = 0;
            for leg in stops.windows(2) {
                total = measure(leg[0])[leg[1]].saturating_add(total);
            }
            let last = measure(*stops.last().unwrap());
            let nearest = ends.iter().map(|&at| last[index(at)]).min().unwrap();
            total = total.saturating_add(nearest);
            let report = run.report().unwrap();
            let Some(path) = report.outcome.path() else {
                assert_eq!(total, u64::MAX, "{what}: no path, yet the route exists");
                continue;
            };
            assert_legal(&maze, path, &what);
            // Each stop in turn, each after the one before.
            let mut at = 0;
            for &stop in &stops {
                let found = path[at..].iter().position(|&cell| cell == stop);
                at += found.unwrap_or_else(|| panic!("{what}: {stop} not in order in {path:?}"));
            }
            let reached = *path.last().unwrap();
            assert!(ends.iter().any(|&g| index(g) == reached), "{what}");
            if terrain {
                assert_eq!(report.cost, total as f64, "{what}");
                assert_eq!(run.cheapest_cost(), Some(total as f64), "{what}");
            } else {
                assert_eq!(path.len() as u64 - 1, total, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} runs found a path");
}

/// Each leg is a search of its own, shown in turn: the narration says which.
#[test]
fn the_legs_are_searched_and_said_in_turn() {
    let mut settings = Settings::new("recursive-backtracker", 8, 8, 4).with_solver("bfs");
    settings.via = vec![(7, 0), (0, 7)];
    let mut run = Run::new(settings).unwrap();
    let mut legs_said = Vec::new();
    while run.step().is_some() {
        if run.last_step_phase() != Phase::Solving {
            continue;
        }
        let said = run.narration();
        let leg = said
            .strip_prefix("Leg ")
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("not said as a leg: {said}"));
        if legs_said.last().map(String::as_str) != Some(leg) {
            legs_said.push(leg.to_string());
            let from_to = match leg {
                "1" => "Leg 1 of 3, from (0, 0) to (7, 0): ",
                "2" => "Leg 2 of 3, from (7, 0) to (0, 7): ",
                _ => "Leg 3 of 3, from (0, 7) to (7, 7): ",
            };
            assert!(said.starts_with(from_to), "{said}");
        }
    }
    assert_eq!(legs_said, ["1", "2", "3"]);
    let path = run.report().unwrap().outcome.path().unwrap().to_vec();
    assert_eq!((path[0], *path.last().unwrap()), (0, 63));
    assert!(path.contains(&7) && path.contains(&56));
}

fn refusal(settings: Settings) -> RunError {
    match Run::new(settings.clone()) {
        Ok(_) => panic!("{settings:?} was not refused"),
        Err(e) => e,
    }
}

#[test]
fn too_many_goals_cells_off_the_maze_and_solvers_that_cannot_are_refused() {
    let base = || Settings::new("kruskal", 6, 5, 1).with_solver("bfs");
    let with_goals = |solver: &str, goals: Vec<(u32, u32)>| {
        let mut settings = base().with_solver(solver);
        settings.other_goals = goals;
        settings
    };
    let nine: Vec<(u32, u32)> = (0..8).map(|x| (x % 6, x / 6)).collect();
    let e = refusal(with_goals("bfs", nine));
    assert_eq!(e.to_string(), "9 goals are too many: give at most 8");
    assert!(matches!(e, RunError::Goals(_)) && e.words().is_some());
    // Eight goals are fine.
    let eight: Vec<(u32, u32)> = (0..7).map(|x| (x % 6, x / 6)).collect();
    assert!(Run::new(with_goals("dijkstra", eight)).is_ok());
    let e = refusal(with_goals("bfs", vec![(6, 0)]));
    assert_eq!(
        e.to_string(),
        "goal 6,0 is outside the 6x5 maze: x must be 0 to 5, y 0 to 4"
    );
    let mut off = base();
    off.via = vec![(1, 1), (0, 9)];
    assert_eq!(
        refusal(off).to_string(),
        "waypoint 0,9 is outside the 6x5 maze: x must be 0 to 5, y 0 to 4"
    );
    // A cell the mask switches off is no cell to go to.
    let mask = Mask::parse("......\n..X...\n......\n......\n......\n").unwrap();
    let mut masked = with_goals("bfs", vec![(2, 1)]).with_mask(mask);
    masked.goal = Some((0, 4));
    assert_eq!(
        refusal(masked).to_string(),
        "goal 2,1 is switched off by the mask: choose a cell that is on"
    );
    for (solver, says) in [
        (
            "dfs",
            "dfs looks for one goal: several goals are for bfs, dijkstra and a-star",
        ),
        (
            "bidirectional-a-star",
            "bidirectional-a-star searches from both ends and meets in the middle, so it takes \
             one goal: several goals are for bfs, dijkstra and a-star",
        ),
    ] {
        let e = refusal(with_goals(solver, vec![(1, 1)]));
        assert_eq!(e.to_string(), says);
        assert_eq!(e.words().unwrap().english(), says);
    }
    let mut walker = base().with_solver("wall-follower-right");
    walker.via = vec![(1, 1)];
    assert_eq!(
        refusal(walker).to_string(),
        "wall-follower-right does not go by waypoints: waypoints are for bfs, dijkstra, a-star, \
         bidirectional-bfs and bidirectional-a-star"
    );
    let mut many = base();
    many.via = vec![(1, 1); 9];
    assert_eq!(
        refusal(many).to_string(),
        "9 waypoints are too many: give at most 8"
    );
}

fn mazestep(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_command_line_takes_goal_again_and_via() {
    let solve = [
        "solve",
        "--solver",
        "bfs",
        "--algorithm",
        "kruskal",
        "--seed",
        "5",
    ];
    let run = |more: &[&str]| {
        let args: Vec<&str> = solve.iter().chain(more).copied().collect();
        mazestep(&args)
    };
    // One goal: the JSON says what it always said, with no list of goals.
    let (one, _, code) = run(&["--format", "json"]);
    assert_eq!(code, 0);
    assert!(!one.contains("\"goals\""), "{one}");
    // Three goals: the nearest is reached, and the JSON says which.
    let goals = [
        "--goal", "9,9", "--goal", "3,4", "--goal", "8,1", "--format", "json",
    ];
    let (out, err, code) = run(&goals);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(
        out.contains("\"goals\":[[9,9],[3,4],[8,1]],\"via\":[]"),
        "{out}"
    );
    let mut settings = Settings::new("kruskal", 10, 10, 5).with_solver("bfs");
    settings.goal = Some((9, 9));
    settings.other_goals = vec![(3, 4), (8, 1)];
    let mut reference = Run::new(settings).unwrap();
    reference.finish();
    let dist = moves_from(reference.maze(), 0);
    let nearest = [(9, 9), (3, 4), (8, 1)]
        .into_iter()
        .min_by_key(|&(x, y)| dist[(y * 10 + x) as usize])
        .unwrap();
    let said = format!("\"goal_reached\":[{},{}]", nearest.0, nearest.1);
    assert!(out.contains(&said), "{said} not in {out}");
    // Waypoints, in order: the path goes by them.
    let (out, _, code) = run(&["--via", "9,0", "--via", "0,9", "--format", "json"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("\"via\":[[9,0],[0,9]],\"goal_reached\":[9,9]"),
        "{out}"
    );
    let path = &out[out.find("\"path\":").unwrap()..];
    let (a, b) = (path.find("[9,0]").unwrap(), path.find("[0,9]").unwrap());
    assert!(a < b, "{path}");
    // Refusals, in the core's words.
    let nine: Vec<String> = (0..9)
        .flat_map(|i| ["--goal".into(), format!("{i},0")])
        .collect();
    let nine: Vec<&str> = nine.iter().map(String::as_str).collect();
    let (_, err, code) = run(&nine);
    assert_eq!(code, 2);
    assert_eq!(err, "mazestep: 9 goals are too many: give at most 8\n");
    let (_, err, _) = run(&["--goal", "1,1", "--goal", "12,1"]);
    assert_eq!(
        err,
        "mazestep: goal 12,1 is outside the 10x10 maze: x must be 0 to 9, y 0 to 9\n"
    );
    let (_, err, _) = run(&["--via", "1,1", "--via", "1;1"]);
    assert!(err.starts_with("mazestep: waypoint '1;1' "), "{err}");
    let (_, err, _) = mazestep(&["solve", "--solver", "dfs", "--goal", "1,1", "--goal", "2,2"]);
    assert_eq!(
        err,
        "mazestep: dfs looks for one goal: several goals are for bfs, dijkstra and a-star\n"
    );
    // Other options are still given once.
    let (_, err, _) = run(&["--start", "0,0", "--start", "1,1"]);
    assert_eq!(
        err,
        "mazestep: option --start is given twice: give it once\n"
    );
}

/// Back works across the legs: every step of a run with waypoints and goals taken back leaves
/// the run as it was before the step (the legs replay from a saved state), and stepping on
/// again ends where a run left to finish ends.
#[test]
#[cfg(not(target_arch = "wasm32"))]
fn every_step_of_a_route_by_waypoints_is_taken_back() {
    for solver in ["bfs", "dijkstra", "bidirectional-a-star"] {
        let mut settings = Settings::new("sidewinder", 6, 5, 9)
            .with_solver(solver)
            .with_braid(0.5);
        settings.via = vec![(5, 0), (0, 4)];
        if solver != "bidirectional-a-star" {
            settings.other_goals = vec![(2, 2)];
        }
        let mut run = Run::new(settings.clone()).unwrap();
        loop {
            let before = run.fingerprint();
            if run.advance(1) == 0 {
                break;
            }
            let (at, after) = (run.steps(), run.fingerprint());
            assert!(run.undo(), "{solver}: step {at} could not be taken back");
            assert_eq!(run.fingerprint(), before, "{solver}: step {at} taken back");
            assert_eq!(run.advance(1), 1);
            assert_eq!(run.fingerprint(), after, "{solver}: step {at} again");
        }
        let mut whole = Run::new(settings).unwrap();
        whole.finish();
        assert_eq!(run.fingerprint(), whole.fingerprint(), "{solver}");
        assert_eq!(run.report(), whole.report(), "{solver}");
    }
}

/// Several goals and waypoints beside the features that came with them: early exit off, ends
/// in the outer wall, and the presets for ends not given.
#[test]
fn goals_and_waypoints_refuse_a_flood_and_wall_exits_and_keep_their_goal_from_presets() {
    use mazestep::run::{Ends, WallExit};
    use mazestep::world::Exit;
    let base = || Settings::new("kruskal", 6, 5, 1).with_solver("bfs");
    let flood = |mut settings: Settings| {
        settings.search.exit = Exit::Flood;
        settings
    };
    let mut goals = base();
    goals.other_goals = vec![(1, 1)];
    let mut via = base();
    via.via = vec![(1, 1)];
    for (settings, says) in [
        (
            flood(goals.clone()),
            "exit flood reads back the path to one goal, and 2 goals are given: give one goal, \
             or exit goal",
        ),
        (
            flood(via.clone()),
            "exit flood reads back the path of one search, so it goes by no waypoints (given: \
             1): leave the waypoints out, or exit goal",
        ),
    ] {
        let e = refusal(settings);
        assert!(matches!(e, RunError::Goals(_)), "{e:?}");
        assert_eq!(e.to_string(), says);
        assert_eq!(e.words().unwrap().english(), says);
    }
    // One goal floods as before.
    assert!(Run::new(flood(base())).is_ok());
    let south = WallExit::parse("goal", "exit:south").unwrap();
    let west = WallExit::parse("start", "exit:west").unwrap();
    let mut goal_exit = goals.clone();
    goal_exit.goal_exit = Some(south);
    let mut start_exit = via.clone();
    start_exit.start_exit = Some(west);
    for (settings, says) in [
        (
            goal_exit,
            "an end in a gap of the outer wall is for a search to one goal, and 2 goals are \
             given: give the ends as cells X,Y, or one goal",
        ),
        (
            start_exit,
            "an end in a gap of the outer wall is for a search without waypoints (given: 1): \
             give the ends as cells X,Y, or leave the waypoints out",
        ),
    ] {
        let e = refusal(settings);
        assert_eq!(e.to_string(), says);
        assert_eq!(e.words().unwrap().english(), says);
    }
    // A list of goals is given goals: the presets place the start only, and the first goal
    // left out stays on its corner.
    for ends in [Ends::Random, Ends::Hardest] {
        let mut settings = goals.clone();
        settings.ends = ends;
        let mut run = Run::new(settings).unwrap();
        run.finish();
        assert_eq!(run.goal(), 4 * 6 + 5, "{ends:?}");
        assert_eq!(run.goals(), vec![29, 7], "{ends:?}");
        let mut one = base();
        one.ends = ends;
        one.seed = 3;
        let mut run = Run::new(one).unwrap();
        run.finish();
        assert_ne!(
            (run.start(), run.goal()),
            (0, 29),
            "{ends:?} places both ends alone"
        );
    }
}

/// The views of how a search thinks (came-from links, cost so far, the guess) follow the leg
/// searched now.
#[test]
fn legs_show_how_the_leg_searched_now_thinks() {
    let mut settings = Settings::new("kruskal", 8, 6, 2).with_solver("a-star");
    settings.via = vec![(7, 0)];
    let mut run = Run::new(settings).unwrap();
    run.finish();
    let waypoint = 7;
    let goal = 8 * 6 - 1;
    // The last leg starts at the waypoint: it is the leg search's start, cost 0.
    assert_eq!(run.came_from(waypoint), None);
    assert_eq!(run.cost_so_far(waypoint), Some(0.0));
    assert!(run.came_from(goal).is_some());
    let moves = moves_from(run.maze(), waypoint)[goal] as f64;
    assert_eq!(run.cost_so_far(goal), Some(moves));
    assert_eq!(run.estimate(goal), Some(0.0));
    assert!(run.estimate(waypoint).is_some_and(|h| h > 0.0));
}
