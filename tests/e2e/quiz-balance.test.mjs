// The quiz's fairness (issue 29, item 7): on every built-in quiz (the default one, each quizzed
// generator's and solver's), the questions asked, read from the quiz itself as a learner meets
// them, spread over the whole run and its kinds, reach the solver's questions, never give one
// answer three times running, and no choice is the answer of more than about 60 % of the
// questions that show it. planQuestions is checked in Node first.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageSuite } from './suite.mjs';
import { planQuestions } from '../../www/lessons/quiz.js';

/** The most a choice may be the answer, out of `n` questions that show it: about 60 %. */
const most = (n) => Math.max(Math.ceil(n / 2), Math.floor(0.6 * n));

/** Checks the answers of the choice questions: shares and runs. Returns the problems. */
function unfairness(questions) {
  const problems = [];
  const byKind = new Map();
  for (const q of questions) if (q.truth !== null) (byKind.get(q.kind) ?? byKind.set(q.kind, []).get(q.kind)).push(q.truth);
  for (const [kind, truths] of byKind) {
    const counts = new Map();
    for (const t of truths) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [truth, count] of counts) {
      if (count > most(truths.length)) problems.push(`${kind}: ${truth} is the answer of ${count} of ${truths.length}`);
    }
  }
  for (let i = 2; i < questions.length; i++) {
    const [a, b, c] = questions.slice(i - 2, i + 1);
    if (c.truth !== null && a.truth === c.truth && b.truth === c.truth) problems.push(`${c.truth} three times running at question ${i + 1}`);
  }
  return problems;
}

test('planQuestions: every kind in turn, spread over its candidates, fair answers', () => {
  // 300 pushes then 300 pops, like a backtracker's long runs; then 100 cell questions.
  const candidates = [];
  for (let i = 0; i < 600; i++) candidates.push({ step: i, kind: 'backtracker', truth: i % 100 < 70 ? 'push' : 'pop' });
  for (let i = 600; i < 700; i++) candidates.push({ step: i, kind: 'bfs', truth: null });
  const plan = planQuestions(candidates, 10);
  assert.equal(plan.length, 10);
  assert.equal(plan.filter((q) => q.kind === 'bfs').length, 5, 'half from the solver');
  assert.deepEqual(unfairness(plan), []);
  const steps = plan.filter((q) => q.kind === 'backtracker').map((q) => q.step);
  assert.ok(steps[0] < 120 && steps.at(-1) > 480, `spread: ${steps}`);
  assert.deepEqual(planQuestions([], 10), []);
  assert.equal(planQuestions(candidates.slice(0, 3), 10).length, 3, 'as many as there are');
});

const suite = pageSuite();

// Every built-in quiz: the default, each quizzed generator with no solver, each quizzed solver
// on the default generator; two seeds each.
const QUIZZES = [
  '',
  'generator=recursive-backtracker&solver=none',
  'generator=kruskal&solver=none',
  'solver=bfs',
  'solver=a-star',
  'solver=wall-follower-left&braid=30',
  'solver=wall-follower-right&braid=30',
];
const SOLVER_KINDS = ['bfs', 'astar', 'follower'];

/** Takes the quiz to its end, answering each question; returns what was asked. */
async function takeQuiz(page) {
  const asked = [];
  for (let i = 0; i < 60; i++) {
    await page.waitForFunction(() => {
      const { lessons, controller } = window.mazestep;
      const quiz = lessons?.quiz;
      if (!quiz || controller.job || quiz.looking) return false;
      return (quiz.question && quiz.answered === null) || quiz.empty !== null || quiz.finished();
    }, null, { timeout: 30_000 });
    const state = await page.evaluate(() => {
      const { lessons, controller } = window.mazestep;
      const quiz = lessons.quiz;
      if (!quiz.question || quiz.answered !== null) return { over: true, empty: quiz.empty };
      const q = quiz.question;
      const out = { kind: q.kind, truth: q.choices ? q.truth : null, step: q.step, phase: controller.run.phase() };
      quiz.answer(q.choices ? q.choices[0] : q.truth);
      return out;
    });
    if (state.over) break;
    asked.push(state);
    const finished = await page.evaluate(() => window.mazestep.lessons.quiz.finished());
    if (finished) break;
    await page.click('#quiz-next');
  }
  return asked;
}

for (const query of QUIZZES) {
  for (const seed of [3, 11]) {
    test(`quiz balance: ?quiz=1${query ? `&${query}` : ''} (seed ${seed})`, async () => {
      const { page, errors } = await suite.open(`?${query}&seed=${seed}&quiz=1`);
      const asked = await takeQuiz(page);
      const total = await page.evaluate(() => {
        const { mz, controller } = window.mazestep;
        const s = controller.settings;
        const run = new mz.MazeRun({ generator: s.generator, solver: s.solver === 'none' ? '' : s.solver, width: s.width, height: s.height, seed: s.seed, braid: s.braid / 100 });
        run.finish();
        const steps = run.steps();
        run.free();
        return steps;
      });
      assert.equal(asked.length, 10, JSON.stringify(asked));
      assert.deepEqual(unfairness(asked), [], JSON.stringify(asked));
      // Over the whole run, not its first steps.
      const steps = asked.map((q) => q.step);
      assert.ok(Math.max(...steps) - Math.min(...steps) > total / 3, `steps ${steps} of ${total}`);
      assert.ok(steps.filter((s) => s < 40).length <= 2, `steps ${steps}`);
      // The solver's questions come, where the solver has some.
      const solver = SOLVER_KINDS.some((kind) => query.includes(kind === 'astar' ? 'a-star' : kind === 'follower' ? 'wall-follower' : kind)) || query === '';
      if (solver) assert.ok(asked.filter((q) => SOLVER_KINDS.includes(q.kind)).length >= 3, JSON.stringify(asked));
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
