// Settings shared by the controls, the URL and the controller: defaults, the speed scale and
// the drawing styles. Kept apart so each of those modules can be read (and tested) alone.
// Words for people go through t() (words/i18n.js: the page section of www/i18n/*.json).

import { t } from '../words/i18n.js';

import { say } from '../words/core-words.js';
import { quote } from '../words/quote.js';

export const STYLES = ['block', 'thin'];

export const SPEED_MIN = 1;
export const SPEED_MAX = 10_000_000;

/** Whole run in one frame: the top of the speed scale. */
export const SPEED_WHOLE_RUN = Infinity;

// The speed slider is logarithmic: 1, 2, 3, 5, 7 steps per second in every decade from 1 up
// to 10 million, then "whole run in one frame". Even steps keep the slider position, the text
// and the URL value the same number.
const MANTISSAS = [1, 2, 3, 5, 7];
export const SPEED_STOPS = (() => {
  const stops = [];
  for (let decade = 1; decade < SPEED_MAX; decade *= 10) {
    for (const m of MANTISSAS) stops.push(m * decade);
  }
  stops.push(SPEED_MAX, SPEED_WHOLE_RUN);
  return stops;
})();

/** The slider position closest to a speed (on the log scale). */
export function speedToPosition(speed) {
  if (speed === Infinity) return SPEED_STOPS.length - 1;
  let best = 0;
  for (let i = 0; i < SPEED_STOPS.length - 1; i++) {
    if (Math.abs(Math.log(SPEED_STOPS[i] / speed)) < Math.abs(Math.log(SPEED_STOPS[best] / speed))) best = i;
  }
  return best;
}

export function positionToSpeed(position) {
  const i = Math.min(SPEED_STOPS.length - 1, Math.max(0, Math.round(position)));
  return SPEED_STOPS[i];
}

/** The value written to the URL: a whole number or "max". */
export function formatSpeed(speed) {
  return speed === Infinity ? 'max' : String(speed);
}

/** The value shown to people next to the slider. */
export function describeSpeed(speed) {
  if (speed === Infinity) return t('page.speedWhole');
  return t('page.speedSteps', { speed });
}

/** Defaults for anything the URL does not say. The generator and solver are filled in from
 * the registries at boot (their first entries) unless a preferred name is registered. */
/** Corner rules for diagonal moves (the core's world::Corners names), and what they mean. */
export const CORNERS = {
  never: 'No diagonal moves',
  'no-obstacles': 'Diagonal when both cells beside are free',
  'at-most-one': 'Diagonal past at most one corner',
  always: 'Diagonal between any cells',
};
/** A corner rule or heuristic in the page's language (CORNERS and HEURISTICS keep English). */
export function cornerTitle(name) {
  return t(`page.corner-${name}`);
}
export function heuristicTitle(name) {
  return t(`page.heuristic-${name}`);
}
/** The numbers the page may write on the cells ('' none; www/draw/thinking.js). */
export const NUMBERS = ['', 'g', 'h', 'f'];
/** A numbers choice in the page's language ("Off", "Cost so far (g)", …). */
export function numbersTitle(name) {
  return t(`page.numbers-${name || 'off'}`);
}
/** Heuristics for A* and greedy search (the core's world::Heuristic names). */
export const HEURISTICS = {
  grid: "The grid's own (Manhattan, Chebyshev with diagonals)",
  manhattan: 'Manhattan',
  euclidean: 'Euclidean',
  octile: 'Octile',
  chebyshev: 'Chebyshev',
};
/** When the search stops (the core's world::Exit names): at the goal, or after flooding. */
export const EXITS = ['goal', 'flood'];
/** Where the ends not given go (the core's run::Ends names): see `ends` in DEFAULTS. */
export const ENDS = ['corners', 'hardest', 'random'];
/** An ends preset in the page's language. */
export function endsTitle(name) {
  return t(`page.ends-${name}`);
}

// ---- exits: a start or goal in a gap of the outer wall --------------------------------------
//
// `exit:SIDE` or `exit:SIDE:N` (the core's run::WallExit, src/run/ends.rs): SIDE the outer wall,
// N the column (north, south walls) or row (west, east) from 0, the middle when left out. Read
// here as the core reads it (trimmed, any case); the plain square grid only.

/** The outer walls, in the core's order of sides (0 north, 1 east, 2 south, 3 west). */
export const EXIT_SIDES = ['north', 'east', 'south', 'west'];

/** Whether a start or goal setting is meant as an exit (it starts with `exit:`). */
export function isExit(text) {
  return typeof text === 'string' && text.trim().toLowerCase().startsWith('exit:');
}

/** An exit's text read as { side (0 to 3), at (a number, or null for the middle) }; null when
 * it is not one. */
export function parseExit(text) {
  const match = /^exit:([a-z]+)(?::([0-9]{1,10}))?$/.exec(String(text).trim().toLowerCase().replace(/\s*:\s*/g, ':'));
  if (!match) return null;
  const side = EXIT_SIDES.indexOf(match[1]);
  const at = match[2] === undefined ? null : Number(match[2]);
  if (side < 0 || (at !== null && at > 0xffffffff)) return null;
  return { side, at };
}

/** The places along an exit's wall on a width × height grid (0 to this, less one). */
export function exitPlaces(exit, width, height) {
  return exit.side % 2 === 0 ? width : height;
}

/** The cell inside an exit's gap, as [x, y]; null when its place is past the wall's end. */
export function exitCell(exit, width, height) {
  const along = exitPlaces(exit, width, height);
  const at = exit.at ?? Math.floor((along - 1) / 2);
  if (at >= along) return null;
  return [[at, 0], [width - 1, at], [at, height - 1], [0, at]][exit.side];
}

/** An exit as the address writes it: `exit:west`, `exit:south:5`. */
export function exitText(exit) {
  return `exit:${EXIT_SIDES[exit.side]}${exit.at === null ? '' : `:${exit.at}`}`;
}

/** A*'s weight: f = g + weight · h. */
export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 100;

// ---- the race's lanes ----------------------------------------------------------------------
//
// `race` is 'none' or up to RACE_PARTNERS_MAX lanes beside the main one (so four in all),
// separated by commas; each lane is a solver name, then its own options after colons: a
// heuristic's name and `w` with A*'s weight, e.g. `greedy,a-star:w2,a-star:euclidean:w1.5`.
// A lane that names no heuristic or weight takes the page's (`heuristic=`, `weight=`), so an
// old link's `race=dfs` is the same race it was.

export const RACE_PARTNERS_MAX = 3;

/** Ready-made races: the settings each one sets (the main lane's solver, heuristic and weight too). */
export const RACE_PRESETS = {
  trio: { solver: 'dijkstra', race: 'greedy,a-star', heuristic: 'grid', weight: 1 },
  weights: { solver: 'a-star', race: 'a-star:w2', heuristic: 'grid', weight: 1 },
};

/**
 * Reads a race's text: the lanes as [{ solver, heuristic, weight }] (null where the lane takes
 * the page's), and the text written back (`canonical`). Throws an Error whose message says
 * what is wrong (in the page's language), quoting what was given.
 * @param {string} text
 * @param {string[]} solvers  the solver names the core has
 */
export function parseRace(text, solvers) {
  const given = String(text).trim();
  if (given === '' || given === 'none') return { lanes: [], canonical: 'none' };
  const parts = given.split(',');
  if (parts.length > RACE_PARTNERS_MAX) {
    throw new Error(t('page.raceTooMany', { count: String(parts.length), max: String(RACE_PARTNERS_MAX) }));
  }
  const lanes = parts.map((part, i) => {
    const [name, ...options] = part.trim().split(':');
    const lane = String(i + 2);
    if (!solvers.includes(name)) {
      throw new Error(t('page.raceUnknownSolver', { lane, name: quote(name), list: solvers.join(', ') }));
    }
    let heuristic = null, weight = null;
    for (const option of options) {
      const w = /^w([0-9]{1,3}(\.[0-9]{1,3})?)$/.exec(option);
      if (w && weight === null && Number(w[1]) >= WEIGHT_MIN && Number(w[1]) <= WEIGHT_MAX) weight = Number(w[1]);
      else if (Object.hasOwn(HEURISTICS, option) && heuristic === null) heuristic = option;
      else {
        throw new Error(t('page.raceBadOption', {
          lane, option: quote(option), heuristics: Object.keys(HEURISTICS).join(', '), min: String(WEIGHT_MIN), max: String(WEIGHT_MAX),
        }));
      }
    }
    return { solver: name, heuristic, weight };
  });
  return { lanes, canonical: lanes.map(laneText).join(',') };
}

/** One lane as the address writes it. */
function laneText({ solver, heuristic, weight }) {
  return [solver, heuristic, weight === null ? null : `w${weight}`].filter(Boolean).join(':');
}

/**
 * The lanes beside the main one, each with the settings its run is made with: its solver,
 * and its own heuristic and weight or else the page's. [] when there is no race.
 */
export function raceLanes(settings) {
  const race = settings.race;
  if (!race || race === 'none') return [];
  return race.split(',').map((part) => {
    const [solver, ...options] = part.split(':');
    let heuristic = settings.heuristic ?? 'grid', weight = settings.weight ?? 1;
    for (const option of options) {
      if (/^w[0-9]/.test(option)) weight = Number(option.slice(1));
      else heuristic = option;
    }
    return { solver, heuristic, weight };
  });
}

export const DEFAULTS = {
  generator: '',
  solver: '',
  // Up to three more solvers raced on the same maze beside the first (see parseRace), or 'none'.
  race: 'none',
  width: 24,
  height: 16,
  seed: '',
  speed: 50,
  style: 'block',
  // The page's language when the address asked for one ('' = the browser's); see language.js.
  lang: '',
  autoplay: false,
  braid: 0,
  // Open worlds (obstacles, caves): the percentage of cells blocked, 0 to DENSITY_MAX.
  density: 30,
  // The generator's own knobs as NAME=VALUE text, several joined by commas ('' = its defaults).
  knobs: '',
  // The grid: its shape, and a mask setting (www/run/masks.js: '' none, an outline's name,
  // 'word:SCALE:TEXT' or 'cells:…').
  shape: 'square',
  mask: '',
  // The distance map: '' off, 'start' from the start, or "X,Y" from that cell.
  distances: '',
  // How the search thinks, drawn on the maze: came-from arrows, and the numbers in the cells
  // ('' none, 'g' cost so far, 'h' the search's guess, 'f' their sum).
  arrows: false,
  numbers: '',
  // The learner's edits of the generated maze in the core's text form ('' for none; see
  // www/run/world.js), and how the search may move and guess.
  edits: '',
  corners: 'never',
  heuristic: 'grid',
  weight: 1,
  // When the search stops: 'goal' (early exit) or 'flood' (everything reachable first, for
  // the solvers that can: BFS, Dijkstra, A*).
  exit: 'goal',
  // Start and goal as "X,Y", a gap in the outer wall as "exit:SIDE[:N]" (the plain square
  // grid only), or '' for where `ends` puts them: 'corners' (top-left start, bottom-right
  // goal), 'hardest' (the two ends of a longest path, placed when the search begins) or
  // 'random' (drawn from the seed). A start or goal given wins over the preset.
  start: '',
  goal: '',
  ends: 'corners',
  // More goals (the search stops at the nearest) and waypoints in order, each "X,Y;X,Y", or ''.
  goals: '',
  via: '',
  // Sharing and embedding: the step to open at, the embed layout and its controls, and the
  // bounds a looping animation plays between (to: null = the end of the run).
  step: 0,
  embed: false,
  controls: 'full',
  loop: false,
  from: 0,
  to: null,
};

/** What an embedded page shows besides the canvas. */
export const CONTROL_SETS = ['none', 'minimal', 'full'];

/** Braid: the percentage of dead ends opened after generation, a whole number 0 to 100 on
 * the slider and in the URL (the wasm run takes it as a share, 0 to 1). */
export const BRAID_MAX = 100;
export const BRAID_STEP = 1;

/** The braid in words, for the slider. (The module parses typed or linked braids: parseBraid.) */
export function describeBraid(percent) {
  return percent === 0 ? t('page.braidOff') : t('page.braidShare', { percent });
}

/** Density: the percentage of an open world's cells blocked, a whole number 0 to 90 on the
 * slider and in the URL (the wasm run takes it as a share, 0 to 0.9). */
export const DENSITY_MAX = 90;
export const DENSITY_DEFAULT = 30;

/** The density in words, for the slider. */
export function describeDensity(percent) {
  return t('page.densityShare', { percent });
}

export const PREFERRED_GENERATOR = 'recursive-backtracker';
export const PREFERRED_SOLVER = 'bfs';

/** DEFAULTS with the preferred generator and solver where the module has them, else its first. */
export function moduleDefaults(api) {
  const generators = api.generatorNames();
  const solvers = api.solverNames();
  return {
    ...DEFAULTS,
    generator: generators.includes(PREFERRED_GENERATOR) ? PREFERRED_GENERATOR : generators[0],
    solver: solvers.includes(PREFERRED_SOLVER) ? PREFERRED_SOLVER : (solvers[0] ?? 'none'),
  };
}

/** The grid shapes, in the order the page offers them. */
export const SHAPES = ['square', 'hex', 'triangle', 'polar', 'weave'];

/** A shape in the page's language (SHAPE_TITLES keeps English). */
export function shapeTitle(name) {
  return t(`page.shape-${name}`);
}

/** The shapes in words, for menus and messages. */
export const SHAPE_TITLES = {
  square: 'Squares', hex: 'Hexagons', triangle: 'Triangles', polar: 'Circle (polar)', weave: 'Weave (over and under)',
};

// Where a start or goal falls back to is the module's to say (defaultEnds): set once by
// useModuleEnds before any settings are read. So is the grid a mask setting stands for.
let defaultEnds = null;
let ringStartsOf = null;
let maskTextOf = () => null;
const endsCache = new Map();
/** The last ends found on a masked or shaped grid, by the very mask string. */
let lastEnds = null;

/**
 * Takes the default start and goal from the wasm module (`defaultEnds(width, height, shape,
 * mask)`), polar rings (`ringStarts`), and how a settings object's mask becomes text
 * (`maskText(settings)`, null for none; may throw).
 */
export function useModuleEnds(api, maskText = () => null) {
  defaultEnds = api.defaultEnds;
  ringStartsOf = api.ringStarts ?? null;
  maskTextOf = maskText;
  endsCache.clear();
  lastEnds = null;
}

/** The grid a settings object describes: its shape and mask text (null for none). A mask
 * that cannot be made counts as none here; the run reports it. */
export function gridOf(settings) {
  let mask = null;
  try {
    mask = maskTextOf(settings);
  } catch {
    mask = null;
  }
  const shape = settings.shape ?? 'square';
  // A short name for the grid (its mask text may be megabytes long), for caches.
  const key = mask === null ? null : `${shape}|${settings.width}|${settings.height}|${settings.mask}`;
  return { shape, mask, key };
}

function plain(grid) {
  return !grid || (grid.shape === 'square' && !grid.mask);
}

/** The corner a start ('start') or goal ('goal') falls back to, as [x, y]; on other grids the
 * first and the last cell that is on (polar: the centre and a cell of the rim). */
export function cornerOf(which, width, height, grid = null) {
  let ends;
  if (plain(grid)) {
    ends = Array.from(defaultEnds(width, height));
  } else if (lastEnds && lastEnds.shape === grid.shape && lastEnds.width === width &&
    lastEnds.height === height && lastEnds.mask === grid.mask) {
    // The same mask string as last time (masks.js keeps it): no key of its 16 million
    // characters to build and hash at 4096 × 4096.
    ends = lastEnds.ends;
  } else {
    const key = grid.key ?? `${grid.shape}|${width}|${height}|${grid.mask ?? ''}`;
    ends = endsCache.get(key);
    if (!ends) {
      try {
        ends = Array.from(defaultEnds(width, height, grid.shape, grid.mask));
      } catch {
        ends = [0, 0, 0, 0];
      }
      if (endsCache.size > 32) endsCache.clear();
      endsCache.set(key, ends);
    }
    lastEnds = { shape: grid.shape, width, height, mask: grid.mask, ends };
  }
  const [sx, sy, gx, gy] = ends;
  return which === 'start' ? [sx, sy] : [gx, gy];
}

/** The most cells a maze may have (the core's `topology::MAX_CELLS`, 4096 × 4096). */
export const MAX_CELLS = 4096 * 4096;

/** How many cells the grid of a settings object has, cells a mask switches off included
 * (what edits count through): width × height, or every ring's cells on a polar grid. */
export function cellCount(settings) {
  if (settings.shape === 'polar') {
    if (!ringStartsOf) return MAX_CELLS;
    try {
      const starts = ringStartsOf(settings.height);
      return starts[starts.length - 1];
    } catch {
      return MAX_CELLS;
    }
  }
  return settings.width * settings.height;
}

/**
 * Tells the corners of a masked or shaped grid from a run made at them (`start` and `goal`
 * as [x, y]), so they need not be asked of the module again: there it reads the whole mask.
 */
export function rememberEnds(settings, start, goal) {
  const grid = gridOf(settings);
  if (plain(grid) || settings.start || settings.goal || (settings.ends ?? 'corners') !== 'corners') return;
  const key = grid.key ?? `${grid.shape}|${settings.width}|${settings.height}|${grid.mask ?? ''}`;
  if (endsCache.size > 32) endsCache.clear();
  endsCache.set(key, [...start, ...goal]);
}

/** The most goals a run takes (the core's MAX_GOALS), and waypoints (MAX_WAYPOINTS). */
export const MAX_GOALS = 8;
export const MAX_WAYPOINTS = 8;

/** The cells of a list setting ("X,Y;X,Y": goals, via) as "X,Y" texts, empty pieces left out. */
export function listOf(text) {
  return (text || '').split(';').map((p) => p.trim()).filter((p) => p !== '');
}

/** Every goal for the module: the goal setting ('' for its corner) and the others after it,
 * "X,Y;X,Y"; only the goal setting when there are no others. */
export function goalList(settings) {
  const others = listOf(settings.goals);
  return others.length === 0 ? settings.goal : [settings.goal, ...others].join(';');
}

/** Where the start or goal is, as [x, y]: its "X,Y" setting, an exit's cell, or its corner when ''. */
export function pointOf(settings, which) {
  const text = settings[which];
  if (!text) return cornerOf(which, settings.width, settings.height, gridOf(settings));
  if (isExit(text)) {
    const exit = parseExit(text);
    const cell = exit && exitCell(exit, settings.width, settings.height);
    if (cell) return cell;
    return cornerOf(which, settings.width, settings.height, gridOf(settings));
  }
  const [x, y] = text.split(',').map(Number);
  return [x, y];
}

/** The setting for a start or goal at (x, y): '' when that is its corner, so plain addresses
 * stay short and the corner follows the size. */
export function pointSetting(which, x, y, width, height, grid = null) {
  const [cx, cy] = cornerOf(which, width, height, grid);
  return x === cx && y === cy ? '' : `${x},${y}`;
}

/** Whether a "X,Y" setting ('' is always inside) names a cell of the grid that is on: inside a
 * width x height maze; on polar grids a ring below `height` and a place in it; not masked. */
export function pointInside(text, width, height, grid = null) {
  if (!text) return true;
  if (isExit(text)) {
    const exit = parseExit(text);
    return plain(grid) && exit !== null && exitCell(exit, width, height) !== null;
  }
  const [x, y] = text.split(',').map(Number);
  if (grid?.shape === 'polar') {
    if (y >= height || !ringStartsOf) return false;
    const starts = ringStartsOf(height);
    if (x >= starts[y + 1] - starts[y]) return false;
  } else if (!(x < width && y < height)) {
    return false;
  }
  if (grid?.mask && maskRow(grid.mask, y)[x] === 'X') return false;
  return true;
}

/** Row `y` of mask text ('' past the last), found without splitting the whole text. */
function maskRow(text, y) {
  let at = 0;
  for (let row = 0; row < y; row++) {
    at = text.indexOf('\n', at) + 1;
    if (at === 0) return '';
  }
  const end = text.indexOf('\n', at);
  return text.slice(at, end < 0 ? text.length : end);
}

/**
 * "Start 0,0 · Goal 23,15"; an exit as "a gap in the west wall (0,7)". `placed` ({ start,
 * goal } as [x, y]), when given, are where the run put the ends (a preset's hardest pair is
 * known only once the search begins).
 */
export function describeEnds(settings, placed = null) {
  const said = (which) => {
    const [x, y] = placed?.[which] ?? pointOf(settings, which);
    const exit = isExit(settings[which]) ? parseExit(settings[which]) : null;
    return exit ? t('page.exitAt', { side: t(`page.side-${EXIT_SIDES[exit.side]}`), at: `${x},${y}` }) : `${x},${y}`;
  };
  return t('page.ends', { start: said('start'), goal: said('goal') });
}

/** Which corner a start or goal falls back to, in words (for messages). */
export function describeCorner(which, width, height, grid = null) {
  const [x, y] = cornerOf(which, width, height, grid);
  const at = `${x},${y}`;
  if (plain(grid)) return t(which === 'start' ? 'page.cornerTopLeft' : 'page.cornerBottomRight', { at });
  if (grid.shape === 'polar' && which === 'start' && y === 0) return t('page.cornerCentre');
  return t(which === 'start' ? 'page.cornerFirst' : 'page.cornerLast', { at });
}

/** An error's message for a person: without the module function's name that starts the
 * wasm parsers' messages ("parseSide: width 'abc' is not allowed: …"). */
export function messageOf(err) {
  // A refusal the core also gave as a sentence (`data`): in the page's language.
  const said = err instanceof Error && err.data ? say(err.data) : '';
  if (said) return said;
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/^(parse(Side|Seed|Point|Braid)|presetMask|wordMask|pictureMask|defaultEnds|ringStarts|MazeRun): /, '');
}
