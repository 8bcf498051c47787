// Lessons: the guided tours (www/lessons/tour.js) and the quiz (www/lessons/quiz.js), their card in the
// settings column, and their part of the address (tour=, stop=, tourtext=, quiz=, questions=).
// main.js only gives it hooks into the controller and the renderer.

import { has, language, onLanguageChange, setLanguage, t } from '../words/i18n.js';
import { quote, shown } from '../words/quote.js';
import { PLAIN_MAZE, TourPanel, TOUR_TEXT_MAX, tourNames } from './tour.js';
import { QUESTIONS_DEFAULT, QUESTIONS_MAX, QUIZ_ALGORITHMS, QuizPanel } from './quiz.js';
import { Slicer } from '../run/controller.js';


// The settings that make two runs the same maze and search.
const MAZE_KEYS = ['generator', 'knobs', 'solver', 'braid', 'density', 'shape', 'width', 'height', 'mask', 'edits', 'start', 'goal',
  'seed', 'corners', 'heuristic', 'weight'];

/**
 * Reads the lesson parameters: { tour, tourtext, stop (0-based), quiz, questions, problems }.
 * Bad values are named in `problems`, with what is allowed, and left out.
 */
export function readLessonParams(search) {
  const params = new URLSearchParams(search);
  const out = { tour: null, tourtext: null, stop: 0, quiz: false, questions: QUESTIONS_DEFAULT, problems: [] };
  const names = tourNames();
  if (params.has('tour')) {
    const given = params.get('tour');
    if (names.includes(given)) out.tour = given;
    else out.problems.push(t('tour.badName', { given: quote(given), names: names.join(', ') }));
  }
  if (params.has('tourtext')) {
    const given = params.get('tourtext');
    if (given.length > TOUR_TEXT_MAX) out.problems.push(t('tour.errTooLong', { length: given.length, max: TOUR_TEXT_MAX }));
    else if (out.tour) out.problems.push(t('tour.both'));
    else out.tourtext = given;
  }
  if (params.has('stop')) {
    const given = params.get('stop');
    if (/^[0-9]{1,3}$/.test(given.trim()) && Number(given) >= 1) out.stop = Number(given) - 1;
    else out.problems.push(t('tour.badStop', { given: quote(given) }));
  }
  if (params.has('quiz')) {
    const given = params.get('quiz').trim();
    if (given === '1' || given === '') out.quiz = true;
    else if (given !== '0') out.problems.push(t('quiz.badQuiz', { given: quote(given) }));
  }
  if (params.has('questions')) {
    const given = params.get('questions');
    const n = /^[0-9]{1,3}$/.test(given.trim()) ? Number(given) : NaN;
    if (n >= 1 && n <= QUESTIONS_MAX) out.questions = n;
    else out.problems.push(t('quiz.badQuestions', { given: quote(given), max: QUESTIONS_MAX, fallback: QUESTIONS_DEFAULT }));
  }
  if (out.quiz && (out.tour || out.tourtext)) {
    out.problems.push(t('quiz.notWithTour'));
    out.tour = null;
    out.tourtext = null;
  }
  return out;
}

/** The lessons' part of an address ('' or '&tour=…&stop=…'), to follow writeSettings. */
export function lessonQuery(pairs) {
  if (pairs.length === 0) return '';
  return '&' + new URLSearchParams(pairs).toString();
}

export class Lessons {
  /**
   * @param {Document} doc
   * @param {object} on  { controller, readMaze(query) -> settings | null,
   *   title(name), cells(run), groups(run), message(text), changed() }
   */
  constructor(doc, on) {
    this.doc = doc;
    this.on = on;
    const box = doc.getElementById('lesson-panels');
    const controller = on.controller;
    const message = (text) => on.message(text);
    // Long work on the run on show (finding a tour's stops, the next question), a slice per
    // frame with progress and Cancel: one step at a time, so the picture is drawn whole.
    const work = (job) => controller.startJob({
      ...job,
      slicer: new Slicer(64),
      slice: (n) => {
        controller.partial = true;
        return job.slice(n);
      },
      finished: () => {
        controller.settle();
        job.finished();
      },
    });
    this.tour = new TourPanel(doc, box, {
      run: () => controller.run,
      work,
      apply: (maze) => this.applyMaze(maze),
      seek: (step, done) => controller.seek(step, { done }),
      matches: (a, b) => MAZE_KEYS.every((key) => String(a[key]) === String(b[key])),
      title: (name) => on.title(name),
      changed: () => on.changed(),
      message,
    });
    this.quiz = new QuizPanel(doc, box, {
      runs: () => (controller.run ? controller.runs() : []),
      settings: () => controller.settings,
      cells: on.cells,
      groups: on.groups,
      work,
      step: () => controller.step(),
      changed: () => on.changed(),
      message,
      copy: () => controller.createRun({ ...controller.settings, race: 'none' }),
    });
    this.buildCard();
    onLanguageChange(() => {
      this.words();
      this.tour.words();
      if (this.quiz.active) this.quiz.show();
    });
  }

  /** Puts a tour's maze on show; returns the settings in use, or null if refused. */
  applyMaze(maze) {
    const c = this.on.controller;
    if (this.quiz.active) this.quiz.close();
    let changes;
    if (maze === null) return { ...c.settings };
    if (typeof maze === 'string') {
      changes = this.on.readMaze(maze);
      if (!changes) return null;
    } else {
      changes = { ...PLAIN_MAZE, ...maze };
    }
    const keep = this.tour.tour;
    this.tour.tour = null; // the new run is the tour's own: do not close it
    const ok = c.update({ ...changes, from: 0, to: null, loop: false });
    this.tour.tour = keep;
    return ok ? { ...c.settings } : null;
  }

  /** The card: a tour for every algorithm, a tour of one's own, and the quiz. */
  buildCard() {
    const doc = this.doc;
    const card = doc.getElementById('lessons-card');
    const make = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
    const el = this.el = {
      heading: make('h2', { id: 'lessons-heading' }),
      tourLabel: make('label', { htmlFor: 'tour-choice' }),
      tourChoice: make('select', { id: 'tour-choice' }),
      tourStart: make('button', { type: 'button', id: 'tour-start' }),
      ownLabel: make('label', { htmlFor: 'tour-file' }),
      ownFile: make('input', { type: 'file', id: 'tour-file', accept: '.txt,text/plain' }),
      ownHelp: make('p', { className: 'field-note', id: 'tour-help' }),
      quizLabel: make('label', { htmlFor: 'quiz-questions' }),
      quizQuestions: make('input', { type: 'number', id: 'quiz-questions', min: '1', max: String(QUESTIONS_MAX), value: String(QUESTIONS_DEFAULT) }),
      quizStart: make('button', { type: 'button', id: 'quiz-start' }),
      quizHelp: make('p', { className: 'field-note', id: 'quiz-help' }),
    };
    card.setAttribute('aria-labelledby', 'lessons-heading');
    for (const name of tourNames()) el.tourChoice.append(make('option', { value: name }));
    const field = (...children) => {
      const div = make('div', { className: 'field' });
      div.append(...children);
      return div;
    };
    const row = (...children) => {
      const div = make('div', { className: 'with-button' });
      div.append(...children);
      return div;
    };
    el.ownFile.setAttribute('aria-describedby', 'tour-help');
    el.quizStart.setAttribute('aria-describedby', 'quiz-help');
    card.append(el.heading,
      field(el.tourLabel, row(el.tourChoice, el.tourStart)),
      field(el.ownLabel, el.ownFile, el.ownHelp),
      field(el.quizLabel, row(el.quizQuestions, el.quizStart), el.quizHelp));
    el.tourStart.addEventListener('click', () => this.tour.open(el.tourChoice.value));
    el.tourChoice.value = this.on.controller.settings.generator;
    el.ownFile.addEventListener('change', async () => {
      const file = el.ownFile.files?.[0];
      el.ownFile.value = '';
      if (!file) return;
      if (file.size > TOUR_TEXT_MAX * 4) {
        this.on.message(t('tour.errOwn', { source: shown(file.name), message: t('tour.errTooLong', { length: file.size, max: TOUR_TEXT_MAX }) }));
        return;
      }
      this.tour.openOwn(await file.text(), 0, shown(file.name));
    });
    el.quizStart.addEventListener('click', () => {
      const n = Number(el.quizQuestions.value);
      if (!Number.isInteger(n) || n < 1 || n > QUESTIONS_MAX) {
        this.on.message(t('quiz.badNumber', { max: QUESTIONS_MAX }));
        return;
      }
      this.tour.close();
      this.quiz.open(n);
    });
    this.words();
  }

  words() {
    const el = this.el;
    el.heading.textContent = t('quiz.card');
    el.tourLabel.textContent = t('tour.choose');
    el.tourStart.textContent = t('tour.start');
    el.ownLabel.textContent = t('tour.load');
    el.ownHelp.textContent = t('tour.help');
    el.quizLabel.textContent = t('quiz.questions');
    el.quizStart.textContent = t('quiz.start');
    el.quizHelp.textContent = t('quiz.help', { algorithms: QUIZ_ALGORITHMS.map((n) => this.on.title(n)).join(', ') });
    for (const option of el.tourChoice.options) option.textContent = this.on.title(option.value);
  }

  /**
   * Opens what the address asks for (after the page has made its first run). `opening`
   * ({ name, step }): the step the link opens at, where a quiz asks from.
   */
  boot(lesson, opening = { name: 'step', step: 0 }) {
    if (lesson.tour) {
      this.el.tourChoice.value = lesson.tour;
      this.tour.open(lesson.tour, lesson.stop);
    }
    else if (lesson.tourtext !== null) this.tour.openOwn(lesson.tourtext, lesson.stop);
    else if (lesson.quiz) this.quiz.open(lesson.questions, opening.step, opening.step > 0 ? opening : null);
  }

  /** A new run on show (a setting changed, or Reset). */
  newRun(settings) {
    this.tour.newRun(settings);
    this.quiz.newRun();
  }

  /** The address's lesson part. */
  query() {
    return lessonQuery([...this.tour.params(), ...this.quiz.params()]);
  }
}

/** The words are needed before the first panel is drawn: load them if no one has yet. */
export async function ensureWords() {
  if (!has('units.step')) await setLanguage(language());
}

