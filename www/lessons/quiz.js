// Quiz mode (quiz=1): at a paused step whose next step is one a learner can work out from
// what is on screen, the page asks what that step will do, then shows it.
//
// The true answer comes from the run on show itself: it steps on one step at a time, a slice
// per frame (with progress, and Cancel, on a big maze), and at the first step it can ask about
// it reads what that step did and takes it back (Back is exact), so the question is asked
// at the step before it, with everything on screen as it was. No second run is made: at
// 4096 × 4096 that alone was a third of a second and hundreds of megabytes. The kinds:
//   bfs            which cell is dequeued next (the queue's front)               a cell
//   a-star         which cell is expanded next (lowest f, then lowest h); a tie
//                  beyond that counts: any open cell with the same f and h is right  a cell
//   recursive-backtracker  push a new cell or pop (backtrack)                    a choice
//   kruskal        the next wall drawn (random, so the question names it): carve
//                  or keep (plain square grid, where a wall is east or south of a cell) a choice
//   wall followers which way it turns before its next move                      a choice
// Where the questions are: on a maze of at most SURVEY_CELLS cells a copy of the run is stepped
// through first (its first SURVEY_MAX steps, a slice per frame) and every step a question could
// ask about is noted with its answer; planQuestions then spreads the questions over the whole
// run and all its kinds (generation's and the solver's, in turn), each kind's evenly, and keeps
// the answers fair: no choice is the answer of more than about 60 % of its kind's questions (at
// most half of them, rounded up), and no answer comes three times in a row. On a bigger maze no
// copy is made: the run on show looks forward from each question, a few steps on, and skips a
// step whose answer would break the same rule (fair). The same for everyone: a shared quiz link
// asks the same questions.

import { t } from '../words/i18n.js';
import { say } from '../words/core-words.js';

export const QUESTIONS_DEFAULT = 10;
export const QUESTIONS_MAX = 50;
// A question is looked for at most this many steps ahead.
const SCAN_MAX = 50_000;
// Mazes up to this many cells are surveyed on a copy (it is a second maze in memory), for at
// most this many steps.
export const SURVEY_CELLS = 40_000;
export const SURVEY_MAX = 200_000;
// Looking forward on a big maze, an unfair step is skipped for at most this many steps.
const FAIR_PATIENCE = 2_000;
const SIDES = ['north', 'east', 'south', 'west'];
const TURNS = ['ahead', 'right', 'back', 'left'];

/** The kind of question a step allows, from the algorithm that took it and its event. */
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

/** The most questions of one kind that may share an answer, out of `n`: half, rounded up. */
const fairShare = (n) => Math.ceil(n / 2);

/**
 * Chooses `n` questions from `candidates` ([{ step, kind, truth }] in step order: `step` the
 * step before the one asked about, `truth` the answer of a choice question, null for a cell
 * one): the kinds in turn (each as many as it has, to `n` in all), each kind's spread over its
 * candidates, a choice kind's answers fair (planKind: at most half of its questions, rounded up,
 * each, never three alike in a row). Returns the chosen ones in step order.
 */
export function planQuestions(candidates, n) {
  const byKind = new Map();
  for (const c of candidates) {
    if (!byKind.has(c.kind)) byKind.set(c.kind, []);
    byKind.get(c.kind).push(c);
  }
  const want = new Map([...byKind.keys()].map((kind) => [kind, 0]));
  for (let left = n, more = true; left > 0 && more;) {
    more = false;
    for (const [kind, list] of byKind) {
      if (left > 0 && want.get(kind) < list.length) {
        want.set(kind, want.get(kind) + 1);
        left--;
        more = true;
      }
    }
  }
  const chosen = [];
  for (const [kind, list] of byKind) chosen.push(...planKind(list, want.get(kind)));
  return chosen.sort((a, b) => a.step - b.step);
}

// Ways tried to make one kind's answers fair before it settles for an even spread.
const PLAN_TRIES = 20_000;

/**
 * `q` questions of one kind from its candidates `list` (in step order). Cell questions: evenly
 * spread. Choice questions: each question near its even place, with the answer found there
 * where that is fair, else another (a depth-first search over the answers, each answer's
 * nearest candidate found by binary search); an even spread where no fair choice exists (a
 * kind with one answer only).
 */
function planKind(list, q) {
  const even = () => Array.from({ length: q }, (_, j) => list[Math.floor(((j + 0.5) * list.length) / q)]);
  if (q === 0) return [];
  if (list[0].truth === null) return even();
  const places = new Map(); // answer -> indices into list, ascending
  list.forEach((c, i) => (places.get(c.truth) ?? places.set(c.truth, []).get(c.truth)).push(i));
  const answers = [...places.keys()];
  // The index of `truth`'s candidate nearest `ideal` after `prev`: forward first, else back.
  const nearest = (truth, ideal, prev) => {
    const at = places.get(truth);
    const from = Math.max(ideal, prev + 1);
    let lo = 0, hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    if (lo < at.length) return at[lo];
    return lo > 0 && at[lo - 1] > prev ? at[lo - 1] : -1;
  };
  const limit = fairShare(q);
  const counts = new Map();
  const picks = [];
  let tries = PLAN_TRIES;
  const go = (j, prev) => {
    if (j === q) return true;
    if (--tries < 0) return false;
    const ideal = Math.floor(((j + 0.5) * list.length) / q);
    const here = list[Math.min(Math.max(ideal, prev + 1), list.length - 1)].truth;
    for (const truth of [here, ...answers.filter((a) => a !== here)]) {
      if ((counts.get(truth) ?? 0) >= limit) continue;
      if (picks.length >= 2 && picks.at(-1).truth === truth && picks.at(-2).truth === truth) continue;
      const i = nearest(truth, ideal, prev);
      if (i < 0) continue;
      picks.push(list[i]);
      counts.set(truth, (counts.get(truth) ?? 0) + 1);
      if (go(j + 1, i)) return true;
      picks.pop();
      counts.set(truth, counts.get(truth) - 1);
    }
    return false;
  };
  return go(0, -1) ? picks : even();
}

/**
 * Notes, step by step, what a run could be asked about: `note(run, headingBefore)` after each
 * step of a copy of the run. `candidates` as planQuestions takes them.
 */
export class QuestionSurvey {
  constructor(square) {
    this.square = square;
    this.candidates = [];
  }

  note(run, heading) {
    const kind = kindOf(run.algorithm(), run.lastEvent());
    if (!kind || (kind === 'kruskal' && (!this.square || run.current() < 0))) return;
    const event = run.lastEvent();
    let truth = null;
    if (kind === 'backtracker') truth = event;
    else if (kind === 'kruskal') truth = event === 'merge-sets' ? 'carve' : 'keep';
    else if (kind === 'follower') {
      const turned = run.heading();
      if (heading < 0 || turned < 0) return;
      truth = TURNS[(turned - heading + 4) % 4];
    } else if (run.current() < 0) return;
    this.candidates.push({ step: run.steps() - 1, kind, truth });
  }
}

export class QuizPanel {
  /**
   * @param {Document} doc
   * @param {HTMLElement} box  where the panel goes
   * @param {object} on  { runs() (the runs on show: the main one first, then a race
   *   partner), settings(), cells(run), groups(run), work(job) (long work a slice per frame:
   *   the controller's startJob, with `cancelled()` called if it is stopped), step() (one step
   *   on show), changed(), message(text), copy() (a new run of the settings on show, for the
   *   survey; the quiz frees it) }
   */
  constructor(doc, box, on) {
    this.doc = doc;
    this.on = on;
    this.active = false;
    this.total = QUESTIONS_DEFAULT;
    this.looking = false; // a question is being looked for (a job under way)
    this.search = null; // that search: { target, scanned, seeking, found }
    this.stopped = null; // a search that was stopped: { from, opening }, for Next to go on
    this.empty = null; // why there is no question: 'none', 'noMore' or 'stopped'
    this.question = null; // { kind, step, truth, accept: Set, choices, narration, said, place }
    this.answered = null; // { right, answer }
    this.plan = null; // { from, list }: the questions chosen for the run on show (planQuestions)
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
    el.next.addEventListener('click', () => {
      if (this.finished()) this.restart();
      else if (this.stopped) this.nextQuestion(this.stopped.from, this.stopped.opening);
      else this.nextQuestion();
    });
    el.close.addEventListener('click', () => this.close());
  }

  resetScore() {
    this.answers = []; // { kind, truth } of the questions asked, in order (for fair)
    this.asked = 0;
    this.score = 0;
    this.streak = 0;
    this.best = 0;
  }

  finished() {
    return this.asked >= this.total && this.answered !== null;
  }

  /**
   * Starts a quiz of `questions` questions on the run on show, asking from step `from` (a
   * link's `step=`; 0 from the Lessons card). `opening` ({ name, step }) is the link's step:
   * one past the run's end is said to be so, and the quiz has no questions left there.
   */
  open(questions = this.total, from = 0, opening = null) {
    this.active = true;
    if (questions !== this.total) this.plan = null;
    this.total = questions;
    this.resetScore();
    this.question = null;
    this.answered = null;
    this.el.panel.hidden = false;
    this.on.changed();
    this.nextQuestion(from, opening);
  }

  close() {
    if (!this.active) return;
    this.active = false;
    this.question = null;
    this.stopLooking();
    this.el.panel.hidden = true;
    this.on.changed();
  }

  restart() {
    this.resetScore();
    this.nextQuestion(0);
  }

  /** Whether a click on the maze answers the question now. */
  takesCell() {
    return this.active && this.question !== null && this.answered === null && this.question.choices === null;
  }

  /** A new run on show: the question asked about the old one goes. */
  newRun() {
    this.plan = null;
    if (!this.active) return;
    this.question = null;
    this.answered = null;
    this.stopLooking();
    this.show();
  }

  stopLooking() {
    this.looking = false;
    this.stopped = null;
    this.search = null;
  }

  /**
   * Looks for the next step to ask about, from `from` (the step on show) plus a gap: the run
   * on show goes there and steps on until a step it can ask about, a slice per frame; then
   * it asks. Says so when the run has no more questions.
   */
  nextQuestion(from = null, opening = null) {
    if (!this.active) return;
    const [run] = this.on.runs();
    if (!run) return;
    this.answered = null;
    this.question = null;
    this.stopped = null;
    this.empty = null;
    const start = from ?? run.steps();
    // The plan, made once per run and starting step (a survey on a copy, first: see lookFor).
    if (this.plan && from !== null && this.plan.from !== start) this.plan = null;
    const small = run.cellCount <= SURVEY_CELLS && typeof this.on.copy === 'function';
    if (this.asked === 0 && from !== null && !small) this.plan = null;
    const planned = this.plan?.list[this.asked];
    const search = {
      target: planned ? Math.max(planned.step, from ?? 0) : start + gapBefore(this.asked), scanned: 0, seeking: true, found: null,
      survey: small && !this.plan ? { from: start, copy: null, notes: new QuestionSurvey(false) } : null,
      skipped: 0,
    };
    this.search = search;
    this.looking = true;
    this.show();
    const square = this.on.settings().shape === 'square' && !this.on.settings().mask;
    if (search.survey) search.survey.notes.square = square;
    const end = (empty) => {
      search.survey?.copy?.free();
      if (this.search !== search) return;
      this.looking = false;
      this.search = null;
      if (opening && search.reachedEnd && run.steps() < opening.step) {
        this.on.message(t('page.urlPastEnd', { name: opening.name, step: String(opening.step), reached: run.steps() }));
      }
      if (!search.found) {
        this.show(empty ?? (start === 0 ? 'none' : 'noMore'));
        return;
      }
      this.asked++;
      this.question = search.found;
      this.answers.push({ kind: search.found.kind, truth: search.found.choices ? search.found.truth : null });
      this.show();
    };
    this.on.work({
      kind: 'quiz',
      label: t('quiz.looking'),
      slice: (n) => {
        if (this.search !== search) return true;
        try {
          return this.lookFor(search, n, square);
        } catch (err) {
          this.on.message(t('quiz.error', { message: err instanceof Error ? err.message : String(err) }));
          search.found = null;
          return true;
        }
      },
      progress: () => (search.seeking ? null : search.scanned / SCAN_MAX),
      finished: () => end(null),
      cancelled: () => {
        search.survey?.copy?.free();
        if (search.survey) search.survey.copy = null;
        if (this.search !== search) return;
        this.looking = false;
        this.search = null;
        this.stopped = { from: start, opening };
        this.show('stopped');
      },
    });
  }

  /**
   * At most `n` steps of the search: first to the target step, then one step at a time until
   * one can be asked about (taken back again), the run ends, or SCAN_MAX steps were looked at.
   * Returns whether the search is over (`search.found` holds the question, or null).
   */
  lookFor(search, n, square) {
    const runs = this.on.runs();
    const [run] = runs;
    if (search.survey) {
      this.survey(search, n);
      return false;
    }
    if (search.seeking) {
      for (const r of runs) r.seek(search.target, n);
      if (run.steps() < search.target && run.phase() !== 'done') return false;
      search.seeking = false;
      search.reachedEnd = run.phase() === 'done';
      return run.phase() === 'done' || search.nothing === true;
    }
    for (let k = 0; k < n; k++) {
      if (search.scanned >= SCAN_MAX || run.phase() === 'done') return true;
      const heading = run.heading();
      // The race partner keeps step with the run on show, as long as it has steps left.
      const moving = runs.filter((r, i) => i === 0 || r.phase() !== 'done');
      if (run.advance(1) === 0) return true;
      for (const r of moving.slice(1)) r.advance(1);
      search.scanned++;
      const kind = kindOf(run.algorithm(), run.lastEvent());
      if (!kind) continue;
      const question = this.ask(kind, moving, heading, square);
      if (question && !this.plan && !this.fair(question) && search.skipped < FAIR_PATIENCE) {
        // Unfair here: the step is taken again, and the search goes on.
        search.skipped++;
        for (const r of moving) r.advance(1);
        continue;
      }
      if (question) {
        search.found = question;
        return true;
      }
    }
    return false;
  }

  /**
   * At most `n` steps of the survey: a copy of the run from the search's start to its end (or
   * SURVEY_MAX steps), noting what could be asked; then the plan, and the search goes to its
   * first question. Returns whether the survey is over.
   */
  survey(search, n) {
    const survey = search.survey;
    survey.copy ??= this.on.copy();
    const copy = survey.copy;
    if (copy.steps() < survey.from && copy.phase() !== 'done') {
      copy.seek(survey.from, n);
      return false;
    }
    for (let k = 0; k < n; k++) {
      if (copy.phase() === 'done' || copy.steps() - survey.from >= SURVEY_MAX) {
        this.plan = { from: survey.from, list: planQuestions(survey.notes.candidates, this.total) };
        copy.free();
        search.survey = null;
        const planned = this.plan.list[this.asked];
        // Nothing to ask: the run still goes where it was asked to (a link's step), and the
        // search ends there with no question.
        search.nothing = !planned;
        search.target = planned ? planned.step : survey.from;
        return true;
      }
      const heading = copy.heading();
      if (copy.advance(1) === 0) continue;
      survey.notes.note(copy, heading);
    }
    return false;
  }

  /**
   * Whether asking this question keeps the answers fair (a big maze, with no plan): a choice
   * kind's answer not in more than half (rounded up) of its questions so far, and not a third
   * time in a row.
   */
  fair(question) {
    if (!question.choices) return true;
    const same = this.answers.filter((a) => a.kind === question.kind);
    const alike = same.filter((a) => a.truth === question.truth).length;
    const [a, b] = this.answers.slice(-2);
    return alike + 1 <= fairShare(same.length + 1) && !(a?.truth === question.truth && b?.truth === question.truth);
  }

  /**
   * The question for the step the run on show (the first of `runs`, those that took it) has
   * just taken, read from what it did; the step is taken back, so the question is asked where
   * the run was. Null (the step stays taken) where it cannot be asked fairly.
   */
  ask(kind, runs, heading, square) {
    const [run] = runs;
    const w = run.width;
    const place = (c) => `(${c % w}, ${Math.floor(c / w)})`;
    const narration = run.narration();
    // The same sentence as data, said in the page's language when the feedback is shown.
    let said = null;
    try {
      said = typeof run.narrationData === 'function' ? run.narrationData() : null;
    } catch {
      said = null;
    }
    const event = run.lastEvent();
    const cell = run.current();
    let question = null;
    let before = null; // what the question needs from the state before the step
    if (kind === 'bfs' || kind === 'astar') {
      if (cell < 0) return null;
      question = { truth: cell, accept: new Set([cell]), choices: null, answer: place(cell) };
      if (kind === 'astar') before = () => {
        const open = openSet(run);
        const best = open.find((e) => e.y * w + e.x === cell);
        // Ties in f and h: any of them is as right as the one the heap gives.
        if (best) for (const e of open) if (e.f === best.f && e.h === best.h) question.accept.add(e.y * w + e.x);
      };
    } else if (kind === 'backtracker') {
      question = { truth: event, accept: new Set([event]), choices: ['push', 'pop'] };
    } else if (kind === 'kruskal') {
      if (!square || cell < 0) return null;
      const after = this.on.cells(run)[cell];
      const groups = this.on.groups(run);
      const same = [];
      if (cell % w + 1 < w && groups[cell + 1] === groups[cell]) same.push(1);
      if (cell + w < run.cellCount && groups[cell + w] === groups[cell]) same.push(2);
      const truth = event === 'merge-sets' ? 'carve' : 'keep';
      question = { truth, accept: new Set([truth]), choices: ['carve', 'keep'] };
      before = () => {
        const side = kruskalSide(after & ~this.on.cells(run)[cell], same, narration);
        if (side === null) return false;
        question.wall = { side: SIDES[side], cell: place(cell) };
        return true;
      };
    } else if (kind === 'follower') {
      const turned = run.heading();
      if (heading < 0 || turned < 0) return null;
      const truth = TURNS[(turned - heading + 4) % 4];
      question = { truth, accept: new Set([truth]), choices: ['left', 'ahead', 'right', 'back'] };
    }
    if (!question) return null;
    // Back to the step before, where the question is asked.
    for (const r of runs) r.back();
    if (before && before() === false) {
      // Not askable after all: the step is taken again and the search goes on.
      for (const r of runs) r.advance(1);
      return null;
    }
    return { ...question, step: run.steps(), kind, narration, said };
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

  /** The panel as things are now; `empty` says why there is no question (kept until the next). */
  show(empty = this.empty) {
    this.empty = empty;
    const el = this.el;
    const q = this.question;
    setText(el.heading, t('quiz.heading', { k: Math.min(this.asked, this.total) || 1, n: this.total }));
    setText(el.score, t('quiz.score', { score: this.score, asked: this.answered ? this.asked : Math.max(0, this.asked - (q ? 1 : 0)), streak: this.streak }));
    let ask = '';
    if (this.looking) ask = t('quiz.looking');
    else if (empty) ask = t(`quiz.${empty}`);
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
      reason = t('quiz.because', { narration: say(q.said) || q.narration });
    }
    setText(el.verdict, verdict);
    el.verdict.className = `quiz-verdict${this.answered ? (this.answered.right ? ' is-right' : ' is-wrong') : ''}`;
    setText(el.reason, reason);
    const done = this.finished();
    if (done) setText(el.reason, `${reason} ${t('quiz.summary', { score: this.score, n: this.total, best: this.best })}`.trim());
    setText(el.next, done ? t('quiz.again') : t('quiz.next'));
    el.next.disabled = !done && (this.looking || this.answered === null && q !== null || empty === 'none' || empty === 'noMore');
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
 * Which side of its cell Kruskal's last wall was (square grid: east 1 or south 2): a carved
 * wall shows in the passage bits it `opened`; a kept one lies between two cells of one set
 * (`same`: the sides whose neighbour is in the cell's set), and when both are the narration
 * names it. null when it cannot be told.
 */
function kruskalSide(opened, same, narration) {
  if (opened & 2) return 1;
  if (opened & 4) return 2;
  if (same.length === 1) return same[0];
  const said = /wall (east|south) of cell/.exec(narration);
  return said ? SIDES.indexOf(said[1]) : null;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
