// Saving: the PNG, the SVG worksheets and the text download as valid files of the maze on show.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { waitDone } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

/** Clicks a button and returns the download's suggested name and its bytes. */
async function save(page, name) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

test('the four saves download the maze on show as valid files', async () => {
  const { page, errors } = await suite.open(
    '?generator=kruskal&solver=bfs&width=10&height=7&seed=21&speed=max');
  // Before a path is found there is no solution to save.
  assert.equal(await page.getByRole('button', { name: 'With solution' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Play' }).click();
  await waitDone(page);
  assert.equal(await page.getByRole('button', { name: 'With solution' }).isDisabled(), false);

  const png = await save(page, 'Picture (PNG)');
  assert.equal(png.name, 'mazestep-kruskal-10x7-seed21.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // It decodes, at the canvas's size.
  const size = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.getElementById('maze');
    return [img.width, img.height, canvas.width, canvas.height];
  }, png.bytes.toString('base64'));
  assert.deepEqual(size.slice(0, 2), size.slice(2));

  const check = async (label, solution) => {
    const file = await save(page, label);
    assert.match(file.name, solution ? /seed21\.solution\.svg$/ : /seed21\.svg$/);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? '',
        root: doc.documentElement.localName,
        walls: doc.querySelector('.walls')?.getAttribute('d')?.length ?? 0,
        start: !!doc.querySelector('.start'),
        goal: !!doc.querySelector('.goal'),
        solution: doc.querySelector('.solution')?.getAttribute('points')?.split(' ').length ?? 0,
      };
    }, file.bytes.toString('utf8'));
    assert.equal(parsed.error, '');
    assert.equal(parsed.root, 'svg');
    assert.ok(parsed.walls > 50, 'the walls are drawn');
    assert.ok(parsed.start && parsed.goal);
    const pathLength = await page.evaluate(() => window.mazestep.controller.run.pathLength());
    assert.equal(parsed.solution, solution ? pathLength : 0);
  };
  await check('Worksheet', false);
  await check('With solution', true);

  const text = await save(page, 'Text');
  assert.equal(text.name, 'mazestep-kruskal-10x7-seed21.txt');
  const lines = text.bytes.toString('utf8').trimEnd().split('\n');
  assert.equal(lines.length, 2 * 7 + 1);
  assert.ok(lines.every((line) => line.length === 2 * 10 + 1 && /^[#.oSG]+$/.test(line)), lines.join('\n'));
  assert.equal(lines[1][1], 'S');
  assert.equal(lines[13][19], 'G');
  assert.deepEqual(errors, []);
});
