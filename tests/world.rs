//! Worlds in a run: edits reach the search, the ends stay free, bad worlds are refused.

use mazestep::run::{Run, RunError, Settings};
use mazestep::topology::Shape;
use mazestep::world::{Corners, Edits, Search, BLOCKED};

fn finished(settings: Settings) -> Run {
    let mut run = Run::new(settings).expect("valid settings");
    run.finish();
    run
}

#[test]
fn edits_change_the_maze_the_search_sees_and_stay_after_back() {
    let plain = Settings::new("recursive-backtracker", 8, 8, 3).with_solver("bfs");
    let mut edits = Edits::new();
    edits.paint(9, BLOCKED);
    edits.paint(20, 7);
    let mut run = finished(plain.clone().with_edits(edits));
    assert_eq!(run.maze().cost(9), BLOCKED);
    assert_eq!(run.maze().cell(9), 0, "a blocked cell has no passages");
    assert_eq!(run.maze().cost(20), 7);
    let path = run.report().unwrap().outcome.path().unwrap().to_vec();
    assert!(!path.contains(&9), "the path avoids the blocked cell");
    // Stepping back into generation takes the edits back; forward again brings them.
    let total = run.steps();
    run.seek(2);
    assert_eq!(
        run.maze().cost(9),
        1,
        "before the search the generated maze shows"
    );
    run.seek(total);
    assert_eq!(run.maze().cost(9), BLOCKED);
    let untouched = finished(plain);
    assert_ne!(untouched.maze(), run.maze());
}

#[test]
fn a_blocked_start_or_goal_is_freed() {
    let mut edits = Edits::new();
    edits.paint(0, BLOCKED);
    edits.paint(15, BLOCKED);
    let run = finished(
        Settings::new("kruskal", 4, 4, 1)
            .with_solver("dijkstra")
            .with_edits(edits),
    );
    assert_ne!(run.maze().cost(0), BLOCKED);
    assert_ne!(run.maze().cost(15), BLOCKED);
    assert!(run.report().unwrap().outcome.path().is_some());
}

#[test]
fn edits_off_the_maze_and_diagonals_off_the_square_grid_are_refused() {
    let mut edits = Edits::new();
    edits.paint(16, 3);
    let e = Run::new(Settings::new("kruskal", 4, 4, 1).with_edits(edits))
        .err()
        .unwrap();
    assert!(
        matches!(&e, RunError::World(m) if m.english().contains("cell 16")),
        "{e}"
    );
    let diagonal = Search {
        corners: Corners::Always,
        ..Search::default()
    };
    let e = Run::new(
        Settings::new("kruskal", 4, 4, 1)
            .with_shape(Shape::Hex)
            .with_search(diagonal),
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("hex"), "{e}");
    let heavy = Search {
        weight: 0.5,
        ..Search::default()
    };
    assert!(Run::new(Settings::new("kruskal", 4, 4, 1).with_search(heavy)).is_err());
}
