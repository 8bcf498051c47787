//! Timings of the teaching timeline: the first `total_steps` (a shadow run laying down
//! checkpoints), the first `back()` from the end and the slowest of the five after it, and
//! seeks to random steps, on a few runs of each size.
//!
//! `cargo bench --bench seek` (release profile); `-- --sizes 100,1000` picks square sides
//! (default 100 and 1000).

use mazestep::rng::Rng;
use mazestep::run::{Run, Settings};
use std::time::{Duration, Instant};

/// Generator, solver: a fast generator, a slow one, and one with a large open set.
const RUNS: [(&str, &str); 3] = [
    ("recursive-backtracker", "bfs"),
    ("kruskal", "a-star"),
    ("wilson", "dijkstra"),
];

fn main() {
    let mut sizes = vec![100, 1000];
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--sizes") {
        if let Some(list) = args.get(at + 1) {
            sizes = list.split(',').filter_map(|s| s.parse().ok()).collect();
        }
    }
    println!(
        "{:>5} {:<28} {:>9} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "side", "run", "steps", "total ms", "back ms", "back again", "seek avg", "seek max"
    );
    for side in sizes {
        for (generator, solver) in RUNS {
            let settings = Settings::new(generator, side, side, 7)
                .with_braid(0.1)
                .with_solver(solver);
            let mut run = Run::new(settings).unwrap();
            let began = Instant::now();
            let total = run.total_steps();
            let lay = began.elapsed();
            run.finish();
            // back() from the end replays from a checkpoint (at worst a whole interval) and
            // keeps a snapshot near where it went: the next Backs replay little.
            let began = Instant::now();
            run.back();
            let back = began.elapsed();
            let mut again = Duration::ZERO;
            for _ in 0..5 {
                let began = Instant::now();
                run.back();
                again = again.max(began.elapsed());
            }
            let mut rng = Rng::new(1);
            let (mut sum, mut max) = (Duration::ZERO, Duration::ZERO);
            let seeks = 20;
            for _ in 0..seeks {
                let target = u64::from(rng.below(u32::try_from(total).unwrap_or(u32::MAX)));
                let began = Instant::now();
                run.seek(target);
                let took = began.elapsed();
                sum += took;
                max = max.max(took);
            }
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            println!(
                "{side:>5} {:<28} {total:>9} {:>10.1} {:>10.2} {:>10.2} {:>10.2} {:>10.2}",
                format!("{generator} + {solver}"),
                ms(lay),
                ms(back),
                ms(again),
                ms(sum) / f64::from(seeks),
                ms(max)
            );
        }
    }
}
