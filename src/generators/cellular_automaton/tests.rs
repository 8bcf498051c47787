//! The automaton against its rules: each generation is the B/S rule applied to the one before
//! (checked against a count of its own, from the rule's notation), blocked cells are walled
//! in, and every run ends, saying whether it settled or reached its limit.

use super::*;

/// The rule's notation read on its own: the neighbour counts of birth and of survival.
fn notation(rule: Rule) -> (Vec<u32>, Vec<u32>) {
    let text = match rule {
        Rule::Maze => "B3/S12345",
        Rule::Mazectric => "B3/S1234",
    };
    let (born, survives) = text.split_once('/').unwrap();
    let digits = |part: &str| part[1..].chars().map(|c| c.to_digit(10).unwrap()).collect();
    (digits(born), digits(survives))
}

/// The blocked cells of `maze` as rows of booleans.
fn alive(maze: &Maze) -> Vec<Vec<bool>> {
    let (w, h) = (maze.width() as usize, maze.height() as usize);
    (0..h)
        .map(|y| (0..w).map(|x| maze.cost(y * w + x) == BLOCKED).collect())
        .collect()
}

/// One generation by the notation, with cells beyond the edge free.
fn by_notation(rule: Rule, cells: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let (born, survives) = notation(rule);
    let (h, w) = (cells.len() as i64, cells[0].len() as i64);
    let at = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && cells[y as usize][x as usize];
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let mut n = 0;
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            if (dx, dy) != (0, 0) && at(x + dx, y + dy) {
                                n += 1;
                            }
                        }
                    }
                    if at(x, y) {
                        survives.contains(&n)
                    } else {
                        born.contains(&n)
                    }
                })
                .collect()
        })
        .collect()
}

fn walls_fit(maze: &Maze) {
    for cell in 0..maze.len() {
        let blocked = maze.cost(cell) == BLOCKED;
        for dir in Direction::ALL {
            if let Some(next) = maze.neighbour(cell, dir) {
                let both_free = !blocked && maze.cost(next) != BLOCKED;
                assert_eq!(maze.is_open(cell, dir), both_free, "cell {cell} {dir:?}");
            }
        }
    }
}

#[test]
fn every_generation_follows_the_rule() {
    for rule in [Rule::Maze, Rule::Mazectric] {
        for (width, height, seed) in [(17, 11, 1), (30, 20, 2), (1, 9, 3), (12, 1, 4)] {
            let maze = Maze::open_field(width, height).unwrap();
            let mut machine = CellularAutomaton::new(&maze, 0.35, rule);
            let mut board = Board::new(maze);
            let mut rng = Rng::new(seed);
            machine.step(&mut board, &mut rng).unwrap();
            for generation in 1..=12 {
                let before = alive(board.maze());
                let expected = by_notation(rule, &before);
                let Some(step) = machine.step(&mut board, &mut rng) else {
                    assert_eq!(expected, before, "{rule:?}: stopped but not settled");
                    break;
                };
                let label = format!("{rule:?} {width}x{height} generation {generation}");
                assert_eq!(alive(board.maze()), expected, "{label}");
                walls_fit(board.maze());
                let changed = |a: &Vec<Vec<bool>>, b: &Vec<Vec<bool>>| {
                    a.iter()
                        .flatten()
                        .zip(b.iter().flatten())
                        .filter(|(p, q)| p != q)
                        .count()
                };
                let Event::Generation { blocked, freed, .. } = step.event else {
                    panic!("{label}: {step:?}");
                };
                assert_eq!(
                    (blocked + freed) as usize,
                    changed(&before, &expected),
                    "{label}"
                );
            }
        }
    }
}

#[test]
fn the_two_rules_grow_different_mazes() {
    let run = |rule| {
        let maze = Maze::open_field(30, 20).unwrap();
        let mut machine = CellularAutomaton::new(&maze, 0.3, rule);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(9);
        crate::machine::run_to_end(&mut machine, &mut board, &mut rng);
        board.into_maze()
    };
    assert_ne!(run(Rule::Maze), run(Rule::Mazectric));
}

/// Runs to the end; returns the machine, the last step and its words.
fn finish(machine: &mut CellularAutomaton, maze: Maze, seed: u64) -> (Step, String) {
    let mut board = Board::new(maze);
    let mut rng = Rng::new(seed);
    let mut last = None;
    while let Some(step) = machine.step(&mut board, &mut rng) {
        last = Some(step);
    }
    let last = last.expect("at least the fill");
    (last, machine.narrate(&last, board.maze()))
}

#[test]
fn it_ends_settled_or_at_its_limit_and_says_which() {
    // Nothing filled: the first generation changes nothing.
    let maze = Maze::open_field(8, 6).unwrap();
    let mut machine = CellularAutomaton::new(&maze, 0.0, Rule::Maze);
    let (last, words) = finish(&mut machine, maze, 1);
    assert_eq!(last.line, SETTLED.0);
    assert_eq!(machine.generations(), 2);
    assert!(words.contains("settled after 0 generations"), "{words}");

    // A limit of one generation: a busy field is still changing there.
    let maze = Maze::open_field(20, 20).unwrap();
    let mut machine = CellularAutomaton::new(&maze, 0.3, Rule::Maze).with_limit(1);
    let (last, words) = finish(&mut machine, maze, 2);
    assert_eq!(last.line, AT_LIMIT.0);
    assert_eq!(machine.generations(), 2);
    assert!(
        words.contains("Stopped at the limit of 1 generations"),
        "{words}"
    );

    // The real limit: every run ends by it, either way, and says so.
    for seed in 0..6 {
        for rule in [Rule::Maze, Rule::Mazectric] {
            let maze = Maze::open_field(24, 16).unwrap();
            let mut machine = CellularAutomaton::new(&maze, 0.3, rule);
            let (last, words) = finish(&mut machine, maze, seed);
            assert!(machine.generations() <= MAX_GENERATIONS + 1);
            if last.line == SETTLED.0 {
                assert!(words.contains("settled after"), "{words}");
            } else {
                assert_eq!(last.line, AT_LIMIT.0);
                assert_eq!(machine.generations(), MAX_GENERATIONS + 1);
                assert!(words.contains("Stopped at the limit"), "{words}");
            }
        }
    }
}

#[test]
fn rules_are_named_and_bad_names_refused() {
    assert_eq!(Rule::named("maze"), Ok(Rule::Maze));
    assert_eq!(Rule::named("mazectric"), Ok(Rule::Mazectric));
    let err = Rule::named("life").unwrap_err();
    assert!(err.contains("'life'") && err.contains("mazectric"), "{err}");
}
