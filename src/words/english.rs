//! The English templates of every key the core says, and looking words up in them.

use super::{Arg, Sentence};

/// Why a search gave up, in English: the reasons solvers give (`Outcome::GaveUp`), each a
/// key of [`ENGLISH`] under `reasons.` so the page says it in its language.
pub mod reasons {
    /// IDA* reached its step limit.
    pub const IDA_STEP_LIMIT: &str = "step limit reached: IDA* repeats its search for each \
                                      new bound; choose a-star for a world this size";
    /// Jump point search on a world with terrain costs.
    pub const JPS_COSTS: &str = "jump-point-search needs every cell to cost the same: this \
                                 world has terrain costs; choose a-star or dijkstra";
    /// Jump point search on a grid other than the plain square one.
    pub const JPS_SHAPE: &str = "jump-point-search works on the plain square grid only";
    /// A wall follower back in a state it has been in.
    pub const WALL_LOOPED: &str = "no way to the goal by following this wall";
    /// Pledge back in a cell, heading and turn count it has stood in.
    pub const PLEDGE_LOOPED: &str = "back in a cell, heading and turn count seen before: the \
                                     walk would repeat itself (Pledge is sure to get out only \
                                     through an exit in the outer wall)";
    /// The random mouse made every move it may without reaching the goal.
    pub const RANDOM_MOUSE_LIMIT: &str = "step limit reached: the random mouse wandered for \
                                          1000 moves a cell of the maze (at most 20 million) \
                                          without reaching the goal";
    /// Collision or shortest paths (which count moves) on a world with terrain costs.
    pub const MOVES_ONLY: &str = "shortest in moves needs every cell to cost the same: this \
                                  world has terrain costs; choose a-star or dijkstra";
    /// A wall follower whose start has no open side.
    pub const WALLED_IN: &str = "the start is walled in on every side: there is no move to make";
}

/// Why a search gave up, as words of their own when [`ENGLISH`] has a key for the reason
/// (the page says it in its language), else as it is.
pub fn reason_words(reason: &'static str) -> Arg {
    known_words("reasons.", reason)
}

/// Words of their own when [`ENGLISH`] has a key under `prefix` (e.g. "allowed.") for
/// exactly these English words, else the words as they are.
pub fn known_words(prefix: &str, english: &str) -> Arg {
    match ENGLISH
        .iter()
        .find(|&&(key, words)| words == english && key.starts_with(prefix))
    {
        Some(&(key, _)) => Arg::Words(Sentence::new(key)),
        None => Arg::Text(english.to_string()),
    }
}

/// The English template of `key`.
pub fn english_template(key: &str) -> Option<&'static str> {
    ENGLISH.iter().find(|(k, _)| *k == key).map(|&(_, t)| t)
}

/// The English forms of a unit: (one, other).
pub fn unit_forms(unit: &str) -> Option<(&'static str, &'static str)> {
    UNITS
        .iter()
        .find(|(u, _, _)| *u == unit)
        .map(|&(_, one, other)| (one, other))
}

/// Count words: (unit, one, other), `#` where the number goes. Shared with the page's
/// `units` section ("cell" and "step" are there already with these same words).
pub static UNITS: &[(&str, &str, &str)] = &[
    ("cell", "# cell", "# cells"),
    ("step", "# step", "# steps"),
    ("neighbour", "# neighbour", "# neighbours"),
    ("new-neighbour", "# new neighbour", "# new neighbours"),
    ("waiting-cell", "# cell waits", "# cells wait"),
    ("set-left", "# set is", "# sets are"),
    ("passage", "# passage", "# passages"),
    ("new-jump-point", "# new jump point", "# new jump points"),
    ("move", "# move", "# moves"),
];

/// Every English template the core says, by key (under `core.`).
pub static ENGLISH: &[(&str, &str)] = &[
    // Sides of a cell, and a weave's tunnel.
    ("sides.north", "north"),
    ("sides.east", "east"),
    ("sides.south", "south"),
    ("sides.west", "west"),
    ("sides.north-east", "north-east"),
    ("sides.south-east", "south-east"),
    ("sides.south-west", "south-west"),
    ("sides.north-west", "north-west"),
    ("sides.inward", "inward"),
    ("sides.outward", "outward"),
    ("sides.clockwise", "clockwise"),
    ("sides.anticlockwise", "anticlockwise"),
    ("sides.north-under-a-cell", "north under a cell"),
    ("sides.east-under-a-cell", "east under a cell"),
    ("sides.south-under-a-cell", "south under a cell"),
    ("sides.west-under-a-cell", "west under a cell"),
    ("sides.under", "{way} under {cell}"),
    // What an event says when the machine has nothing more to add.
    ("narration.legs.leg", "Leg {leg} of {legs}, from {from} to {to}: {said}"),
    ("narration.event.carve", "Carved {side} from cell {cell}."),
    ("narration.event.pass", "Cell {cell} had nothing to carve."),
    ("narration.event.extend-run", "Carved east from cell {cell}: the run is now {run:cell} long."),
    ("narration.event.close-run", "Closed the run of {run}: carved {side} from cell {cell}."),
    ("narration.event.push", "Carved {side} from cell {cell} and pushed the new cell."),
    ("narration.event.pop", "Popped cell {cell}: nothing new around it, so back up."),
    ("narration.event.merge-sets", "The wall {side} of cell {cell} divided two sets: carved it and merged them."),
    ("narration.event.keep-wall", "The wall {side} of cell {cell} stays: both sides are already connected."),
    ("narration.event.begin", "Started at cell {cell}."),
    ("narration.event.expand", "Took cell {cell} from the frontier and added {added:new-neighbour}."),
    ("narration.event.skip", "Took cell {cell} from the frontier, but it was already settled."),
    ("narration.event.found", "Reached the goal: the path has {length:cell}."),
    ("narration.event.unreachable", "The frontier ran out: the goal cannot be reached."),
    ("narration.event.turn", "Turned to face {side} on cell {cell}."),
    ("narration.event.move", "Moved {side} from cell {from} to cell {to}."),
    ("narration.event.looped", "Back on cell {cell} facing {side} as before: following the wall would loop forever."),
    ("narration.event.walk", "The player walked onto cell {cell}."),
    ("narration.event.hunt", "The hunt found cell {cell} and carved {side} from it into the maze."),
    ("narration.event.erase-loop", "The walk came back to cell {cell}: erased the loop of {erased:cell} after it."),
    ("narration.event.add-walk", "The walk reached cell {cell}, already in the maze: carved its {length:passage} into the maze."),
    ("narration.event.divide", "Built a wall on the {side} side of {length:cell} from cell {cell}, leaving a gap at {gap}."),
    ("narration.event.fill", "Filled cell {cell}: a dead end."),
    ("narration.event.open-all", "Opened every wall between neighbours: one empty room of {cells:cell}."),
    ("narration.event.block", "Blocked cell {cell}: an obstacle, its passages closed."),
    ("narration.event.block-line", "Blocked a wall of {length:cell} from cell {cell} going {side}, leaving a door at {door}."),
    ("narration.event.random-fill", "Filled at random: blocked {blocked:cell}."),
    ("narration.event.generation", "Generation {number}: crowded cells blocked ({blocked}), lonely obstacles freed ({freed})."),
    ("narration.event.paint-row", "Painted the costs of {length:cell} from cell {cell} by the noise."),
    ("narration.event.seal", "Sealed the passage {side} of cell {cell} with a wall."),
    // What machines say with their own state.
    ("narration.gave-up", "Gave up: {reason}."),
    ("reasons.ida-step-limit", reasons::IDA_STEP_LIMIT),
    ("reasons.jps-costs", reasons::JPS_COSTS),
    ("reasons.jps-shape", reasons::JPS_SHAPE),
    ("reasons.random-mouse-limit", reasons::RANDOM_MOUSE_LIMIT),
    ("reasons.wall-looped", reasons::WALL_LOOPED),
    ("reasons.pledge-looped", reasons::PLEDGE_LOOPED),
    ("reasons.walled-in", reasons::WALLED_IN),
    ("reasons.moves-only", reasons::MOVES_ONLY),
    ("narration.sidewinder.extend-run", "Coin says go on: carved east from cell {cell}, the run is now {run:cell} long."),
    ("narration.sidewinder.close-run-edge", "At the east edge the run must close: carve {side} from cell {cell}, chosen from a run of {run}."),
    ("narration.sidewinder.close-run", "Coin says close the run: carve {side} from cell {cell}, chosen from a run of {run}."),
    ("narration.sidewinder.carve", "The top row has nothing to the north: carved {side} from cell {cell}."),
    ("narration.sidewinder.pass", "Cell {cell} ends the top row: nothing to carve."),
    ("narration.backtracker.push", "Carved {side} from cell {cell} into a cell not yet visited and pushed it: the stack holds {depth:cell}."),
    ("narration.backtracker.pop", "Every neighbour of cell {cell} is visited, so popped it to back up: the stack holds {depth:cell}."),
    ("narration.kruskal.crossing", "Cell {cell} and its four neighbours were in five sets: made it a crossing, a corridor {way} over it and a tunnel under it the other way; {sets:set-left} left."),
    ("narration.kruskal.north-south", "north-south"),
    ("narration.kruskal.east-west", "east-west"),
    ("narration.kruskal.no-crossing", "Cell {cell} cannot be a crossing: it has a passage already, or two of its neighbours are connected."),
    ("narration.kruskal.keep-crossing", "The wall {side} of cell {cell} stays: carving it would cut into a crossing."),
    ("narration.kruskal.merge", "The wall {side} of cell {cell} divided two sets: carved it, and the merged set has {size:cell}; {sets:set-left} left."),
    ("narration.kruskal.keep", "The wall {side} of cell {cell} stays: both sides are already in one set of {size:cell}."),
    ("narration.bfs.expand", "Took cell {cell} from the front of the queue and queued {added:new-neighbour}; {waiting:waiting-cell}."),
    ("narration.dfs.push", "Went {side} from cell {cell} to {next}, not seen before, and pushed it."),
    ("narration.dijkstra.expand", "Settled cell {cell} at distance {distance}, the smallest in the queue, and queued {added:neighbour}."),
    ("narration.a-star.expand", "Took cell {cell}, lowest in the open set with f = {f} (g = {g:step} from the start, h = {h} to the goal), and opened {added:neighbour}."),
    ("narration.best-first.cheapest", "Took cell {cell}, the cheapest to reach in the queue at cost {g}, and reached {added:neighbour} more cheaply."),
    ("narration.best-first.lowest", "Took cell {cell}, lowest in the open set: g = {g} so far, h = {h} to go, and reached {added:neighbour} more cheaply."),
    ("narration.bidirectional.forward", "Forward: took cell {cell} at g = {g} and reached {added:neighbour} more cheaply; {best}."),
    ("narration.bidirectional.backward", "Backward: took cell {cell} at g = {g} and reached {added:neighbour} more cheaply; {best}."),
    ("narration.bidirectional.no-meeting", "no meeting yet"),
    ("narration.bidirectional.best-meeting", "best meeting costs {cost}"),
    ("narration.jps.expand-start", "Took jump point {cell} at g = {g}, jumped every way from it, and found {added:new-jump-point}."),
    ("narration.jps.expand-plain", "Took jump point {cell} at g = {g}, jumped the natural ways and those a blocked cell beside it forces, and found {added:new-jump-point}."),
    ("narration.jps.expand-open", "Took jump point {cell} at g = {g}, in open ground, jumped only the natural ways, and found {added:new-jump-point}."),
    ("narration.ida.raise", "Nothing left under the bound: raised it to {bound}, the smallest f that was above it, and started round {round} again from the start {cell}."),
    ("narration.flood.goal", "Took the goal {cell} and reached {added:neighbour} more: early exit is off, so the flood goes on to every cell it can reach; the path is read back from the goal at the end."),
    ("narration.flood.found", "The frontier is empty: the flood reached every cell it can ({visited:cell}). Followed the ways back from the goal: the path has {length:cell}."),
    ("narration.ida.raise-more", "Nothing left under the bound, and the round pushed under twice the cells of the round before: raised the bound by twice the last raise, to {bound} (no path costs less than {floor}), and started round {round} again from the start {cell}."),
    ("narration.ida.better", "Reached the goal {cell} at cost {g}, above {floor}, the least a path can cost: kept this path as the best so far and lowered the bound under its cost, to look only for cheaper ones."),
    ("narration.ida.proven", "Nothing cheaper under the bound: the best path kept, {length:cell} at cost {cost}, is the cheapest."),
    ("narration.ida.push-cheaper", "Pushed cell {cell}: g = {g}, f = {f} is below {best}, the cost of the best path kept."),
    ("narration.ida.begin", "Started at cell {cell} with bound h = {bound}."),
    ("narration.ida.push", "Pushed cell {cell}: g = {g}, f = {f} is within the bound {bound}."),
    ("narration.ida.pop", "No move left under the bound from cell {cell}: popped it."),
    ("narration.ida.unreachable", "No cell lay above the bound: the goal cannot be reached."),
    // Data-structure items and notes with words (items of only cells and numbers stay text).
    ("items.set-of", "set of {cell}: {size:cell}"),
    ("items.row-set", "set {id} from {cell}: {size:cell}"),
    ("items.weight", "{cell} weight {weight}"),
    // Said by the page after a structure's items (www/teach.js), never by the core.
    ("items.more", "… and {count} more"),
    ("notes.kept-wall", "kept the wall between {cell} and {other}: both in one set of {size:cell}"),
    ("notes.merged", "merged the set of {cell} ({size:cell}) with the set of {other} ({rest:cell})"),
    ("notes.random-order", "drawn one at a time, in random order"),
    ("notes.before-walls", "drawn one at a time, in random order, before any wall"),
    ("notes.row", "row {row}"),
    ("notes.hunt-row", "the next hunt scans from row {row}; every cell before {cell} is in the maze"),
    ("notes.hunt-from", "the next hunt scans from {cell} or later: every cell before it is in the maze"),
    ("notes.hunt-from-masked", "the next hunt scans from {cell} or later: every cell before it is in the maze or switched off"),
    ("notes.facing", "on {cell} facing {side}"),
    ("notes.loop-states", "standing in one of these again would loop forever"),
    ("notes.marked-twice", "a passage marked twice is never taken again"),
    ("notes.braid", "aim: remove {target} of {initial}; opened {opened}"),
    ("notes.filled", "{filled:cell} filled so far"),
    ("notes.walked", "{walked} of {cells:cell} walked"),
    // Messages the page shows: refusals of a setting (wasm errors carry them as `data`).
    ("messages.about", "{name}: {message}"),
    ("messages.side", "{what} {value} is not allowed: use a whole number from 1 to {max}"),
    ("messages.seed", "seed {value} is not allowed: use a whole number from 0 to {max}"),
    ("messages.point", "{what} {value} is not allowed: use X,Y with whole numbers, e.g. 0,0"),
    ("messages.braid-percent", "braid {value} is not allowed: use a whole percentage from 0 to 100"),
    ("messages.square-only", "{name} needs the rows and columns of a whole square grid, so it cannot make {made} on {grid}: choose one of {others}"),
    ("messages.a-maze", "a maze"),
    ("messages.an-open-world", "an open world"),
    ("messages.masked-grid", "a masked grid"),
    ("messages.shape-grid", "a {shape} grid"),
    ("messages.none-yet", "none yet"),
    ("messages.no-weave", "{name} {why}, so it cannot make a weave: choose one of {others}"),
    ("messages.needs-rows", "needs the rows and columns of a whole square grid"),
    ("messages.open-no-weave", "makes an open world, with no walls for a weave's tunnels to pass under"),
    ("messages.tunnels-anywhere", "would tunnel under any cell, not only under a straight corridor"),
    ("messages.solver-square-only", "{name} works on the plain square grid only, not on a {grid} grid: choose one of {others}"),
    ("messages.masked", "masked"),
    ("messages.shape", "{shape}"),
    ("labels.width", "width"),
    ("labels.height", "height"),
    ("labels.start", "start"),
    ("labels.goal", "goal"),
    ("labels.waypoint", "waypoint"),
    ("labels.rings", "rings"),
    // Refusals of a run's settings and world, and what a search without a path says.
    ("refusals.braid-share", "braid {value} is not allowed: use a number from 0 to 1, e.g. 0.5"),
    ("refusals.braid-open", "braid {value} is not allowed with {name}: it makes an open world, with no dead ends to remove; give braid 0"),
    ("refusals.density", "density {value} is not allowed: give the share of blocked cells, from 0 to {max}"),
    ("refusals.knob-value", "knob {name} {value} is not allowed: give {allowed}"),
    ("refusals.knob-number", "a number from {min} to {max}"),
    ("refusals.knob-whole", "a whole number from {min} to {max}"),
    ("refusals.knob-words", "one of {words}"),
    ("refusals.knob-form", "knob {given} is not NAME=VALUE: write it e.g. run-close=0.8"),
    ("refusals.knob-unknown", "unknown knob {name}: the knobs are {names}"),
    ("refusals.knob-twice", "knob {name} is given twice: give it once"),
    ("refusals.knob-other", "{generator} has no knob {name}: its knobs are {list}"),
    ("refusals.knob-none", "{generator} has no knobs ({name} is not one): knobs are for {list}"),
    ("refusals.knob-needs", "knob {name} is read only with {needed}: leave it out, or give {needed}"),
    ("refusals.weight", "weight {value} is not allowed: give a number from 1 to {max}"),
    ("refusals.exit-flood", "exit flood is not for {name}: it keeps no best way back to every cell it reaches to read the goal's path from after a flood; choose one of {others}, or exit goal"),
    ("refusals.diagonal", "diagonal moves are for the square grid without a mask, not a {grid} grid: choose corners never"),
    ("refusals.masked-square", "masked square"),
    ("refusals.goals-many", "{count} goals are too many: give at most {max}"),
    ("refusals.goals-solver", "{name} looks for one goal: several goals are for bfs, dijkstra and a-star"),
    ("refusals.goals-bidirectional", "{name} searches from both ends and meets in the middle, so it takes one goal: several goals are for bfs, dijkstra and a-star"),
    ("refusals.via-many", "{count} waypoints are too many: give at most {max}"),
    ("refusals.via-solver", "{name} does not go by waypoints: waypoints are for bfs, dijkstra, a-star, bidirectional-bfs and bidirectional-a-star"),
    ("refusals.goals-flood", "exit flood reads back the path to one goal, and {count} goals are given: give one goal, or exit goal"),
    ("refusals.via-flood", "exit flood reads back the path of one search, so it goes by no waypoints (given: {count}): leave the waypoints out, or exit goal"),
    ("refusals.goals-wall-exit", "an end in a gap of the outer wall is for a search to one goal, and {count} goals are given: give the ends as cells X,Y, or one goal"),
    ("refusals.via-wall-exit", "an end in a gap of the outer wall is for a search without waypoints (given: {count}): give the ends as cells X,Y, or leave the waypoints out"),
    ("refusals.memory", "not enough memory left for a maze of {cells} cells (it may need about {mb} MB): free() runs that are no longer needed, or choose a smaller size"),
    ("refusals.maze-size", "maze size {width}x{height} is not allowed: width and height must be 1 to {max}"),
    ("refusals.grid-size", "a {shape} grid of {width}x{height} is not allowed: width and height must be 1 to {max}"),
    ("refusals.triangle-column", "a triangle grid 1 cell wide and {height} tall falls apart into pieces: use a width of 2 or more"),
    ("refusals.too-many-rings", "a {shape} grid of {rings} rings has {cells} cells, more than the {max} allowed: use at most {most} rings"),
    ("refusals.mask-fit", "the mask does not fit a {shape} grid of {width}x{height}: it needs {wanted}"),
    ("refusals.mask-rows", "{height} rows of {width} cells"),
    ("refusals.mask-rings", "{height} rows, one per ring, each as long as its ring"),
    ("refusals.mask-all-off", "the mask switches off every cell: leave at least one on"),
    ("refusals.mask-regions", "the mask leaves {regions} separate regions of cells: a maze joins every cell, so join them or switch the smaller ones off"),
    ("refusals.edits-paint", "the edits paint cell {cell}, which the maze does not have (it has {len} cells)"),
    ("refusals.edits-wall", "the edits change side {side} of cell {cell}, which is no wall between two cells of this maze"),
    ("refusals.edits-long", "the edits are {length} characters long: at most {max} are read"),
    ("refusals.edits-symbol", "the edits' terrain has {value} at character {at}: runs are a count and one of . (unchanged), x (blocked), a to i (cost 1 to 9)"),
    ("refusals.edits-count", "the edits' terrain run {run} at character {at} is longer than any maze: a maze has at most {max} cells"),
    ("refusals.edits-run", "the edits' terrain run {run} at character {at} covers {count} cells from cell {cell}, but the maze has {len} cells: {left} are left from there"),
    ("refusals.edits-end", "the edits' terrain ends with a count and no symbol after it"),
    ("refusals.edits-wall-text", "the edits' wall {value} is not a cell in base 36, a side (0 to 7) and o or x"),
    ("refusals.tiles-grid", "tile text draws the plain square grid only, not {grid}: save the SVG worksheet instead"),
    ("refusals.sheet-none", "no worksheet is being written: call sheetBegin first"),
    ("refusals.picture-bytes", "rgba has {length} bytes, but a picture of {width}x{height} pixels takes {wanted} (4 a pixel: red, green, blue, alpha)"),
    ("refusals.svg-size", "a worksheet of {cells} cells is written a piece at a time: use sheetBegin and sheetNext (svg() writes up to {max} cells at once)"),
    ("refusals.refused", "{name} {value} is not allowed: {allowed}"),
    ("allowed.scale", "use a whole number from 1 to 8"),
    ("allowed.rgba", "use a Uint8Array or Uint8ClampedArray of RGBA bytes (a canvas's ImageData.data)"),
    ("allowed.string", "use a string"),
    ("allowed.string-or-none", "use a string, or leave it out"),
    ("allowed.flag", "use true or false"),
    ("allowed.count", "use a whole number 0 or more"),
    ("allowed.count-or-infinity", "use a whole number 0 or more, or Infinity for no limit"),
    ("allowed.limit", "use a whole number 1 or more, or Infinity for no limit"),
    ("allowed.side", "use a number, a whole number from 1 to 4096"),
    ("allowed.share", "use a number from 0 to 1, or leave it out"),
    ("no-path.unreachable", "no path: the goal cannot be reached"),
    ("no-path.gave-up", "no path: gave up ({reason})"),
    ("shapes.square", "square"),
    ("shapes.hex", "hex"),
    ("shapes.triangle", "triangle"),
    ("shapes.polar", "polar"),
    ("shapes.weave", "weave"),
    ("notes.best-meeting", "best meeting so far: {cell} and {other}, a path of {length:cell}"),
];

/// A key made from English words: lower case, each run of other characters one `-`. The
/// page makes the same keys from the same words (www/core-words.js).
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}
