// URL parameters <-> settings. Every parameter is checked on its own: a bad one falls back to
// its default and produces a problem message, so one typo never breaks the whole page.
// Sizes and seeds are checked by the wasm module (src/parse.rs) so the page, the command line
// and the core accept and refuse exactly the same text.

import { MASK_URL_MAX, maskKind, maskText, parseWord, sizeOfText } from './masks.js';
import { EDITS_URL_MAX, Edits } from './world.js';
import { t } from '../words/i18n.js';
import { quote } from '../words/quote.js';
import { langSetting, languageCodes, languageName } from '../words/language.js';
import {
  CORNERS, DENSITY_DEFAULT, EXITS, cellCount, DENSITY_MAX, HEURISTICS, NUMBERS, WEIGHT_MAX, WEIGHT_MIN, CONTROL_SETS, SHAPES, SPEED_MAX, SPEED_MIN, STYLES, describeCorner, formatSpeed, gridOf, messageOf, parseRace, pointInside,
  pointSetting, MAX_GOALS, MAX_WAYPOINTS, goalList, pointOf, ENDS, isExit, parseExit, exitCell, exitPlaces, exitText, EXIT_SIDES,
} from './settings.js';

/** The parameters this page understands, in the order they are written back. */
export const PARAMS = ['generator', 'knobs', 'braid', 'density', 'solver', 'race', 'shape', 'width', 'height', 'mask', 'edits', 'start', 'goal',
  'via', 'ends', 'corners', 'heuristic', 'weight', 'exit', 'seed', 'distances', 'arrows', 'numbers', 'speed', 'style', 'lang', 'autoplay', 'step', 'embed', 'controls', 'loop', 'from', 'to'];
/** The parameters of tours and the quiz, read by www/lessons/lessons.js (loaded when first needed). */
export const LESSON_PARAMS = ['tour', 'tourtext', 'stop', 'quiz', 'questions'];
PARAMS.push(...LESSON_PARAMS);
/** Play mode's parameter, read by www/play/play-mode.js (loaded later). */
export const PLAY_PARAMS = ['play'];
PARAMS.push(...PLAY_PARAMS);

// Steps are counted exactly up to 2^53 in a JS number.
const MAX_STEP = Number.MAX_SAFE_INTEGER;

/**
 * Reads settings from a query string.
 * @param {string} search  location.search
 * @param {object} api     { generatorNames, solverNames, parseSide, parseSeed, parsePoint, parseBraid,
 *                          freshSeed, presetMask, wordMask, ringStarts }
 * @param {object} defaults  settings to fall back to (seed is drawn fresh when absent)
 * @returns {{settings: object, problems: string[], openedBy: 'step' | 'from'}} where openedBy
 *   names the parameter that says which step to open at
 */
export function readSettings(search, api, defaults) {
  const params = new URLSearchParams(search);
  const settings = { ...defaults };
  const problems = [];
  // A parameter given twice: the first counts (URLSearchParams.get), and the page says so.
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    if (all.length > 1 && PARAMS.includes(name)) {
      problems.push(t('page.urlTwice', { name, times: String(all.length), first: quote(all[0]) }));
    }
  }
  // Message text may contain anything from the URL; callers must show it with textContent.
  const refuse = (name, given, allowed, fallback) =>
    problems.push(t('page.urlRefused', { name, given: quote(given), allowed, fallback: String(fallback) }));

  // The page's language was chosen before the wasm loaded (language.js): kept when asked for.
  if (params.has('lang')) {
    const given = params.get('lang');
    settings.lang = langSetting(given);
    if (!settings.lang) refuse('lang', given, t('page.langAllowed', { codes: languageCodes() }), languageName());
  }

  const generators = api.generatorNames();
  if (params.has('generator')) {
    const given = params.get('generator');
    if (generators.includes(given)) settings.generator = given;
    else refuse('generator', given, t('page.useOneOf', { list: generators.join(', ') }), settings.generator);
  }

  // The generator's knobs, checked for the generator just read (the module's own reader).
  if (params.has('knobs') && api.parseKnobs) {
    try {
      settings.knobs = api.parseKnobs(settings.generator, params.get('knobs'));
    } catch (err) {
      problems.push(t('page.urlCore', { message: messageOf(err), fallback: t('page.knobsDefault') }));
    }
  }

  if (params.has('braid')) {
    try {
      settings.braid = api.parseBraid(params.get('braid'));
    } catch (err) {
      problems.push(t('page.urlCore', { message: messageOf(err), fallback: String(settings.braid) }));
    }
  }

  if (params.has('density')) {
    const given = params.get('density');
    const density = /^[0-9]{1,2}$/.test(given.trim()) ? Number(given) : NaN;
    if (density >= 0 && density <= DENSITY_MAX) settings.density = density;
    else refuse('density', given, t('page.usePercent', { max: String(DENSITY_MAX) }), String(settings.density));
  }

  const solvers = api.solverNames();
  if (params.has('solver')) {
    const given = params.get('solver');
    if (given === 'none' || given === '') settings.solver = 'none';
    else if (solvers.includes(given)) settings.solver = given;
    else refuse('solver', given, t('page.useNoneOrOneOf', { list: solvers.join(', ') }), settings.solver);
  }

  if (params.has('race')) {
    const given = params.get('race');
    // One name, as old links have it, or up to three lanes with their own options (parseRace).
    try {
      settings.race = parseRace(given, solvers).canonical;
    } catch (err) {
      const single = !/[,:]/.test(given);
      refuse('race', given, single ? t('page.useNoneOrOneOf', { list: solvers.join(', ') }) : messageOf(err), 'none');
    }
  }

  if (params.has('shape')) {
    const given = params.get('shape');
    if (SHAPES.includes(given)) settings.shape = given;
    else refuse('shape', given, t('page.useOneOf', { list: SHAPES.join(', ') }), settings.shape);
  }

  for (const side of ['width', 'height']) {
    if (!params.has(side)) continue;
    const given = params.get(side);
    try {
      settings[side] = api.parseSide(side, given);
    } catch (err) {
      problems.push(t('page.urlCore', { message: messageOf(err), fallback: String(settings[side]) }));
    }
  }

  // A polar grid's rings: at most as many as stay within the largest number of cells.
  if (settings.shape === 'polar' && api.ringStarts) {
    try {
      api.ringStarts(settings.height);
    } catch (err) {
      problems.push(t('page.urlPolarHeight', { height: String(settings.height), message: messageOf(err).replace(/^rings: /, ''), fallback: String(defaults.height) }));
      settings.height = defaults.height;
    }
  }

  // The mask, checked against the grid just read; a word decides the size.
  if (params.has('mask')) {
    const given = params.get('mask');
    if (given.length > MASK_URL_MAX) {
      problems.push(t('page.urlMaskLong', { length: String(given.length), max: String(MASK_URL_MAX) }));
    } else if (given !== '') {
      try {
        const text = maskText(given, settings.shape, settings.width, settings.height, api);
        if (maskKind(given) === 'word' && parseWord(given)) {
          [settings.width, settings.height] = sizeOfText(text);
        }
        settings.mask = given;
      } catch (err) {
        problems.push(t('page.urlMaskBad', { given: quote(given), message: messageOf(err) }));
      }
    }
  }

  // The edits: their syntax and their size against the grid just read here; whether each
  // edit fits the maze (a cell that is on, a side that is a wall), when the run is made (main.js).
  if (params.has('edits')) {
    const given = params.get('edits');
    if (given.length > EDITS_URL_MAX) {
      problems.push(t('page.urlEditsLong', { length: String(given.length), max: String(EDITS_URL_MAX) }));
    } else if (given !== '') {
      try {
        settings.edits = Edits.parse(given, cellCount(settings)).toText();
      } catch (err) {
        problems.push(t('page.urlEditsBad', { given: quote(given), message: messageOf(err) }));
      }
    }
  }
  if (params.has('corners')) {
    const given = params.get('corners');
    if (!Object.hasOwn(CORNERS, given)) refuse('corners', given, t('page.useOneOf', { list: Object.keys(CORNERS).join(', ') }), settings.corners);
    else if (given !== 'never' && (settings.shape !== 'square' || settings.mask)) {
      refuse('corners', given, t('page.diagonalSquareOnly'), 'never');
    } else settings.corners = given;
  }
  if (params.has('heuristic')) {
    const given = params.get('heuristic');
    if (Object.hasOwn(HEURISTICS, given)) settings.heuristic = given;
    else refuse('heuristic', given, t('page.useOneOf', { list: Object.keys(HEURISTICS).join(', ') }), settings.heuristic);
  }
  if (params.has('weight')) {
    const given = params.get('weight');
    const weight = /^[0-9]{1,3}(\.[0-9]{1,3})?$/.test(given.trim()) ? Number(given) : NaN;
    if (weight >= WEIGHT_MIN && weight <= WEIGHT_MAX) settings.weight = weight;
    else refuse('weight', given, t('page.useWeight', { min: String(WEIGHT_MIN), max: String(WEIGHT_MAX) }), String(settings.weight));
  }

  if (params.has('exit')) {
    const given = params.get('exit');
    if (EXITS.includes(given)) settings.exit = given;
    else refuse('exit', given, t('page.useOneOf', { list: EXITS.join(', ') }), settings.exit);
  }

  // Start and goal: "X,Y" read by the wasm parser, then checked against the grid just read.
  // The goal may name more goals after it, and via the waypoints, as "X,Y;X,Y".
  const grid = gridOf(settings);
  const { width: w, height: h } = settings;
  /** The cell `given` names as [x, y], or null (and the problem said) when it names none. */
  const cellOf = (which, given, fallback) => {
    let point;
    try {
      point = Array.from(api.parsePoint(which, given));
    } catch (err) {
      problems.push(t('page.urlCore', { message: messageOf(err), fallback }));
      return null;
    }
    const [x, y] = point;
    if (pointInside(`${x},${y}`, w, h, grid)) return [x, y];
    if (grid.shape === 'square' && !grid.mask) {
      refuse(which, given, t('page.useInside', { width: String(w), height: String(h), maxX: String(w - 1), maxY: String(h - 1) }), fallback);
    } else {
      refuse(which, given, grid.shape === 'polar'
        ? t('page.useOnRing', { rings: String(h) })
        : t('page.useOnGrid', { width: String(w), height: String(h) }), fallback);
    }
    return null;
  };
  /** The cells of a list ("X,Y;X,Y"), at most `most`, as "X,Y" texts; the rest are refused. */
  const cellsOf = (which, pieces, most, fallback) => {
    const cells = [];
    for (const piece of pieces) {
      if (cells.length === most) {
        refuse(which, piece, t('page.useFewerStops', { max: String(most) }), fallback);
        break;
      }
      const cell = cellOf(which, piece, fallback);
      if (cell && !cells.includes(cell.join(','))) cells.push(cell.join(','));
    }
    return cells.join(';');
  };
  for (const which of ['start', 'goal']) {
    if (!params.has(which)) continue;
    const [given, ...more] = which === 'goal' ? params.get(which).split(';') : [params.get(which)];
    const fallback = describeCorner(which, w, h, grid);
    if (which === 'goal' && more.length > 0) {
      settings.goals = cellsOf(which, more.filter((p) => p.trim() !== ''), MAX_GOALS - 1, t('page.noMoreGoals'));
      // ";5,5": the first goal stays on its corner.
      if (given.trim() === '') continue;
    }
    // A gap in the outer wall ("exit:west", "exit:south:5"): read apart from cells.
    if (isExit(given)) {
      const why = exitRefusal(given, w, h, grid);
      if (why) refuse(which, given, why, fallback);
      else settings[which] = exitText(parseExit(given));
      continue;
    }
    const cell = cellOf(which, given, fallback);
    if (cell) settings[which] = pointSetting(which, cell[0], cell[1], w, h, grid);
  }
  if (params.has('via')) {
    const pieces = params.get('via').split(';').filter((p) => p.trim() !== '');
    settings.via = cellsOf('via', pieces, MAX_WAYPOINTS, t('page.noWaypoints'));
  }
  // An end in a wall gap goes alone, as in the core: more goals and waypoints are left out.
  if (isExit(settings.start) || isExit(settings.goal)) {
    if (settings.goals) refuse('goal', settings.goals, t('page.stopsNotWithExit'), t('page.exitAlone'));
    if (settings.via) refuse('via', settings.via, t('page.stopsNotWithExit'), t('page.exitAlone'));
    settings.goals = '';
    settings.via = '';
  }

  if (params.has('ends')) {
    const given = params.get('ends');
    if (ENDS.includes(given.trim())) settings.ends = given.trim();
    else refuse('ends', given, t('page.useOneOf', { list: ENDS.join(', ') }), settings.ends);
  }

  if (params.has('distances')) {
    const given = params.get('distances');
    if (given === '' || given === 'start') settings.distances = 'start';
    else if (/^[0-9]{1,4},[0-9]{1,4}$/.test(given) && pointInside(given, settings.width, settings.height, grid)) {
      settings.distances = given;
    } else {
      refuse('distances', given, t('page.useDistances'), t('page.noDistanceMap'));
    }
  }

  if (params.has('numbers')) {
    const given = params.get('numbers');
    if (NUMBERS.includes(given) && given !== '') settings.numbers = given;
    else if (given === '' || given === 'off') settings.numbers = '';
    else refuse('numbers', given, t('page.useNumbers'), t('page.numbers-off'));
  }

  let seed = null;
  if (params.has('seed')) {
    const given = params.get('seed');
    try {
      seed = api.parseSeed(given);
    } catch (err) {
      problems.push(t('page.urlCore', { message: messageOf(err), fallback: t('page.freshSeed') }));
    }
  }
  settings.seed = seed ?? api.freshSeed();

  if (params.has('speed')) {
    const given = params.get('speed');
    const speed = parseSpeed(given);
    if (speed === null) {
      refuse('speed', given,
        t('page.useSpeed', { min: String(SPEED_MIN), max: String(SPEED_MAX) }),
        formatSpeed(settings.speed));
    } else settings.speed = speed;
  }

  if (params.has('style')) {
    const given = params.get('style');
    if (STYLES.includes(given)) settings.style = given;
    else refuse('style', given, t('page.useEither', { a: STYLES[0], b: STYLES[1] }), settings.style);
  }

  for (const flag of ['arrows', 'autoplay', 'embed', 'loop']) {
    if (!params.has(flag)) continue;
    const given = params.get(flag);
    const value = parseFlag(given);
    if (value === null) refuse(flag, given, t('page.useEither', { a: '1', b: '0' }), settings[flag] ? '1' : '0');
    else settings[flag] = value;
  }

  // An embedded animation shows the minimal bar unless told otherwise.
  if (settings.embed) settings.controls = 'minimal';
  if (params.has('controls')) {
    const given = params.get('controls');
    if (CONTROL_SETS.includes(given)) settings.controls = given;
    else refuse('controls', given, t('page.useList', { list: CONTROL_SETS.join(', ') }), settings.controls);
  }

  for (const name of ['step', 'from', 'to']) {
    if (!params.has(name)) continue;
    const given = params.get(name);
    const value = parseStep(given);
    if (value === null) {
      refuse(name, given, t('page.useSteps', { max: String(MAX_STEP) }),
        name === 'to' ? t('page.endOfRun') : '0');
    } else settings[name] = value;
  }
  if (settings.to !== null && settings.from > settings.to) {
    problems.push(t('page.urlFromAfterTo', { from: String(settings.from), to: String(settings.to) }));
    settings.from = 0;
    settings.to = null;
  }
  // Opening inside the bounds: a shared step outside them moves to the nearest bound.
  if (params.has('step') && settings.to !== null && settings.step > settings.to) settings.step = settings.to;
  if (params.has('step') && settings.step < settings.from) settings.step = settings.from;
  // Where the page opens, and which parameter said so (for messages).
  const openedBy = !params.has('step') && settings.from > 0 ? 'from' : 'step';
  if (openedBy === 'from') settings.step = settings.from;

  // A race needs a solver to race against.
  if (settings.race !== 'none' && settings.solver === 'none') {
    problems.push(t('page.urlRaceNoSolver', { race: quote(settings.race) }));
    settings.race = 'none';
  }

  for (const name of params.keys()) {
    if (!PARAMS.includes(name)) {
      problems.push(t('page.urlUnknown', { name: quote(name), known: PARAMS.join(', ') }));
    }
  }
  return { settings, problems: [...new Set(problems)], openedBy };
}

/** Why an exit cannot be on this grid, in words for the page's refusal; '' when it can. */
function exitRefusal(given, width, height, grid) {
  const exit = parseExit(given);
  if (!exit) return t('page.useExit');
  if (grid.shape !== 'square' || grid.mask) return t('page.exitSquareOnly');
  if (!exitCell(exit, width, height)) {
    return t('page.useExitPlace', { side: EXIT_SIDES[exit.side], max: String(exitPlaces(exit, width, height) - 1) });
  }
  return '';
}

/** "max" or a whole number of steps per second in range; null for anything else. */
export function parseSpeed(text) {
  const trimmed = String(text).trim().toLowerCase();
  if (trimmed === 'max') return Infinity;
  if (!/^[0-9]{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= SPEED_MIN && n <= SPEED_MAX ? n : null;
}

/** "1"/"true"/"yes"/"" → true, "0"/"false"/"no" → false, anything else null. */
function parseFlag(text) {
  const given = text.trim().toLowerCase();
  if (given === '' || given === '1' || given === 'true' || given === 'yes') return true;
  if (given === '0' || given === 'false' || given === 'no') return false;
  return null;
}

/** A whole number of steps from 0 to 2^53 - 1, or null. */
export function parseStep(text) {
  const trimmed = String(text).trim();
  if (!/^[0-9]{1,16}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= MAX_STEP ? n : null;
}

/**
 * The query string that reproduces these settings exactly, at step `step` (left out at 0).
 * `embed` and `controls` are written only for an embedded page.
 */
export function writeSettings(settings, step = 0) {
  const params = new URLSearchParams();
  params.set('generator', settings.generator);
  // Knobs only when some are set: every older link stays as it was.
  if (settings.knobs) params.set('knobs', settings.knobs);
  // Braid is a percentage; left out when off, so plain addresses stay short.
  if (settings.braid > 0) params.set('braid', String(settings.braid));
  // The density only when it differs from the default (it matters to open worlds only).
  if (settings.density !== undefined && settings.density !== DENSITY_DEFAULT) params.set('density', String(settings.density));
  params.set('solver', settings.solver);
  // The race's lanes only when there are some.
  if (settings.race && settings.race !== 'none') params.set('race', settings.race);
  // The grid only when it is not the plain square one: every older link stays as it was.
  if (settings.shape && settings.shape !== 'square') params.set('shape', settings.shape);
  params.set('width', String(settings.width));
  params.set('height', String(settings.height));
  if (settings.mask && settings.mask.length <= MASK_URL_MAX) params.set('mask', settings.mask);
  // The world only when edited, and the search options only when not their defaults.
  if (settings.edits && settings.edits.length <= EDITS_URL_MAX) params.set('edits', settings.edits);
  if (settings.corners && settings.corners !== 'never') params.set('corners', settings.corners);
  if (settings.heuristic && settings.heuristic !== 'grid') params.set('heuristic', settings.heuristic);
  if (settings.weight && settings.weight !== 1) params.set('weight', String(settings.weight));
  if (settings.exit === 'flood') params.set('exit', 'flood');
  // Start and goal only when moved off their corners.
  if (settings.start) params.set('start', settings.start);
  // With more goals, the first is written even on its corner: the list reads plainly.
  if (settings.goals) params.set('goal', goalList({ ...settings, goal: pointOf(settings, 'goal').join(',') }));
  else if (settings.goal) params.set('goal', settings.goal);
  if (settings.via) params.set('via', settings.via);
  if (settings.ends && settings.ends !== 'corners') params.set('ends', settings.ends);
  params.set('seed', settings.seed);
  if (settings.distances) params.set('distances', settings.distances);
  if (settings.arrows) params.set('arrows', '1');
  if (settings.numbers) params.set('numbers', settings.numbers);
  params.set('speed', formatSpeed(settings.speed));
  params.set('style', settings.style);
  // The language only when one was asked for; else each reader gets their browser's.
  if (settings.lang) params.set('lang', settings.lang);
  if (settings.autoplay) params.set('autoplay', '1');
  if (step > 0) params.set('step', String(step));
  if (settings.embed) {
    params.set('embed', '1');
    params.set('controls', settings.controls);
  }
  if (settings.loop) params.set('loop', '1');
  if (settings.from > 0) params.set('from', String(settings.from));
  if (settings.to !== null && settings.to !== undefined) params.set('to', String(settings.to));
  return '?' + params.toString();
}
