//! The generator catalogue, braiding and texture statistics, checked against the maze rules and
//! against answers worked out by hand — never against the code's own earlier output.

// Native only: wasm-pack compiles every test target for wasm32, and these use host-only
// dev-dependencies. The browser tests are in tests/wasm.rs.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::{mark, Board};
use mazestep::generators::{self, Braid, Eller, GrowingTree, HuntAndKill, Policy, Wilson};
use mazestep::machine::{Event, Machine};
use mazestep::maze::{Direction, Maze, E, N, S, W};
use mazestep::rng::Rng;
use mazestep::run::{Phase, Run, RunError, Settings};
use mazestep::stats::{self, Stats};

/// A fresh machine of the named generator with its starting board.
fn start(name: &str, width: u32, height: u32) -> (Box<dyn Machine>, Board) {
    let closed = Maze::new(width, height).unwrap();
    let machine = generators::create(name, &closed).unwrap();
    let board = Board::new(generators::starting_maze(machine.as_ref(), closed));
    (machine, board)
}

/// The generators that promise perfect mazes: not the open worlds (tests/open_worlds.rs).
fn maze_names() -> Vec<&'static str> {
    generators::ALL
        .iter()
        .filter(|entry| entry.perfect)
        .map(|entry| entry.info.name)
        .collect()
}

/// Union-find over cells, to check connectivity independently of the maze's own methods.
struct Parts(Vec<usize>);

impl Parts {
    fn of(maze: &Maze) -> Parts {
        let mut parts = Parts((0..maze.len()).collect());
        for cell in 0..maze.len() {
            for dir in [Direction::East, Direction::South] {
                if let Some(next) = maze.passage(cell, dir) {
                    let (a, b) = (parts.root(cell), parts.root(next));
                    parts.0[a] = b;
                }
            }
        }
        parts
    }

    fn root(&mut self, mut cell: usize) -> usize {
        while self.0[cell] != cell {
            self.0[cell] = self.0[self.0[cell]];
            cell = self.0[cell];
        }
        cell
    }
}

// ---- Every generator: perfect, deterministic, journaled. ----

#[test]
fn every_generator_makes_perfect_mazes_of_every_shape() {
    let sizes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (1, 9),
        (9, 1),
        (2, 2),
        (3, 7),
        (7, 3),
        (10, 10),
        (16, 5),
    ];
    for name in maze_names() {
        for (width, height) in sizes {
            for seed in 0..6 {
                let maze = generators::generate(name, width, height, seed).unwrap();
                assert!(
                    maze.is_perfect(),
                    "{name} {width}x{height} seed {seed}:\n{}",
                    maze.to_tile_text()
                );
                assert_eq!((maze.width(), maze.height()), (width, height));
            }
        }
    }
}

#[test]
fn every_generator_is_deterministic_per_seed() {
    for name in generators::names() {
        for seed in [0, 1, u64::MAX] {
            assert_eq!(
                generators::generate(name, 13, 8, seed),
                generators::generate(name, 13, 8, seed),
                "{name} seed {seed}"
            );
        }
        // The empty room has nothing random in it.
        if name == "room" {
            continue;
        }
        let one = generators::generate(name, 12, 12, 1).unwrap();
        let two = generators::generate(name, 12, 12, 2).unwrap();
        assert_ne!(one, two, "{name}: seeds 1 and 2 gave the same 12x12 maze");
    }
}

#[test]
fn stepping_with_the_journal_on_matches_generate_and_undoes_to_the_start() {
    for name in generators::names() {
        for (width, height, seed) in [(1, 1, 0), (1, 6, 3), (6, 1, 4), (9, 7, 5), (12, 12, 6)] {
            let (mut machine, mut board) = start(name, width, height);
            let before = board.clone();
            board.set_journaling(true);
            let mut rng = Rng::new(seed);
            let lines = machine.info().pseudocode.len();
            let mut steps = 0;
            loop {
                let done = machine.is_done();
                let step = machine.step(&mut board, &mut rng);
                assert_eq!(done, step.is_none(), "{name}: is_done disagrees with step");
                let Some(step) = step else { break };
                steps += 1;
                assert!((step.line as usize) < lines, "{name}: line {}", step.line);
                if let Some(cell) = step.event.cell() {
                    assert!((cell as usize) < board.maze().len(), "{name}: {step:?}");
                }
                assert!(steps <= 100_000, "{name} does not finish");
            }
            assert!(machine.is_done());
            assert!(machine.step(&mut board, &mut rng).is_none(), "{name}");
            let whole = generators::generate(name, width, height, seed).unwrap();
            assert_eq!(
                board.maze(),
                &whole,
                "{name}: stepping differs from generate"
            );
            let journal = board.journal().to_vec();
            board.undo(&journal);
            assert_eq!(board.maze(), before.maze(), "{name}: undo did not restore");
            assert_eq!(board.marks(), before.marks(), "{name}");
            assert_eq!(board.groups(), before.groups(), "{name}");
        }
    }
}

#[test]
fn a_run_makes_the_same_maze_as_generate() {
    for name in generators::names() {
        // Open worlds are not braided (refused: tests/open_worlds.rs).
        let perfect = generators::find(name).unwrap().perfect;
        let braids: &[f64] = if perfect { &[0.0, 0.3, 1.0] } else { &[0.0] };
        for &braid in braids {
            let settings = Settings::new(name, 11, 9, 42).with_braid(braid);
            let mut run = Run::new(settings).unwrap();
            while run.advance(17) == 17 {}
            assert!(run.is_done());
            assert_eq!(
                run.maze(),
                &generators::generate_braided(name, 11, 9, 42, braid).unwrap(),
                "{name} braid {braid}"
            );
        }
    }
}

/// Makes mazes of the given sizes and checks them cheaply (the check is linear and iterative).
fn survives(names: &[&str], sizes: &[(u32, u32)]) {
    for &name in names {
        for &(width, height) in sizes {
            let maze = generators::generate(name, width, height, 7).unwrap();
            assert_eq!(maze.passage_count(), maze.len() - 1, "{name}");
            assert!(maze.reachable_from(0).iter().all(|&r| r), "{name}");
        }
    }
}

// Any recursion as deep as the maze would overflow the stack long before a million cells (an
// 8 MiB stack holds well under a million frames), so every generator makes a maze of at least a
// million cells with a 4096-cell side. The linear-time ones make the full 4096 x 4096 (16.7
// million cells); the random walks (Aldous-Broder, Wilson) and the heap of true Prim would take
// many seconds for that (Kruskal too, for its random memory access), so they make 4096 x 256
// and 256 x 4096. Split in three so the test
// threads share the work.

#[test]
fn seed_generators_survive_4096_by_4096() {
    survives(
        &["binary-tree", "sidewinder", "recursive-backtracker"],
        &[(4096, 4096)],
    );
}

#[test]
fn carving_generators_survive_4096_by_4096() {
    survives(&["prim", "hunt-and-kill", "eller"], &[(4096, 4096)]);
}

#[test]
fn list_and_wall_generators_survive_4096_by_4096() {
    survives(&["growing-tree", "recursive-division"], &[(4096, 4096)]);
}

#[test]
fn walking_and_heap_generators_survive_a_4096_side() {
    survives(
        &["aldous-broder", "wilson", "true-prim", "kruskal"],
        &[(4096, 256), (256, 4096)],
    );
}

// Houston walks; the growing forest asks its union-find at every pick; blobby division sorts
// each region once per level of splitting: a million cells each.
#[test]
fn forests_blobs_and_houston_survive_a_4096_side() {
    survives(
        &["growing-forest", "houston", "blobby-division"],
        &[(4096, 256), (256, 4096)],
    );
}

#[test]
fn open_worlds_survive_4096_by_4096() {
    for name in ["room", "obstacles", "rooms", "caves", "terrain"] {
        let maze = generators::generate(name, 4096, 4096, 7).unwrap();
        maze.check_consistent().unwrap();
        let blocked = (0..maze.len()).filter(|&c| maze.cost(c) == 0);
        assert!(
            blocked.clone().all(|c| maze.cell(c) == 0),
            "{name}: an obstacle with a passage"
        );
        if name == "obstacles" {
            // The default density, 0.3, of the cells: rounded to a whole cell.
            let expected = (0.3 * maze.len() as f64).round() as usize;
            assert_eq!(blocked.count(), expected, "{name}");
        }
    }
}

#[test]
fn unicursal_and_cellular_automaton_survive_4096_by_4096() {
    let maze = generators::generate("unicursal", 4096, 4096, 7).unwrap();
    maze.check_consistent().unwrap();
    assert!((0..maze.len()).all(|c| maze.cell(c).count_ones() <= 2));
    assert!(maze.is_perfect());
    let maze = generators::generate("cellular-automaton", 4096, 4096, 7).unwrap();
    maze.check_consistent().unwrap();
    let blocked = (0..maze.len()).filter(|&c| maze.cost(c) == 0);
    assert!(
        blocked.clone().all(|c| maze.cell(c) == 0),
        "an obstacle with a passage"
    );
    assert!(
        blocked.count() > maze.len() / 10,
        "the maze rule grows walls"
    );
}

#[test]
fn the_large_size_tests_cover_the_whole_catalogue() {
    let covered = [
        "binary-tree",
        "sidewinder",
        "recursive-backtracker",
        "kruskal",
        "prim",
        "hunt-and-kill",
        "eller",
        "growing-tree",
        "recursive-division",
        "aldous-broder",
        "wilson",
        "true-prim",
        "room",
        "obstacles",
        "rooms",
        "caves",
        "terrain",
        "growing-forest",
        "houston",
        "blobby-division",
        "unicursal",
        "cellular-automaton",
    ];
    for name in generators::names() {
        assert!(covered.contains(&name), "{name} has no large-size test");
    }
}

// ---- Algorithm-specific promises. ----

#[test]
fn recursive_division_starts_open_and_only_builds_walls() {
    let (mut machine, mut board) = start("recursive-division", 8, 6);
    assert!(machine.starts_open());
    // 8x6 cells: 7*6 east-west plus 8*5 north-south interior walls, all open.
    assert_eq!(board.maze().passage_count(), 7 * 6 + 8 * 5);
    let run = Run::new(Settings::new("recursive-division", 8, 6, 1)).unwrap();
    assert_eq!(
        run.maze(),
        board.maze(),
        "a run starts from the same open field"
    );
    let mut rng = Rng::new(1);
    let mut passages = board.maze().passage_count();
    while let Some(step) = machine.step(&mut board, &mut rng) {
        let now = board.maze().passage_count();
        let Event::Divide { length, .. } = step.event else {
            panic!("unexpected {step:?}")
        };
        // A wall across `length` cells closes all but one of their passages.
        assert_eq!(now + length as usize - 1, passages);
        passages = now;
    }
    assert!(board.maze().is_perfect());
    assert!(
        board.marks().iter().all(|&m| m == 0),
        "chamber marks cleared"
    );
}

#[test]
fn eller_set_labels_are_exactly_the_connected_parts() {
    for (width, height, seed) in [(8, 6, 1), (5, 9, 2), (1, 5, 3), (12, 3, 4)] {
        let (mut machine, mut board) = start("eller", width, height);
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        while machine.step(&mut board, &mut rng).is_some() {
            steps += 1;
            let mut parts = Parts::of(board.maze());
            let labelled: Vec<usize> = (0..board.maze().len())
                .filter(|&c| board.group(c) != 0)
                .collect();
            for &a in &labelled {
                for &b in &labelled {
                    let same_label = board.group(a) == board.group(b);
                    let connected = parts.root(a) == parts.root(b);
                    assert_eq!(
                        same_label,
                        connected,
                        "step {steps}: cells {a} and {b} (labels {} and {})",
                        board.group(a),
                        board.group(b)
                    );
                }
            }
        }
        assert!(board.maze().is_perfect());
    }
}

#[test]
fn eller_labels_the_row_being_built() {
    let maze = Maze::new(6, 4).unwrap();
    let mut machine = Eller::new(&maze);
    let mut board = Board::new(maze);
    let mut rng = Rng::new(9);
    machine.step(&mut board, &mut rng);
    assert_eq!(machine.row(), 0);
    assert!(machine.sets().iter().all(|&id| id != 0));
    for x in 0..6 {
        assert_eq!(board.group(x), machine.sets()[x]);
    }
}

#[test]
fn wilsons_walk_never_holds_a_loop() {
    for seed in 0..10 {
        let maze = Maze::new(9, 7).unwrap();
        let mut machine = Wilson::new(&maze);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        let mut erased = 0;
        while let Some(step) = machine.step(&mut board, &mut rng) {
            if let Event::EraseLoop { .. } = step.event {
                erased += 1;
            }
            let walk = machine.walk();
            let mut seen = vec![false; board.maze().len()];
            for &cell in walk {
                assert!(
                    !seen[cell as usize],
                    "seed {seed}: the walk visits {cell} twice"
                );
                seen[cell as usize] = true;
                assert!(!machine.in_maze(cell as usize));
            }
            for pair in walk.windows(2) {
                let (a, b) = (pair[0] as usize, pair[1] as usize);
                let adjacent = Direction::ALL
                    .iter()
                    .any(|&d| board.maze().neighbour(a, d) == Some(b));
                assert!(adjacent, "seed {seed}: {a} and {b} are not neighbours");
            }
            for (cell, &on_walk) in seen.iter().enumerate() {
                let active = board.mark(cell) & mark::ACTIVE != 0;
                assert_eq!(active, on_walk, "seed {seed}: ACTIVE marks != walk");
            }
        }
        assert!(erased > 0, "seed {seed}: no loop was ever erased");
        assert!(board.maze().is_perfect());
    }
}

#[test]
fn hunt_and_kill_hunts_the_first_cell_a_full_scan_finds() {
    for (width, height, seed) in [(9, 7, 1), (15, 4, 2), (4, 15, 3), (20, 20, 4)] {
        let maze = Maze::new(width, height).unwrap();
        let mut machine = HuntAndKill::new(&maze);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        let mut hunts = 0;
        loop {
            // The classic scan, done the slow way: reading order, first cell outside the maze
            // with a neighbour inside it.
            let len = board.maze().len();
            let expected = (0..len).find(|&c| {
                !machine.in_maze(c)
                    && Direction::ALL.iter().any(|&d| {
                        board
                            .maze()
                            .neighbour(c, d)
                            .is_some_and(|n| machine.in_maze(n))
                    })
            });
            let Some(step) = machine.step(&mut board, &mut rng) else {
                break;
            };
            if let Event::Hunt { cell, side } = step.event {
                hunts += 1;
                assert_eq!(Some(cell as usize), expected, "seed {seed}");
                let dir = Direction::from_side(side);
                let back = board.maze().neighbour(cell as usize, dir).unwrap();
                assert!(board.mark(back) & mark::VISITED != 0);
                let row = cell / width;
                // (The hunt that finishes the maze clears its marks.)
                for x in (0..width).filter(|_| !machine.is_done()) {
                    assert!(board.mark((row * width + x) as usize) & mark::SPECIAL != 0);
                }
            }
        }
        assert!(hunts > 0);
        assert!(board.maze().is_perfect());
    }
}

#[test]
fn growing_tree_policies_all_make_perfect_mazes_with_their_textures() {
    let share = |policy: Policy| {
        let mut total = 0.0;
        for seed in 0..20 {
            let maze = Maze::new(20, 20).unwrap();
            let mut machine = GrowingTree::new(&maze, policy);
            let mut board = Board::new(maze);
            mazestep::machine::run_to_end(&mut machine, &mut board, &mut Rng::new(seed));
            assert!(board.maze().is_perfect(), "{policy:?}");
            total += stats::measure(board.maze()).dead_end_share();
        }
        total / 20.0
    };
    let newest = share(Policy::Newest);
    let random = share(Policy::Random);
    let oldest = share(Policy::Oldest);
    let mix = share(Policy::Mix { newest_percent: 50 });
    // Newest is the recursive backtracker (about 10% dead ends); random is Prim-like (over 30%).
    assert!(newest < 0.15, "newest {newest}");
    assert!(random > 0.25, "random {random}");
    assert!(newest < mix && mix < random, "mix {mix}");
    // Oldest grows straight corridors out from the start: few dead ends too.
    assert!(oldest < random, "oldest {oldest}");
    assert_eq!(Policy::default(), Policy::Mix { newest_percent: 50 });
}

// ---- Braiding. ----

fn braided(name: &str, width: u32, height: u32, seed: u64, p: f64) -> Maze {
    generators::generate_braided(name, width, height, seed, p).unwrap()
}

/// Dead ends that braiding could open: those with a neighbour behind a wall.
fn openable_dead_ends(maze: &Maze) -> usize {
    (0..maze.len())
        .filter(|&c| maze.cell(c).count_ones() == 1)
        .filter(|&c| {
            Direction::ALL
                .iter()
                .any(|&d| maze.neighbour(c, d).is_some() && !maze.is_open(c, d))
        })
        .count()
}

#[test]
fn braiding_everything_leaves_no_dead_end_that_could_be_opened() {
    for name in maze_names() {
        for (width, height) in [(10, 10), (7, 3), (1, 8), (8, 1), (2, 2)] {
            let maze = braided(name, width, height, 3, 1.0);
            maze.check_consistent().unwrap();
            assert_eq!(openable_dead_ends(&maze), 0, "{name} {width}x{height}");
            let dead_ends = stats::measure(&maze).dead_ends;
            if width > 1 && height > 1 {
                assert_eq!(dead_ends, 0, "{name} {width}x{height}");
            } else {
                // A corridor keeps its two ends: they have nothing else to open to.
                assert_eq!(dead_ends, 2, "{name} {width}x{height}");
            }
        }
    }
}

#[test]
fn partial_braiding_removes_about_its_share_keeps_everything_reachable_and_adds_loops() {
    for name in maze_names() {
        for p in [0.25, 0.5, 0.75] {
            for seed in 0..3 {
                let perfect = generators::generate(name, 16, 12, seed).unwrap();
                let maze = braided(name, 16, 12, seed, p);
                let before = stats::measure(&perfect).dead_ends as f64;
                let after = stats::measure(&maze).dead_ends as f64;
                let removed = before - after;
                // At least the share (rounded up), and at most one more: the last carve may
                // join two dead ends at once.
                assert!(
                    removed >= (p * before).ceil(),
                    "{name} p={p}: {removed} of {before}"
                );
                assert!(removed <= (p * before).ceil() + 1.0, "{name} p={p}");
                assert!(maze.reachable_from(0).iter().all(|&r| r), "{name}");
                assert!(maze.passage_count() > maze.len() - 1, "{name}: no loop");
                // Braiding only opens walls of the perfect maze.
                for (a, b) in perfect.cells().iter().zip(maze.cells()) {
                    assert_eq!(a & b, *a, "{name}: a passage was closed");
                }
            }
        }
    }
}

#[test]
fn braiding_at_zero_changes_nothing_and_bad_shares_are_refused() {
    for name in maze_names() {
        assert_eq!(
            braided(name, 9, 9, 5, 0.0),
            generators::generate(name, 9, 9, 5).unwrap()
        );
    }
    for bad in [-0.1, 1.5, f64::NAN, f64::INFINITY] {
        let err = generators::generate_braided("prim", 5, 5, 1, bad).unwrap_err();
        assert!(err.to_string().contains("0 to 1"), "{err}");
        let err = Run::new(Settings::new("prim", 5, 5, 1).with_braid(bad))
            .err()
            .unwrap();
        assert!(matches!(err, RunError::Braid(_)), "{err}");
    }
}

#[test]
fn braiding_prefers_joining_two_dead_ends() {
    // A comb: a corridor along the top with three teeth hanging down. The tips of the teeth
    // are dead ends side by side, so opening one should join it to its neighbouring tip.
    let comb = Maze::from_cells(
        3,
        3,
        vec![E | S, E | W | S, W | S, N | S, N | S, N | S, N, N, N],
    )
    .unwrap();
    for seed in 0..20 {
        let mut board = Board::new(comb.clone());
        let mut machine = Braid::new(&comb, 0.1);
        assert_eq!(machine.initial_dead_ends(), 3);
        assert_eq!(machine.target(), 1);
        mazestep::machine::run_to_end(&mut machine, &mut board, &mut Rng::new(seed));
        // The carve joined two tips, so two dead ends went with one passage.
        assert_eq!(stats::measure(board.maze()).dead_ends, 1, "seed {seed}");
        assert_eq!(board.maze().passage_count(), comb.passage_count() + 1);
    }
}

#[test]
fn a_run_with_braiding_has_a_braiding_phase_between_generating_and_solving() {
    let settings = Settings::new("hunt-and-kill", 12, 10, 77)
        .with_braid(0.5)
        .with_solver("bfs");
    let mut run = Run::new(settings).unwrap();
    let mut phases = vec![run.phase()];
    while run.step().is_some() {
        if phases.last() != Some(&run.phase()) {
            phases.push(run.phase());
        }
    }
    phases.push(run.phase());
    phases.dedup();
    assert_eq!(
        phases,
        [
            Phase::Generating,
            Phase::Braiding,
            Phase::Solving,
            Phase::Walking,
            Phase::Done
        ]
    );
    assert!(run.phase_steps(Phase::Braiding) > 0);
    assert_eq!(Phase::Braiding.name(), "braiding");
    assert!(
        (Phase::Generating as u8) < (Phase::Braiding as u8)
            && (Phase::Braiding as u8) < (Phase::Solving as u8)
    );
    assert_eq!(
        run.maze(),
        &generators::generate_braided("hunt-and-kill", 12, 10, 77, 0.5).unwrap()
    );
    // Without a braid share there is no braiding phase.
    let mut plain = Run::new(Settings::new("hunt-and-kill", 12, 10, 77)).unwrap();
    plain.finish();
    assert_eq!(plain.phase_steps(Phase::Braiding), 0);
}

// ---- Statistics on mazes whose answers are known by hand. ----

#[test]
fn statistics_of_a_straight_corridor() {
    // Five cells in a row: two dead ends, three straights, 4 moves end to end.
    let maze = Maze::from_cells(5, 1, vec![E, E | W, E | W, E | W, W]).unwrap();
    let s = stats::measure(&maze);
    assert_eq!(
        s,
        Stats {
            cells: 5,
            passages: 4,
            loops: 0,
            dead_ends: 2,
            straights: 3,
            turns: 0,
            junctions3: 0,
            junctions4: 0,
            diameter: 4,
            diameter_exact: true,
            solution_length: Some(4),
        }
    );
    assert_eq!(s.dead_end_share(), 0.4);

    // Between other cells: only the solution length depends on them.
    let between = stats::measure_between(&maze, 1, 3);
    assert_eq!(between.solution_length, Some(2));
    assert_eq!(
        Stats {
            solution_length: Some(4),
            ..between
        },
        s
    );
}

#[test]
fn statistics_of_a_comb() {
    //  a - b - c      top row: a turn, a 3-way junction, a turn
    //  |   |   |      middle row: three straights
    //  d   e   f      bottom row: three dead ends
    let maze = Maze::from_cells(
        3,
        3,
        vec![E | S, E | W | S, W | S, N | S, N | S, N | S, N, N, N],
    )
    .unwrap();
    let s = stats::measure(&maze);
    assert_eq!(s.dead_ends, 3);
    assert_eq!(s.straights, 3);
    assert_eq!(s.turns, 2);
    assert_eq!(s.junctions3, 1);
    assert_eq!(s.junctions4, 0);
    // Tip to tip of the outer teeth: 2 up, 2 across, 2 down.
    assert_eq!(s.diameter, 6);
    assert!(s.diameter_exact);
    // Top-left, across the top, down the last tooth.
    assert_eq!(s.solution_length, Some(4));
    assert_eq!(s.loops, 0);
}

#[test]
fn statistics_of_a_cross_a_ring_and_a_broken_maze() {
    // A plus sign in a 3x3 grid: the centre is a 4-way junction, the arms' tips dead ends,
    // the corners cut off on their own.
    let mut cells = vec![0; 9];
    cells[4] = N | E | S | W;
    cells[1] = S;
    cells[3] = E;
    cells[5] = W;
    cells[7] = N;
    let plus = Maze::from_cells(3, 3, cells).unwrap();
    let s = stats::measure(&plus);
    assert_eq!(
        (s.junctions4, s.dead_ends, s.straights, s.turns),
        (1, 4, 0, 0)
    );
    // Corners (0,0) and (2,2) are cut off: no solution; not perfect, so not exact.
    assert_eq!(s.solution_length, None);
    assert!(!s.diameter_exact);
    assert_eq!(s.loops, 0);

    // A 2x2 ring: four turns, one loop, diameter 2 (opposite corners).
    let ring = Maze::from_cells(2, 2, vec![E | S, W | S, N | E, N | W]).unwrap();
    let s = stats::measure(&ring);
    assert_eq!((s.turns, s.dead_ends, s.loops), (4, 0, 1));
    assert_eq!(s.diameter, 2);
    assert!(!s.diameter_exact);
    assert_eq!(s.solution_length, Some(2));
}

#[test]
fn statistics_agree_with_a_brute_force_diameter_on_perfect_mazes() {
    // All-pairs distances by breadth-first search from every cell: slow, obviously right.
    fn brute_diameter(maze: &Maze) -> u64 {
        let mut best = 0;
        for from in 0..maze.len() {
            let mut dist = vec![u64::MAX; maze.len()];
            let mut queue = std::collections::VecDeque::from([from]);
            dist[from] = 0;
            while let Some(c) = queue.pop_front() {
                best = best.max(dist[c]);
                for d in Direction::ALL {
                    if let Some(n) = maze.passage(c, d) {
                        if dist[n] == u64::MAX {
                            dist[n] = dist[c] + 1;
                            queue.push_back(n);
                        }
                    }
                }
            }
        }
        best
    }
    for name in maze_names() {
        for seed in 0..3 {
            let maze = generators::generate(name, 9, 8, seed).unwrap();
            let s = stats::measure(&maze);
            assert_eq!(s.diameter, brute_diameter(&maze), "{name} seed {seed}");
            assert!(s.diameter_exact);
            let counted = s.dead_ends + s.straights + s.turns + s.junctions3 + s.junctions4;
            assert_eq!(
                counted, s.cells,
                "every cell of a perfect maze has an opening"
            );
            // On braided mazes the double sweep is only a lower bound.
            let loopy = braided(name, 9, 8, seed, 1.0);
            let s = stats::measure(&loopy);
            assert!(s.diameter <= brute_diameter(&loopy));
            assert!(!s.diameter_exact);
        }
    }
}

#[test]
fn dead_end_shares_at_20x20_order_as_published() {
    // Classic tables (e.g. Buck, "Mazes for Programmers") give about 10% dead ends for the
    // recursive backtracker and Hunt-and-Kill, and about 30% or more for Prim, Aldous-Broder
    // and Wilson. Means over 30 mazes each, checked loosely.
    let mean_share = |name: &str| {
        let total: f64 = (0..30)
            .map(|seed| {
                let maze = generators::generate(name, 20, 20, seed).unwrap();
                stats::measure(&maze).dead_end_share()
            })
            .sum();
        total / 30.0
    };
    let high: Vec<(&str, f64)> = ["prim", "aldous-broder", "wilson"]
        .into_iter()
        .map(|name| (name, mean_share(name)))
        .collect();
    let lowest_high = high.iter().map(|&(_, s)| s).fold(1.0, f64::min);
    for &(name, share) in &high {
        assert!(share > 0.25, "{name}: {share}");
    }
    let mut low = vec![("hunt-and-kill", mean_share("hunt-and-kill"))];
    if generators::find("recursive-backtracker").is_ok() {
        low.push(("recursive-backtracker", mean_share("recursive-backtracker")));
    }
    for &(name, share) in &low {
        assert!(share < 0.15, "{name}: {share}");
        assert!(share < lowest_high / 2.0, "{name}: {share} vs {high:?}");
    }
}

#[test]
fn neighbours_agree_with_coordinates_on_every_border() {
    // Maze::neighbour is computed without branching on the direction; check it against plain
    // coordinate arithmetic on thin and small grids, where every cell is on some border.
    for (width, height) in [(1, 1), (1, 4), (4, 1), (2, 2), (5, 3)] {
        let maze = Maze::new(width, height).unwrap();
        for cell in 0..maze.len() {
            let (x, y) = (cell as i64 % width as i64, cell as i64 / width as i64);
            for dir in Direction::ALL {
                let (nx, ny) = (x + i64::from(dir.dx()), y + i64::from(dir.dy()));
                let inside =
                    (0..i64::from(width)).contains(&nx) && (0..i64::from(height)).contains(&ny);
                let expected = inside.then(|| (ny * i64::from(width) + nx) as usize);
                assert_eq!(
                    maze.neighbour(cell, dir),
                    expected,
                    "{width}x{height} {cell} {dir}"
                );
            }
        }
    }
}
