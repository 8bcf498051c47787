// Quiz mode (quiz=1): at a paused step whose next step is one a learner can work out from
// what is on screen, the page asks what that step will do, then shows it.
//
// The true answer comes from a second run of the same settings (the shadow), moved to the
// step on show and stepped once, so nothing on show changes while asking. The kinds:
//   bfs            which cell is dequeued next (the queue's front)               a cell
//   a-star         which cell is expanded next (lowest f, then lowest h); a tie
//                  beyond that counts: any open cell with the same f and h is right  a cell
//   recursive-backtracker  push a new cell or pop (backtrack)                    a choice
//   kruskal        the next wall drawn (random, so the question names it): carve
//                  or keep (plain square grid, where a wall is east or south of a cell) a choice
//   wall followers which way it turns before its next move                      a choice
// Questions are spaced by a few steps worked out from the question's number, so a shared
// quiz link asks the same questions of everyone.

import { t } from './i18n.js';

export const QUESTIONS_DEFAULT = 10;
export const QUESTIONS_MAX = 50;
// A question is looked for at most this many steps ahead.
const SCAN_MAX = 50_000;
const SIDES = ['north', 'east', 'south', 'west'];
const TURNS = ['ahead', 'right', 'back', 'left'];

/** The kind of question the step a run is about to take allows, from the step taken on the shadow. */
export function kindOf(algorithm, event) {
  if (algorithm === 'bfs' && event === 'expand') return 'bfs';
  if (algorithm === 'a-star' && event === 'expand') return 'astar';
  if (algorithm === 'recursive-backtracker' && (event === 'push' || event === 'pop')) return 'backtracker';
  if (algorithm === 'kruskal' && (event === 'merge-sets' || event === 'keep-wall')) return 'kruskal';
  if ((algorithm === 'wall-follower-left' || algorithm === 'wall-follower-right') && event === 'move') return 'follower';
  return null;
}

/** The algorithms the quiz asks about. */
export const QUIZ_ALGORITHMS = ['bfs', 'a-star', 'recursive-backtracker', 'kruskal', 'wall-follower-left', 'wall-follower-right'];

/** "(3, 4) f=12 g=5 h=7" -> { x, y, f, h }; null for other text. */
export function parseOpenItem(text) {
  const m = /^\((\d+), (\d+)\) f=([0-9.]+) g=[0-9.]+ h=([0-9.]+)/.exec(text);
  return m ? { x: Number(m[1]), y: Number(m[2]), f: Number(m[3]), h: Number(m[4]) } : null;
}

/** Gap before question `k` (0-based): 1 to 5 steps, the same for everyone. */
export const gapBefore = (k) => (k === 0 ? 0 : 1 + ((k * 7) % 5));

export class QuizPanel {
  /**
   * @param {Document} doc
   * @param {HTMLElement} box  where the panel goes
   * @param {object} on  { run() (the run on show), settings(), createRun(settings), seek(step, done),
   *   step() (one step on show), reset(), changed(), message(text) }
   */
  constructor(doc, box, on) {
    this.doc = doc;
    this.on = on;
    this.active = false;
    this.total = QUESTIONS_DEFAULT;
    this.shadow = null;
    this.shadowKey = '';
    this.question = null; // { kind, step, truth, accept: Set, choices, narration, place }
    this.answered = null; // { right, answer }
    this.resetScore();
    const make = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
    this.el = {
      panel: make('section', { className: 'lesson-panel quiz-panel', hidden: true }),
      heading: make('h2', { id: 'quiz-heading' }),
      score: make('p', { className: 'quiz-score', id: 'quiz-score' }),
      ask: make('p', { className: 'quiz-ask', id: 'quiz-ask' }),
      choices: make('div', { className: 'buttons quiz-choices', id: 'quiz-choices' }),
      verdict: make('p', { className: 'quiz-verdict', id: 'quiz-verdict' }),
      reason: make('p', { className: 'quiz-reason', id: 'quiz-reason' }),
      next: make('button', { type: 'button', id: 'quiz-next', className: 'primary' }),
      close: make('button', { type: 'button', id: 'quiz-close' }),
    };
    const el = this.el;
    el.panel.setAttribute('aria-labelledby', 'quiz-heading');
    el.verdict.setAttribute('aria-live', 'polite');
    el.choices.setAttribute('role', 'group');
    el.choices.setAttribute('aria-labelledby', 'quiz-ask');
    const bottom = make('div', { className: 'buttons' });
    bottom.append(el.next, el.close);
    el.panel.append(el.heading, el.score, el.ask, el.choices, el.verdict, el.reason, bottom);
    box.append(el.panel);
    el.next.addEventListener('click', () => (this.finished() ? this.restart() : this.nextQuestion()));
    el.close.addEventListener('click', () => this.close());
  }

  resetScore() {
    this.asked = 0;
    this.score = 0;
    this.streak = 0;
    this.best = 0;
  }

  finished() {
    return this.asked >= this.total && this.answered !== null;
  }

  /** Starts a quiz of `questions` questions on the run on show, from its first step. */
  open(questions = this.total) {
    this.active = true;
    this.total = questions;
    this.resetScore();
    this.question = null;
    this.answered = null;
    this.el.panel.hidden = false;
    this.on.changed();
    this.nextQuestion(0);
  }

  close() {
    if (!this.active) return;
    this.active = false;
    this.question = null;
    this.el.panel.hidden = true;
    this.dropShadow();
    this.on.changed();
  }

  restart() {
    this.resetScore();
    this.nextQuestion(0);
  }

  dropShadow() {
    if (this.shadow) this.shadow.free();
    this.shadow = null;
    this.shadowKey = '';
  }

  /** The shadow run for the settings on show (made again when they change). */
  shadowRun() {
    const key = JSON.stringify(this.on.settings());
    if (this.shadow && key === this.shadowKey) return this.shadow;
    this.dropShadow();
    this.shadow = this.on.createRun(this.on.settings());
    this.shadowKey = key;
    return this.shadow;
  }

  /** Whether a click on the maze answers the question now. */
  takesCell() {
    return this.active && this.question !== null && this.answered === null && this.question.choices === null;
  }

  /** A new run on show: the question asked about the old one goes. */
  newRun() {
    if (!this.active) return;
    this.question = null;
    this.answered = null;
    this.dropShadow();
    this.show();
  }

  /**
   * Finds the next step to ask about, from `from` (the step on show) plus a gap, moves the run
   * on show there and asks. Says so when the run has no more questions.
   */
  nextQuestion(from = null) {
    if (!this.active) return;
    const run = this.on.run();
    if (!run) return;
    this.answered = null;
    this.question = null;
    let found;
    try {
      found = this.find(from ?? run.steps());
    } catch (err) {
      this.on.message(t('quiz.error', { message: err instanceof Error ? err.message : String(err) }));
      found = null;
    }
    if (!found) {
      this.show(from === 0 ? 'none' : 'noMore');
      return;
    }
    this.asked++;
    this.question = found;
    this.show();
    this.on.seek(found.step, () => this.show());
  }

  /** Scans the shadow forward for an askable step; returns the question or null. */
  find(from) {
    const shadow = this.shadowRun();
    let at = from + gapBefore(this.asked);
    shadow.seek(at);
    if (shadow.steps() < at) return null;
    const square = this.on.settings().shape === 'square' && !this.on.settings().mask;
    for (let n = 0; n < SCAN_MAX && shadow.phase() !== 'done'; n++) {
      const before = {
        heading: shadow.heading(),
        open: shadow.algorithm() === 'a-star' ? openSet(shadow) : null,
        cells: shadow.algorithm() === 'kruskal' ? this.cells(shadow) : null,
      };
      if (shadow.advance(1) === 0) break;
      const kind = kindOf(shadow.algorithm(), shadow.lastEvent());
      const question = kind && this.make(kind, shadow, before, square);
      if (question) return { ...question, step: at, kind, narration: shadow.narration() };
      at++;
    }
    return null;
  }

  cells(run) {
    return this.on.cells(run).slice();
  }

  /** The question for a step just taken on the shadow, or null where it cannot be asked fairly. */
  make(kind, shadow, before, square) {
    const w = shadow.width;
    const place = (c) => `(${c % w}, ${Math.floor(c / w)})`;
    if (kind === 'bfs' || kind === 'astar') {
      const truth = shadow.current();
      if (truth < 0) return null;
      const accept = new Set([truth]);
      if (kind === 'astar' && before.open) {
        const best = before.open.find((e) => e.y * w + e.x === truth);
        // Ties in f and h: any of them is as right as the one the heap gives.
        if (best) for (const e of before.open) if (e.f === best.f && e.h === best.h) accept.add(e.y * w + e.x);
      }
      return { truth, accept, choices: null, answer: place(truth) };
    }
    if (kind === 'backtracker') {
      const truth = shadow.lastEvent();
      return { truth, accept: new Set([truth]), choices: ['push', 'pop'] };
    }
    if (kind === 'kruskal') {
      if (!square) return null;
      const cell = shadow.current();
      const side = kruskalSide(shadow, cell, before.cells, this.on.cells(shadow), this.on.groups(shadow));
      if (cell < 0 || side === null) return null;
      const truth = shadow.lastEvent() === 'merge-sets' ? 'carve' : 'keep';
      return { truth, accept: new Set([truth]), choices: ['carve', 'keep'], wall: { side: SIDES[side], cell: place(cell) } };
    }
    if (kind === 'follower') {
      const after = shadow.heading();
      if (before.heading < 0 || after < 0) return null;
      const truth = TURNS[(after - before.heading + 4) % 4];
      return { truth, accept: new Set([truth]), choices: ['left', 'ahead', 'right', 'back'] };
    }
    return null;
  }

  /** The learner's answer: a cell index or a choice. */
  answer(given) {
    const q = this.question;
    if (!this.active || !q || this.answered !== null) return;
    const right = q.accept.has(given);
    this.answered = { right, given };
    if (right) {
      this.score++;
      this.streak++;
      this.best = Math.max(this.best, this.streak);
    } else {
      this.streak = 0;
    }
    this.show();
    // Then the step itself, so the learner sees what happened.
    this.on.step();
    this.el.next.focus();
  }

  /** The panel as things are now; `empty` says why there is no question. */
  show(empty = null) {
    const el = this.el;
    const q = this.question;
    setText(el.heading, t('quiz.heading', { k: Math.min(this.asked, this.total) || 1, n: this.total }));
    setText(el.score, t('quiz.score', { score: this.score, asked: this.answered ? this.asked : Math.max(0, this.asked - (q ? 1 : 0)), streak: this.streak }));
    let ask = '';
    if (empty) ask = t(`quiz.${empty}`);
    else if (q) ask = q.wall ? t('quiz.ask.kruskal', { side: t(`quiz.side.${q.wall.side}`), cell: q.wall.cell }) : t(`quiz.ask.${q.kind}`);
    setText(el.ask, ask);
    el.choices.replaceChildren();
    if (q && q.choices) {
      q.choices.forEach((choice, i) => {
        const button = this.doc.createElement('button');
        button.type = 'button';
        button.textContent = t(`quiz.choice.${choice}`);
        button.dataset.choice = choice;
        button.setAttribute('aria-keyshortcuts', String(i + 1));
        button.disabled = this.answered !== null;
        button.addEventListener('click', () => this.answer(choice));
        el.choices.append(button);
      });
    }
    el.choices.hidden = !(q && q.choices);
    let verdict = '', reason = '';
    if (q && this.answered) {
      const answer = q.choices ? t(`quiz.choice.${q.truth}`) : q.answer;
      verdict = this.answered.right ? t('quiz.right') : t('quiz.wrong', { answer });
      reason = t('quiz.because', { narration: q.narration });
    }
    setText(el.verdict, verdict);
    el.verdict.className = `quiz-verdict${this.answered ? (this.answered.right ? ' is-right' : ' is-wrong') : ''}`;
    setText(el.reason, reason);
    const done = this.finished();
    if (done) setText(el.reason, `${reason} ${t('quiz.summary', { score: this.score, n: this.total, best: this.best })}`.trim());
    setText(el.next, done ? t('quiz.again') : t('quiz.next'));
    el.next.disabled = !done && (this.answered === null && q !== null || empty === 'none' || empty === 'noMore');
    setText(el.close, t('quiz.close'));
  }

  /** The quiz's part of the address. */
  params() {
    return this.active ? [['quiz', '1'], ['questions', String(this.total)]] : [];
  }

  /** Number keys choose a choice; Enter on the maze answers with the cell cursor. */
  key(event, cursorCell) {
    if (!this.active || !this.question || this.answered !== null) return false;
    const q = this.question;
    if (q.choices && /^[1-9]$/.test(event.key)) {
      const choice = q.choices[Number(event.key) - 1];
      if (!choice) return false;
      this.answer(choice);
      return true;
    }
    if (!q.choices && event.key === 'Enter' && cursorCell >= 0) {
      this.answer(cursorCell);
      return true;
    }
    return false;
  }
}

/** A* 's open set as { x, y, f, h } entries (all of them: quiz mazes are small). */
function openSet(run) {
  for (const s of run.structures(100_000)) {
    const items = s.items.map(parseOpenItem);
    if (items.length > 0 && items.every(Boolean)) return items;
  }
  return [];
}

/**
 * Which side of `cell` Kruskal's last wall was (square grid: east 1 or south 2): a carved
 * wall shows in the passage bits; a kept one lies between two cells of one set, and when
 * both neighbours are in that set the narration names it. null when it cannot be told.
 */
function kruskalSide(run, cell, before, after, groups) {
  if (cell < 0 || !before) return null;
  const opened = after[cell] & ~before[cell];
  if (opened & 2) return 1;
  if (opened & 4) return 2;
  const w = run.width;
  const x = cell % w;
  const same = [];
  if (x + 1 < w && groups[cell + 1] === groups[cell]) same.push(1);
  if (cell + w < run.cellCount && groups[cell + w] === groups[cell]) same.push(2);
  if (same.length === 1) return same[0];
  const said = /wall (east|south) of cell/.exec(run.narration());
  return said ? SIDES.indexOf(said[1]) : null;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
