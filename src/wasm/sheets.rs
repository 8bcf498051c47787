//! A run written out: worksheets (SVG, all at once or a piece at a time), tile text, the found
//! path, the maze's statistics, and a search of the maze as it stands (for benchmarks).

use super::args::{self, param};
use super::{MazeRun, SVG_AT_ONCE_CELLS};
use crate::distance;
use crate::export;
use crate::machine::Sentence;
use crate::solvers;
use crate::stats;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl MazeRun {
    /// The maze as it is now as a printable SVG worksheet (start and goal marked), with the
    /// found path drawn when `with_solution` is true and there is one; with `with_distances`
    /// true (leave it out for false) every cell shaded by its distance from the start and the
    /// longest path drawn. All at once, for mazes of up to [`SVG_AT_ONCE_CELLS`] cells; larger
    /// sheets (hundreds of megabytes) are written a piece at a time (`sheetBegin`).
    pub fn svg(&self, with_solution: JsValue, with_distances: JsValue) -> Result<String, JsError> {
        let with_solution = args::flag(param("svg", "withSolution"), &with_solution)?;
        let with_distances = if with_distances.is_undefined() || with_distances.is_null() {
            false
        } else {
            args::flag(param("svg", "withDistances"), &with_distances)?
        };
        let settings = self.run.settings();
        let maze = self.run.maze();
        if maze.len() > SVG_AT_ONCE_CELLS {
            return Err(param("svg", "").fail_with(
                &Sentence::new("refusals.svg-size")
                    .n("cells", maze.len() as u64)
                    .n("max", SVG_AT_ONCE_CELLS as u64),
            ));
        }
        let title =
            export::grid_sheet_title(&settings.generator, maze, settings.seed, settings.braid);
        let distances = with_distances.then(|| distance::distances(maze, self.run.start()));
        let longest = with_distances.then(|| distance::longest_path(maze, self.run.start()));
        let sheet = export::Sheet {
            start: Some(self.run.start()),
            goal: Some(self.run.goal()),
            path: self.found_path().filter(|_| with_solution),
            title: Some(&title),
            distances: distances.as_deref(),
            longest: longest.as_ref().map(|l| l.path.as_slice()),
            gaps: self.gaps(),
        };
        Ok(export::svg(maze, &sheet))
    }

    /// Begins writing the worksheet of the maze as it is now, to be had a piece at a time
    /// from `sheetNext`: the same document as `svg(withSolution, withDistances)`, with `title`
    /// (a string, escaped; null or undefined for the core's English title) as its title line.
    /// The sheet is of this moment: the run may go on meanwhile. A sheet begun earlier and
    /// not finished is dropped.
    #[wasm_bindgen(js_name = sheetBegin)]
    pub fn sheet_begin(
        &mut self,
        with_solution: JsValue,
        with_distances: JsValue,
        title: JsValue,
    ) -> Result<(), JsError> {
        const CALL: &str = "sheetBegin";
        let with_solution = args::flag(param(CALL, "withSolution"), &with_solution)?;
        let with_distances = args::flag(param(CALL, "withDistances"), &with_distances)?;
        let title = args::optional_text(param(CALL, "title"), &title)?;
        let settings = self.run.settings();
        let maze = self.run.maze();
        let title = title.unwrap_or_else(|| {
            export::grid_sheet_title(&settings.generator, maze, settings.seed, settings.braid)
        });
        let path = self
            .found_path()
            .filter(|_| with_solution)
            .map(<[usize]>::to_vec);
        self.sheet = None;
        self.sheet = Some(
            export::SheetWriter::measuring(
                maze.clone(),
                self.run.start(),
                self.run.goal(),
                path,
                title,
                with_distances,
            )
            .with_gaps(self.gaps()),
        );
        Ok(())
    }

    /// The sheet's gaps in the outer wall: the ends that are exits.
    fn gaps(&self) -> [Option<(usize, crate::topology::Side)>; 2] {
        let exits = self.run.exits();
        [
            exits.start.map(|side| (self.run.start(), side)),
            exits.goal.map(|side| (self.run.goal(), side)),
        ]
    }

    /// The next piece of the worksheet begun with `sheetBegin`, about `limit` cells of work (a
    /// whole number from 1, or Infinity), or undefined once it is all written (the sheet is
    /// then let go). A piece may be "" while the distances are measured. Throws when no sheet
    /// was begun.
    #[wasm_bindgen(js_name = sheetNext)]
    pub fn sheet_next(&mut self, limit: JsValue) -> Result<Option<String>, JsError> {
        let limit = args::limit(param("sheetNext", "limit"), &limit)?;
        let Some(writer) = self.sheet.as_mut() else {
            return Err(param("sheetNext", "").fail_with(&Sentence::new("refusals.sheet-none")));
        };
        if writer.is_done() {
            self.sheet = None;
            return Ok(None);
        }
        let mut piece = String::new();
        writer.write(&mut piece, usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(Some(piece))
    }

    /// How much of the worksheet begun with `sheetBegin` is written, from 0 to 1; -1 when none
    /// is being written.
    #[wasm_bindgen(js_name = sheetProgress)]
    pub fn sheet_progress(&self) -> f64 {
        self.sheet
            .as_ref()
            .map_or(-1.0, export::SheetWriter::progress)
    }

    /// Drops the worksheet being written, if any, and the memory it holds.
    #[wasm_bindgen(js_name = sheetCancel)]
    pub fn sheet_cancel(&mut self) {
        self.sheet = None;
    }

    /// Solves the maze as it stands now with `solver` from this run's start to its goal, with
    /// no display work and without touching the run, and returns the path's length in cells (0
    /// if there is none). For benchmarks: only the search is timed. Throws on an unknown name.
    #[wasm_bindgen(js_name = solveWith)]
    pub fn solve_with(&self, solver: JsValue) -> Result<u32, JsError> {
        let which = param("solveWith", "solver");
        let solver = args::text(which, &solver)?;
        let maze = self.run.maze();
        let (start, goal) = (maze.coords(self.run.start()), maze.coords(self.run.goal()));
        let report =
            solvers::solve(&solver, maze, start, goal).map_err(|e| which.fail(&e.to_string()))?;
        Ok(report.outcome.path().map_or(0, |path| path.len() as u32))
    }

    /// The maze as tile text (`#` wall, `.` open, `S` start, `G` goal), with the found path
    /// as `o` when `with_solution` is true and there is one. The plain square grid only:
    /// other shapes and masks are refused (their worksheet is `svg()`).
    pub fn text(&self, with_solution: JsValue) -> Result<String, JsError> {
        let with_solution = args::flag(param("text", "withSolution"), &with_solution)?;
        let path = self.found_path().filter(|_| with_solution);
        export::route_tiles(self.run.maze(), self.run.start(), self.run.goal(), path)
            .map_err(|words| param("text", "").fail_with(&words))
    }

    /// The found path as u32 cell indices, start first: build
    /// `new Uint32Array(memory.buffer, run.pathPtr(), run.pathLen())`. Empty until found.
    #[wasm_bindgen(js_name = pathPtr)]
    pub fn path_ptr(&mut self) -> *const u32 {
        self.run.path_u32().as_ptr()
    }

    /// Cells on the found path (the length of the `pathPtr` view), 0 if none (yet).
    #[wasm_bindgen(js_name = pathLen)]
    pub fn path_len(&mut self) -> u32 {
        self.run.path_u32().len() as u32
    }

    /// Texture statistics of the maze as it is now, in the order of `statsNames()`; NaN where
    /// there is none (the solution length while the corners are not connected). Linear in
    /// the number of cells: on big mazes a page measures a slice at a time with `measure`.
    pub fn stats(&self) -> Vec<f64> {
        stats::measure_between(self.run.maze(), self.run.start(), self.run.goal()).numbers()
    }

    /// `stats()` a slice at a time: does at most about `limit` cells of work on measuring
    /// the maze as it is now, and returns the statistics once done, else undefined. Calls at
    /// the same step go on where the last one stopped; at another step they start over.
    pub fn measure(&mut self, limit: JsValue) -> Result<Option<Vec<f64>>, JsError> {
        let limit = args::limit(param("measure", "limit"), &limit)?;
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        Ok(self.run.measure(limit).as_ref().map(stats::Stats::numbers))
    }
}

/// A maze of a teacher's pack (the page's "Print a pack"), as `mazestep generate --format svg
/// --out DIR` makes it: the maze of `options` (as for `new MazeRun`; its solver is breadth-first
/// search), its ends placed by `ends` (`"corners"`, `"hardest"` or `"random"`) where the
/// options give none, as an untitled worksheet, with the way drawn when `withWay` is true (the
/// answer key's). Mazes of up to 10 000 cells.
#[wasm_bindgen(js_name = packMaze)]
pub fn pack_maze(
    #[wasm_bindgen(unchecked_param_type = "MazeRunOptions")] options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"corners\" | \"hardest\" | \"random\"")] ends: JsValue,
    #[wasm_bindgen(js_name = withWay)] with_way: bool,
) -> Result<String, JsError> {
    const CALL: &str = "packMaze";
    let rest = std::array::from_fn(|_| JsValue::UNDEFINED);
    let mut settings = super::settings::Given::of(options, rest)?.settings()?;
    let which = param(CALL, "ends");
    let name = args::text(which, &ends)?;
    settings.ends = crate::run::Ends::ALL
        .into_iter()
        .find(|e| e.name() == name)
        .ok_or_else(|| which.refuse(&ends, args::allowed_text("corners, hardest or random")))?;
    let cells = crate::topology::cell_count(settings.shape, settings.width, settings.height);
    if cells > crate::pack::MAX_CELLS {
        return Err(
            param(CALL, "").fail("a pack's mazes have at most 10000 cells (e.g. 100 × 100)")
        );
    }
    let made = crate::pack::PackMaze::make(settings).map_err(|e| super::refused(CALL, &e))?;
    Ok(made.sheet(with_way))
}

/// A page of a pack on `paper` (`"a4"` or `"letter"`): `title` at the top, a line to write on
/// after each of `lines` (one a line of the text, e.g. `"Name\nDate"`; `""` for none), `footer`
/// small at the bottom, and `mazes`, worksheets from `packMaze` one after another (one fills
/// the page; two to six make an answer key, each with its label from `labels`, one a line).
/// Every word is escaped; anything but `packMaze`'s worksheets is refused.
#[wasm_bindgen(js_name = packPage)]
pub fn pack_page(
    #[wasm_bindgen(unchecked_param_type = "\"a4\" | \"letter\"")] paper: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] title: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lines: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] footer: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] mazes: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] labels: JsValue,
) -> Result<String, JsError> {
    const CALL: &str = "packPage";
    let text = |name, value: &JsValue| args::text(param(CALL, name), value);
    let paper = match text("paper", &paper)?.as_str() {
        "a4" => crate::pack::Paper::A4,
        "letter" => crate::pack::Paper::Letter,
        _ => {
            let allowed = args::allowed_text("a4 or letter");
            return Err(param(CALL, "paper").refuse(&paper, allowed));
        }
    };
    let (title, lines, footer) = (
        text("title", &title)?,
        text("lines", &lines)?,
        text("footer", &footer)?,
    );
    let (mazes, labels) = (text("mazes", &mazes)?, text("labels", &labels)?);
    let lines: Vec<&str> = lines.lines().collect();
    let labels: Vec<&str> = labels.lines().collect();
    let mazes: Vec<&str> = mazes.split_inclusive("</svg>\n").collect();
    let heading = crate::pack::Heading {
        title: &title,
        lines: &lines,
        footer: &footer,
    };
    crate::pack::page(paper, &heading, &mazes, &labels)
        .ok_or_else(|| param(CALL, "mazes").fail("give 1 to 6 worksheets from packMaze"))
}
