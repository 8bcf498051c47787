//! `mazestep`: make mazes and solve them from a terminal. docs/cli.md is its contract.
//!
//! How it works:
//! 1. [`options`] reads the command (`generate`, `solve`, `stats`, `list`, `help`,
//!    `--version`) and its `--name value` options and checks every value before anything runs
//!    (reading a `--mask` file and making the empty grid, so a mask that does not fit is
//!    refused like a bad number),
//!    so that every mistake gets exactly one line on stderr that names the bad value and says
//!    what is allowed, and exit status 2.
//! 2. [`jobs`] makes each maze with the core, solves or measures it, and [`output`] writes it
//!    as tiles, JSON, graph JSON (any shape) or SVG (or, for `stats`, the means and standard
//!    deviations).
//! 3. This file turns the outcome into an exit status, and treats a closed pipe
//!    (`mazestep generate ... | head -1`) as the reader having seen enough: stop quietly with
//!    status 0.
//!
//! Exit status: 0 done, 1 no path found (or stdout could not be written), 2 bad input.

mod files;
mod jobs;
mod options;
mod output;

use output::say;
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

/// Why the command stopped early.
#[derive(Debug)]
enum Failure {
    /// Bad input: one line on stderr, exit status 2. Nothing has been written to stdout.
    Usage(String),
    /// The solver found no path: the maze has been written; one line on stderr, exit status 1.
    NoPath(String),
    /// stdout could not be written.
    Write(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Write(e)
    }
}

fn main() -> ExitCode {
    let stdout = io::stdout();
    if !stdout_is_open() {
        // Rust's standard output quietly drops writes to a closed descriptor; say so instead.
        say("cannot write the output: standard output is closed");
        return ExitCode::from(1);
    }
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(std::env::args_os().skip(1).collect(), &mut out);
    // Whatever happened, what was written so far should reach the reader before any message.
    let flushed = out.flush();
    match (result, flushed) {
        (Err(Failure::Usage(message)), _) => {
            say(&message);
            ExitCode::from(2)
        }
        (Err(Failure::Write(e)), _) | (_, Err(e)) => {
            if e.kind() != io::ErrorKind::BrokenPipe {
                say(&format!("cannot write the output: {e}"));
                return ExitCode::from(1);
            }
            // The reader closed the pipe: it has all it wanted.
            ExitCode::SUCCESS
        }
        (Err(Failure::NoPath(message)), Ok(())) => {
            say(&message);
            ExitCode::from(1)
        }
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
    }
}

/// Runs one command line (without the program name), writing results to `out`.
fn run(args: Vec<OsString>, out: &mut impl Write) -> Result<(), Failure> {
    let command = options::read(args).map_err(Failure::Usage)?;
    jobs::run(&command, out)
}

/// Whether standard output was open when the program started. Rust's runtime puts `/dev/null`
/// on a descriptor that was closed (`mazestep generate ... >&-`), so writes would vanish
/// without an error, and by then a closed descriptor cannot be told from a caller's
/// `/dev/null` (Python's `subprocess.DEVNULL` opens it for reading and writing). So the
/// descriptor is looked at before the runtime starts, by a constructor the loader runs.
#[cfg(target_os = "linux")]
fn stdout_is_open() -> bool {
    !at_start::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

#[cfg(target_os = "linux")]
mod at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Whether descriptor 1 was closed when the program was loaded.
    pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        fn fcntl(fd: i32, cmd: i32, ...) -> i32;
    }
    /// `fcntl`'s "get the descriptor's flags", which fails on a closed descriptor.
    const F_GETFD: i32 = 1;

    extern "C" fn look_at_stdout() {
        // SAFETY: F_GETFD only reads descriptor 1's flags; it needs nothing set up.
        let closed = unsafe { fcntl(1, F_GETFD) } == -1;
        STDOUT_CLOSED.store(closed, Ordering::Relaxed);
    }

    /// Run by the loader before `main` and before Rust's runtime reopens closed descriptors.
    #[used]
    #[link_section = ".init_array"]
    static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;
}

#[cfg(not(target_os = "linux"))]
fn stdout_is_open() -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_writer_stops_the_run() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let args = [
            "generate",
            "--algorithm",
            "binary-tree",
            "--width",
            "3",
            "--height",
            "3",
        ]
        .iter()
        .chain(&["--seed", "1", "--count", "5"])
        .map(OsString::from)
        .collect();
        match run(args, &mut Closed) {
            Err(Failure::Write(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("expected a write failure, got {other:?}"),
        }
    }
}
