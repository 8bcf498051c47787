// Trace back: pointing at a reached cell (a mouse), or tapping it (touch, when not editing),
// highlights its way back to the start through the came-from links and says how long it is and
// what it cost, with the cell's numbers (g, h, f where the search has them). On while the arrows
// or the numbers are on; a tap then traces instead of moving the start (a mouse click still
// moves it). Knows the stage's renderer and the note, nothing of runs beyond that.

import { formatNumber, readThinking, traceBack } from '../draw/thinking.js';
import { t } from '../words/i18n.js';

export class Trace {
  /**
   * @param {HTMLCanvasElement} canvas the maze
   * @param {HTMLElement} note        where the way's length and cost are said
   * @param {object} on  { renderer(): the stage's renderer, active(): arrows or numbers on,
   *                       editing(): the maze is being edited or painted }
   */
  constructor(canvas, note, on) {
    this.note = note;
    this.on = on;
    this.cell = -1;
    this.tapped = false; // the last pointer was a touch that traced: its click moves nothing
    canvas.addEventListener('pointermove', (event) => {
      if (event.pointerType === 'mouse') this.pointAt(event.clientX, event.clientY);
    });
    canvas.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse') this.show(-1);
    });
    canvas.addEventListener('pointerdown', (event) => {
      this.tapped = false;
      if (event.pointerType === 'mouse' || !this.on.active() || this.on.editing()) return;
      this.tapped = this.pointAt(event.clientX, event.clientY);
    });
  }

  /** Whether the click that follows a tap was used by trace back (then it places nothing). */
  tookTap() {
    const tapped = this.tapped;
    this.tapped = false;
    return tapped;
  }

  /** Traces the cell under a point of the viewport; returns whether a reached cell was there. */
  pointAt(clientX, clientY) {
    if (!this.on.active() || this.on.editing()) {
      this.show(-1);
      return false;
    }
    const cell = this.on.renderer().cellIndexAt(clientX, clientY);
    this.show(cell);
    return this.cell >= 0;
  }

  /** Traces `cell`'s way back (-1: none), and says it; a cell not reached traces nothing. */
  show(cell) {
    const renderer = this.on.renderer();
    const run = renderer.run;
    let way = null;
    if (cell >= 0 && run) {
      // Drawn first: the overlay reads what the search knows now, and the note says the same.
      renderer.setThinking({ trace: cell });
      let view = renderer.thought;
      // Views over memory that grew since are empty: read again.
      if (!view || view.cameFrom.length !== run.cellCount) view = readThinking(run, renderer.memory);
      way = traceBack(view, cell);
      if (way) way.numbers = numbersOf(view, cell);
    }
    this.cell = way ? cell : -1;
    renderer.setThinking({ trace: this.cell });
    this.say(run, renderer, way);
  }

  /** After a step: the traced way follows the search (a cell no longer reached lets go). */
  refresh() {
    if (this.cell >= 0) this.show(this.cell);
  }

  say(run, renderer, way) {
    const note = this.note;
    if (!way) {
      note.hidden = true;
      note.textContent = '';
      return;
    }
    const place = renderer.geometry?.place?.(way.cells[0]) ?? [way.cells[0] % run.width, Math.floor(way.cells[0] / run.width)];
    const text = `${t('page.traceBack', { cell: place.join(','), moves: way.moves, cost: formatNumber(way.cost) })} · ${way.numbers}`;
    if (note.textContent !== text) note.textContent = text;
    note.hidden = false;
  }
}

// g, h and f of a cell as the note says them (g alone where the search makes no guess).
function numbersOf(view, cell) {
  const g = view.cost[cell], h = view.estimate[cell];
  if (h < 0) return t('page.traceCost', { g: formatNumber(g) });
  return t('page.traceNumbers', { g: formatNumber(g), h: formatNumber(h), f: formatNumber(g + h) });
}
