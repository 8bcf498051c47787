// Print a pack: the dialog makes N worksheets and the answer key from the module (the pages the
// command line writes), shows them, and prints them one a page, the key last, with nothing of
// the page around them; the printed words are in the language chosen; bad counts are refused.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { showSettings } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

/** Opens the page with the pack's dialog ready (its feature loads after the first maze). */
async function openDialog(query) {
  const opened = await suite.open(query, { width: 1280, height: 900 });
  const { page } = opened;
  await page.waitForFunction(() => window.mazestep?.packPrinter, null, { timeout: 20_000 });
  await showSettings(page);
  await page.locator('#print-pack').click();
  await page.locator('#pack-dialog[open]').waitFor();
  return opened;
}

/** Makes the pack and waits until it can be printed. */
async function make(page) {
  await page.locator('#pack-make').click();
  await page.waitForFunction(() => !document.getElementById('pack-print').disabled, null, { timeout: 30_000 });
}

/** The SVG text of each page as printed, in order, with its kind. */
function printedPages(page) {
  return page.evaluate(() => Promise.all([...document.querySelectorAll('#pack-pages img')].map(
    async (img) => ({ kind: img.dataset.kind, svg: await (await fetch(img.src)).text() }))));
}

test('the dialog makes N sheets and a key; print shows one a page, the key last', async () => {
  const { page, errors } = await openDialog('?generator=kruskal&width=9&height=7&seed=40');
  assert.equal(await page.getByRole('dialog', { name: 'Print a pack' }).isVisible(), true);
  await page.locator('#pack-count').fill('7');
  await page.locator('#pack-ends').selectOption('hardest');
  await page.locator('#pack-title').fill('Week <3> & "x"');
  await make(page);
  // Seven sheets and two key pages in the preview, each a picture with its name.
  const captions = await page.locator('#pack-preview figcaption').allTextContents();
  assert.deepEqual(captions, ['Sheet 1', 'Sheet 2', 'Sheet 3', 'Sheet 4', 'Sheet 5', 'Sheet 6', 'Sheet 7',
    'Answer key 1', 'Answer key 2']);
  assert.equal(await page.locator('#pack-preview img').count(), 9);
  const loaded = await page.locator('#pack-preview img').evaluateAll((imgs) => imgs.every((img) => img.complete && img.naturalWidth > 0));
  assert.ok(loaded, 'every page is a picture that loads');
  const pages = await printedPages(page);
  assert.deepEqual(pages.map((p) => p.kind), ['sheet', 'sheet', 'sheet', 'sheet', 'sheet', 'sheet', 'sheet', 'key', 'key']);
  // The title typed is text on the page, escaped by the core; seeds from 40 up.
  assert.ok(pages[0].svg.includes('>Week &lt;3&gt; &amp; &quot;x&quot;</text>'), pages[0].svg.slice(0, 600));
  assert.ok(pages[0].svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"'));
  assert.ok(pages[6].svg.includes('seed 46 · 7/7'));
  assert.equal(pages[7].svg.match(/<svg class="maze"/g).length, 6);
  assert.equal(pages[8].svg.match(/<svg class="maze"/g).length, 1);
  assert.ok(pages[8].svg.includes('>7 · seed 46</text>'));
  // The same maze as the command line's sheet for seed 40 (a maze's walls are its own).
  const cli = await page.evaluate(() => window.mazestep.mz.packMaze({ generator: 'kruskal', width: 9, height: 7, seed: '40' }, 'hardest', false));
  assert.ok(pages[0].svg.includes(cli.slice(cli.indexOf('<rect'))), 'the sheet nests the core\'s worksheet');

  // Printing: only the pages, one sheet of paper each.
  await page.evaluate(() => {
    window.printed = 0;
    window.print = () => { window.printed++; };
  });
  await page.locator('#pack-print').click();
  assert.equal(await page.evaluate(() => window.printed), 1, 'the print dialog is asked for');
  await page.emulateMedia({ media: 'print' });
  const shown = await page.evaluate(() => {
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    return {
      pages: [...document.querySelectorAll('#pack-pages img')].map((img) => [visible(img), img.getBoundingClientRect().height]),
      others: [...document.body.children].filter((el) => el.id !== 'pack-pages' && visible(el)).map((el) => el.id || el.tagName),
    };
  });
  assert.deepEqual(shown.others, [], 'nothing of the page is printed');
  assert.equal(shown.pages.length, 9);
  assert.ok(shown.pages.every(([visible, height]) => visible && Math.abs(height - 296.9 * 96 / 25.4) < 2), JSON.stringify(shown.pages));
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  assert.equal(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length, 9, 'nine pages of paper');
  const box = pdf.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
  assert.ok(box && Math.abs(Number(box[1]) - 595.3) < 1.5 && Math.abs(Number(box[2]) - 841.9) < 1.5, `A4: ${box}`);
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('pack-printing')), false);
  assert.deepEqual(errors, []);
});

test('Korean words, Letter paper, openings; bad counts refused', async () => {
  const { page, errors } = await openDialog('?generator=recursive-backtracker&width=8&height=8&seed=3&lang=ko');
  assert.equal(await page.getByRole('dialog', { name: '묶음 인쇄' }).isVisible(), true);
  assert.equal(await page.locator('#pack-lang').inputValue(), 'ko');
  for (const bad of ['0', '101', '1.5']) {
    await page.locator('#pack-count').fill(bad);
    await page.locator('#pack-make').click();
    assert.match(await page.locator('#pack-note').textContent(), /1부터 100까지/, bad);
    assert.equal(await page.locator('#pack-preview img').count(), 0);
  }
  await page.locator('#pack-count').fill('2');
  await page.locator('#pack-paper').selectOption('letter');
  await page.locator('#pack-openings').selectOption('west-east');
  await make(page);
  const captions = await page.locator('#pack-preview figcaption').allTextContents();
  assert.deepEqual(captions, ['1번 학습지', '2번 학습지', '정답 1']);
  const pages = await printedPages(page);
  for (const word of ['>미로</text>', '>이름</text>', '>날짜</text>', '시드 3 · 1/2']) assert.ok(pages[0].svg.includes(word), word);
  assert.ok(pages[2].svg.includes('>미로 · 정답</text>') && pages[2].svg.includes('2 · 시드 4'));
  assert.ok(pages[0].svg.includes('width="215.9mm" height="279.4mm"'));
  // The openings: the start and the goal on the west and east walls, in the middle row.
  const ends = pages[2].svg.split('<svg class="maze"')[1];
  assert.match(ends, /class="start" r="3" fill="#0072b2" cx="15" cy="45"/);
  assert.match(ends, /class="goal" width="6" height="6" fill="#d55e00" x="82" y="42"/);
  // Printed words follow the choice, not the page: English from the Korean page.
  await page.locator('#pack-lang').selectOption('en');
  await make(page);
  const english = await printedPages(page);
  assert.ok(english[0].svg.includes('>Maze</text>') && english[0].svg.includes('>Name</text>'));
  await page.evaluate(() => { window.print = () => {}; });
  await page.locator('#pack-print').click();
  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  assert.equal(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length, 3);
  const box = pdf.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
  assert.ok(box && Math.abs(Number(box[1]) - 612) < 1.5 && Math.abs(Number(box[2]) - 792) < 1.5, `Letter: ${box}`);
  assert.deepEqual(errors, []);
});
