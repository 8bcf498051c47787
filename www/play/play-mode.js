// Play mode: the learner walks the maze from the start to the goal (issue 30). Keys (the arrows
// or WASD; Q, E, Z and C for a hexagon's slanting sides), a tap on a neighbouring cell, a
// swipe, or the on-screen pad; optionally on to the next junction. The route is drawn as it
// grows, and going back over it takes it back. At the goal: moves against the shortest path,
// optimality, time, and BFS's path and the right hand's walk laid over the route. A variant
// (play=right-hand) checks every move against the right-hand rule and says why one breaks it.
//
// The maze is the run's, read from wasm memory (www/play/walk-graph.js); the run plays no
// solver meanwhile (its solver is set aside and given back on leaving). Every move costs O(1)
// (O(corridor) to the next junction); the shortest path is measured once per maze, a slice at
// a time, off the moves' path.

import { GoalDistances, RightHandWalk, ShortestPath, WalkGraph } from './walk-graph.js';
import { formatNumber, t } from '../words/i18n.js';
import { quote } from '../words/quote.js';

export const PLAY_VARIANTS = ['free', 'right-hand'];
// The right hand's walk is laid over the route up to this many moves.
const WALK_LIMIT = 1_000_000;
// A slice of the background measuring, in milliseconds of a frame.
const SLICE_MS = 8;
// Lines longer than this are drawn once onto a picture of their own, a chunk per task, and
// the overlay copies the picture (a million-cell path stroked at once took a tenth of a second).
const DIRECT_POINTS = 20_000;
const CHUNK_POINTS = 20_000;
const KEYS = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
  w: [0, -1], s: [0, 1], a: [-1, 0], d: [1, 0],
  q: [-1, -1], e: [1, -1], z: [-1, 1], c: [1, 1],
};
const PAD = [['q', '↖'], ['w', '↑'], ['e', '↗'], ['a', '←'], ['', ''], ['d', '→'], ['z', '↙'], ['s', '↓'], ['c', '↘']];
const COLOURS = { route: '#d9480f', halo: 'rgba(255,255,255,0.85)', best: '#1864ab', hand: '#2b8a3e', player: '#d9480f' };

/** The address's play= as { variant, problem }: variant null when not asked for. */
export function readPlayParam(search) {
  const params = new URLSearchParams(search);
  if (!params.has('play')) return { variant: null, problem: null };
  const given = params.get('play');
  const value = given.trim().toLowerCase();
  if (value === '' || value === '1' || value === 'free' || value === 'true') return { variant: 'free', problem: null };
  if (value === 'right-hand') return { variant: 'right-hand', problem: null };
  if (value === '0' || value === 'false') return { variant: null, problem: null };
  return {
    variant: null,
    problem: t('page.urlRefused', { name: 'play', given: quote(given), allowed: t('play.allowed'), fallback: t('play.notPlaying') }),
  };
}

/** Wires play mode to the page; returns it. */
export function setUpPlayMode(page) {
  return new PlayMode(page);
}

export class PlayMode {
  constructor(page) {
    this.page = page;
    this.doc = page.doc;
    this.active = false;
    this.variant = 'free';
    this.walk = null; // the walk on the maze on show, once it is final
    this.build();
    this.wire();
    const { variant, problem } = readPlayParam(page.search ?? location.search);
    if (problem) page.panels.showMessages([problem]);
    if (variant) this.enter(variant);
  }

  // --- The panel, made here (text only, every word through t()).

  build() {
    const doc = this.doc;
    const el = (tag, props = {}, ...children) => {
      const node = doc.createElement(tag);
      Object.assign(node, props);
      node.append(...children);
      return node;
    };
    const panel = doc.getElementById('play-panel');
    this.el = {
      toggle: doc.getElementById('play-mode'),
      panel,
      maze: doc.getElementById('maze'),
      counts: el('p', { className: 'play-counts' }),
      say: el('p', { className: 'play-say', id: 'play-say' }),
      live: el('p', { className: 'sr-only', id: 'play-live' }),
      giveUp: el('button', { type: 'button', id: 'play-give-up' }),
      again: el('button', { type: 'button', id: 'play-again' }),
      copy: el('button', { type: 'button', id: 'play-copy' }),
      link: el('a', { id: 'play-link', className: 'play-link' }),
      junction: el('input', { type: 'checkbox', id: 'play-junction' }),
      junctionText: el('span'),
      variant: el('select', { id: 'play-variant' }),
      variantLabel: el('label', { htmlFor: 'play-variant' }),
      pad: el('div', { className: 'play-pad', role: 'group' }),
      result: el('div', { className: 'play-result', id: 'play-result', hidden: true }),
      resultText: el('p', { id: 'play-result-text' }),
      compare: el('button', { type: 'button', id: 'play-compare' }),
      legend: el('p', { className: 'play-legend', hidden: true }),
    };
    const e = this.el;
    e.live.setAttribute('aria-live', 'polite');
    e.live.setAttribute('aria-atomic', 'true');
    for (const value of PLAY_VARIANTS) e.variant.append(el('option', { value }));
    for (const [key, arrow] of PAD) {
      const button = el('button', { type: 'button', className: 'play-pad-key' });
      button.dataset.key = key;
      button.textContent = arrow;
      if (!key) button.classList.add('blank');
      e.pad.append(button);
    }
    e.result.append(e.resultText, e.compare, e.legend);
    panel.append(
      el('div', { className: 'play-top' }, e.counts, e.say),
      el('div', { className: 'play-actions' },
        e.giveUp, e.again,
        el('label', { className: 'check' }, e.junction, e.junctionText),
        el('span', { className: 'play-variant' }, e.variantLabel, e.variant),
        e.copy, e.link),
      e.pad, e.result, e.live,
    );
    this.relabel();
  }

  relabel() {
    const e = this.el;
    e.giveUp.textContent = t('play.giveUp');
    e.again.textContent = t('play.again');
    e.copy.textContent = t('play.copyLink');
    e.link.textContent = t('play.challengeLink');
    e.junctionText.textContent = t('play.toJunction');
    e.variantLabel.textContent = t('play.rule');
    for (const option of e.variant.options) option.textContent = t(`play.variant-${option.value}`);
    e.compare.textContent = t('play.compare');
    e.pad.setAttribute('aria-label', t('play.pad'));
    const names = { w: 'up', s: 'down', a: 'left', d: 'right', q: 'upLeft', e: 'upRight', z: 'downLeft', c: 'downRight' };
    for (const button of e.pad.children) if (button.dataset.key) button.setAttribute('aria-label', t(`play.pad-${names[button.dataset.key]}`));
    if (this.walk) {
      this.showCounts();
      if (this.walk.over) this.showResult();
    }
  }

  wire() {
    const e = this.el;
    const doc = this.doc;
    e.toggle.addEventListener('click', () => (this.active ? this.leave() : this.enter(this.variant)));
    // The button waits, disabled and busy, until play mode has loaded (index.html): ready now.
    e.toggle.disabled = false;
    e.toggle.removeAttribute('aria-busy');
    e.toggle.removeAttribute('title');
    e.toggle.removeAttribute('data-i18n-attr');
    // Editing the maze ends the walk first (edit mode searches again with the solver given back).
    doc.getElementById('edit-mode')?.addEventListener('click', () => {
      if (this.active) this.leave();
    }, { capture: true });
    e.giveUp.addEventListener('click', () => this.giveUp());
    e.again.addEventListener('click', () => this.restart());
    e.compare.addEventListener('click', () => this.compare());
    e.copy.addEventListener('click', () => this.copyLink());
    e.variant.addEventListener('change', () => {
      this.variant = e.variant.value;
      this.page.writeUrl();
      this.restart();
    });
    for (const button of e.pad.children) {
      button.addEventListener('click', () => {
        const move = KEYS[button.dataset.key];
        if (move) this.move(...move);
      });
    }
    // Keys: before the page's own (the arrows step the run, the cursor moves on the maze).
    window.addEventListener('keydown', (event) => this.key(event), { capture: true });
    // A tap or click on the maze walks; it does not move the start (capture: before controls.js).
    doc.addEventListener('click', (event) => {
      if (!this.active || event.target !== e.maze) return;
      event.stopPropagation();
      if (this.swiped) {
        this.swiped = false;
        return;
      }
      this.tap(event.clientX, event.clientY);
    }, { capture: true });
    e.maze.addEventListener('pointerdown', (event) => {
      this.swipeFrom = this.active ? [event.clientX, event.clientY] : null;
      this.swiped = false;
    });
    e.maze.addEventListener('pointerup', (event) => {
      if (!this.active || !this.swipeFrom) return;
      const dx = event.clientX - this.swipeFrom[0], dy = event.clientY - this.swipeFrom[1];
      this.swipeFrom = null;
      if (Math.hypot(dx, dy) < 24) return;
      this.swiped = true;
      // The swipe's direction, to the nearest eighth of a turn (hexagons use the diagonals).
      const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
      const dirs = { 0: [1, 0], 1: [1, 1], 2: [0, 1], 3: [-1, 1], 4: [-1, 0], '-4': [-1, 0], '-3': [-1, -1], '-2': [0, -1], '-1': [1, -1] };
      const [mx, my] = dirs[angle];
      const shape = this.walk?.graph.shape;
      // Only hexagons have slanting sides to swipe to; elsewhere the nearer axis.
      if (mx !== 0 && my !== 0 && shape !== 'hex') {
        if (Math.abs(dx) > Math.abs(dy)) this.move(mx, 0);
        else this.move(0, my);
      } else this.move(mx, my);
    });
  }

  key(event) {
    if (!this.active || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, select, textarea, [contenteditable]') && target !== this.el.junction) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const move = KEYS[key];
    const shape = this.walk?.graph.shape;
    if (move && (move[0] === 0 || move[1] === 0 || shape === 'hex')) {
      if (target?.closest('button, a[href]') && target.closest('#play-panel')) target.blur?.();
      event.preventDefault();
      event.stopImmediatePropagation();
      this.move(...move);
    } else if (key === ' ' || key === 'r') {
      // The page's keys (play, reset) would replace the maze under the walker.
      if (target?.closest('button, a[href]')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }

  // --- Entering and leaving.

  enter(variant) {
    const page = this.page;
    const c = page.controller;
    if (page.editor?.active) page.editor.setActive(false);
    this.active = true;
    this.variant = PLAY_VARIANTS.includes(variant) ? variant : 'free';
    this.el.variant.value = this.variant;
    this.doc.documentElement.classList.add('playing');
    this.el.toggle.setAttribute('aria-pressed', 'true');
    this.el.panel.hidden = false;
    // The run plays no solver while the learner walks: the solver (and a race) wait aside.
    const s = c.settings;
    if (s.solver !== 'none' || (s.race && s.race !== 'none')) {
      this.setAside = { solver: s.solver, race: s.race };
      c.update({ solver: 'none', race: 'none' });
    }
    c.finishSoon();
    this.showBare(true);
    this.walk = null;
    this.say(t('play.wait'));
    this.showCounts();
    clearInterval(this.ticking);
    this.ticking = setInterval(() => this.tick(), 250);
    this.tick();
    page.writeUrl();
  }

  /** The maze drawn bare while walking (no generator's marks or sets under the walk), or as it is. */
  showBare(bare) {
    const renderer = this.page.stage.renderer;
    if (renderer.bare === bare) return;
    renderer.bare = bare;
    if (renderer.run && renderer.geo) renderer.drawAll();
  }

  leave() {
    const page = this.page;
    this.active = false;
    this.showBare(false);
    clearInterval(this.ticking);
    this.stopWork();
    this.walk = null;
    this.doc.documentElement.classList.remove('playing');
    this.el.toggle.setAttribute('aria-pressed', 'false');
    this.el.panel.hidden = true;
    this.el.result.hidden = true;
    this.unhook();
    if (this.setAside) {
      page.controller.update(this.setAside);
      this.setAside = null;
    }
    page.writeUrl();
  }

  /** Play's part of the address: play=1 or play=right-hand while playing. */
  query() {
    if (!this.active) return '';
    return `&play=${this.variant === 'right-hand' ? 'right-hand' : '1'}`;
  }

  /** Four times a second: the clock, and a new maze (another seed, size…) starts a new walk. */
  tick() {
    if (!this.active) return;
    const c = this.page.controller;
    const run = c.run;
    if (!run) return;
    if (c.settings.solver !== 'none') {
      // A solver chosen while playing: it is kept aside for later, the walk goes on.
      this.setAside = { solver: c.settings.solver, race: 'none' };
      c.update({ solver: 'none', race: 'none' });
      return;
    }
    if (!this.walk || this.walk.run !== run) {
      if (run.phase() !== 'done') {
        if (!c.job && c.state !== 'running') c.finishSoon();
        return;
      }
      this.begin(run);
    }
    this.hook();
    this.showCounts();
  }

  // --- A walk.

  begin(run) {
    this.stopWork();
    const graph = new WalkGraph(run, this.page.wasm.memory);
    graph.views();
    this.walk = {
      run, graph, route: [graph.start], moves: 0, began: 0, ended: 0,
      entered: graph.startEntered(graph.start), over: false, gaveUp: false, overlay: null, version: 0,
      distances: new GoalDistances(graph), walk: null,
    };
    this.el.result.hidden = true;
    this.el.legend.hidden = true;
    // The pad's slanting keys only where sides slant: hexagons.
    for (const button of this.el.pad.children) {
      if (button.dataset.key) button.classList.toggle('blank', 'qezc'.includes(button.dataset.key) && graph.shape !== 'hex');
    }
    this.measure();
    this.say(t(this.variant === 'right-hand' ? 'play.beginRightHand' : 'play.begin'));
    this.sayWalls();
    this.redraw();
  }

  restart() {
    if (!this.active) return;
    if (this.walk) this.begin(this.walk.run);
  }

  /** The shortest path measured in the background, a slice per task. */
  measure() {
    const walk = this.walk;
    const slice = () => {
      this.work = null;
      if (this.walk !== walk) return;
      if (!walk.distances.next(SLICE_MS)) {
        this.work = setTimeout(slice, 0);
        return;
      }
      if (walk.over) this.showResult();
      this.showCounts();
    };
    this.work = setTimeout(slice, 0);
  }

  stopWork() {
    clearTimeout(this.work);
    clearTimeout(this.handWork);
    clearTimeout(this.picture?.work);
    this.picture = null;
    this.work = null;
    this.handWork = null;
  }

  get here() {
    return this.walk.route[this.walk.route.length - 1];
  }

  /** A direction key (or the pad, or a swipe): one move, or on to the next junction. */
  move(dx, dy) {
    const walk = this.walk;
    if (!this.active || !walk || walk.over) return;
    walk.graph.views();
    const from = this.here;
    const { cell, way } = walk.graph.keyTarget(from, dx, dy);
    if (cell < 0) {
      const where = this.place(from);
      this.say(way >= 0 ? t('play.wall', { side: this.sideName(from, way), cell: where }) : t('play.noWay', { cell: where }));
      this.speak(this.el.say.textContent);
      return;
    }
    this.go(from, cell, way);
  }

  /** A tap on the maze: onto a neighbouring cell through an open side. */
  tap(clientX, clientY) {
    const walk = this.walk;
    if (!walk || walk.over) return;
    const renderer = this.page.stage.renderer;
    const cell = renderer.cellIndexAt(clientX, clientY);
    if (cell < 0 || cell === this.here) return;
    walk.graph.views();
    const from = this.here;
    const way = walk.graph.wayTo(from, cell);
    if (way < 0) {
      this.say(t('play.notNext', { cell: this.place(cell), here: this.place(from) }));
      this.speak(this.el.say.textContent);
      return;
    }
    this.go(from, cell, way);
  }

  /** One move (checked by the right hand in its variant), then on along a corridor if asked. */
  go(from, cell, way) {
    const walk = this.walk;
    const g = walk.graph;
    if (this.variant === 'right-hand') {
      const rule = g.rightHand(from, walk.entered);
      if (rule && rule.way !== way) {
        this.say(this.whyNot(from, rule, way));
        this.speak(this.el.say.textContent);
        return;
      }
    }
    this.step(from, cell);
    if (this.el.junction.checked) {
      // On along the corridor: while the cell has exactly one way on besides the way back.
      for (let guard = g.count; guard > 0 && !walk.over; guard--) {
        const here = this.here;
        const ways = g.openWays(here);
        if (ways.length !== 2) break;
        const on = ways.find(([, n]) => n !== this.lastFrom);
        if (!on) break;
        this.step(here, on[1]);
      }
    }
    this.say(walk.over ? t('play.atGoal') : t('play.moved', { cell: this.place(this.here) }));
    this.sayWalls();
    this.redraw();
  }

  step(from, cell) {
    const walk = this.walk;
    const route = walk.route;
    if (walk.moves === 0) walk.began = performance.now();
    walk.moves++;
    if (route.length >= 2 && route[route.length - 2] === cell) route.pop();
    else route.push(cell);
    walk.entered = walk.graph.backWay(cell, from);
    this.lastFrom = from;
    walk.version++;
    if (cell === walk.graph.goal) this.finish();
  }

  finish() {
    const walk = this.walk;
    walk.over = true;
    walk.ended = performance.now();
    this.showResult();
  }

  giveUp() {
    const walk = this.walk;
    if (!walk || walk.over) return;
    walk.over = true;
    walk.gaveUp = true;
    walk.ended = performance.now();
    this.showResult();
    this.lay(walk, false);
  }

  /** BFS's path and the right hand's walk over the learner's route. */
  compare() {
    const walk = this.walk;
    if (!walk || !walk.over) return;
    this.lay(walk, true);
  }

  /**
   * Lays the shortest path (and the right hand's walk, when asked) over the route, each
   * measured a slice per task: the distances, then the path down them, then the walk.
   */
  lay(walk, withHand) {
    clearTimeout(this.handWork);
    if (withHand) walk.walk ??= new RightHandWalk(walk.graph, WALK_LIMIT);
    const slice = () => {
      this.handWork = null;
      if (this.walk !== walk) return;
      if (!walk.distances.next(SLICE_MS)) {
        this.handWork = setTimeout(slice, 0);
        return;
      }
      walk.path ??= new ShortestPath(walk.distances, walk.graph.start);
      if (!walk.path.next(SLICE_MS)) {
        this.handWork = setTimeout(slice, 0);
        return;
      }
      const hand = withHand ? walk.walk.next(SLICE_MS) : null;
      if (withHand && !hand) {
        this.handWork = setTimeout(slice, 0);
        return;
      }
      walk.overlay = { best: walk.path.cells, hand: hand?.route ?? null };
      walk.version++;
      if (hand) {
        const e = this.el;
        e.legend.hidden = false;
        e.legend.textContent = t('play.legend', { best: walk.path.cells.length - 1, hand: hand.route.length - 1 }) +
          (hand.ending === 'found' ? '' : ` ${t(`play.hand-${hand.ending}`)}`);
      }
      this.redraw();
      this.showResult();
    };
    slice();
  }

  // --- What the learner sees and hears.

  showCounts() {
    const walk = this.walk;
    if (!walk) {
      this.el.counts.textContent = '';
      return;
    }
    const time = this.time();
    const text = t('play.counts', { moves: walk.moves, route: walk.route.length - 1, time });
    if (this.el.counts.textContent !== text) this.el.counts.textContent = text;
  }

  time() {
    const walk = this.walk;
    if (!walk || walk.moves === 0) return formatTime(0);
    return formatTime((walk.over ? walk.ended : performance.now()) - walk.began);
  }

  showResult() {
    const walk = this.walk;
    const e = this.el;
    e.result.hidden = false;
    const shortest = walk.distances.done ? walk.distances.distance[walk.graph.start] : -1;
    let text;
    if (walk.distances.done && shortest < 0) text = t('play.unreachable');
    else if (walk.gaveUp) text = t('play.gaveUp', { length: Math.max(0, shortest) });
    else if (shortest < 0) text = t('play.resultMeasuring', { moves: walk.moves, time: this.time() });
    else {
      const optimal = walk.moves > 0 ? Math.min(1, shortest / walk.moves) : 1;
      text = t('play.result', {
        moves: walk.moves, shortest, optimal: formatNumber(Math.floor(optimal * 100) / 100, { style: 'percent' }), time: this.time(),
      });
    }
    e.resultText.textContent = text;
    // After giving up too: the right hand's walk beside the path laid.
    e.compare.hidden = false;
    this.showCounts();
    this.speak(text);
  }

  /** Where the walls are around the walker, for a screen reader (and the panel's tooltip). */
  sayWalls() {
    const walk = this.walk;
    if (!walk) return;
    const g = walk.graph;
    const here = this.here;
    const walls = [], open = [];
    for (let w = 0; w < g.ways(here); w++) {
      if (g.shape === 'polar' && here > 0 && w === 3 && !g.geometry.splits(g.geometry.place(here)[1])) continue;
      const name = this.sideName(here, w);
      (g.way(here, w) ? open : walls).push(name);
    }
    const list = (names) => [...new Set(names)].join(t('play.listJoin'));
    const parts = [t('play.at', { cell: this.place(here) })];
    if (walls.length > 0) parts.push(t('play.walls', { sides: list(walls) }));
    if (open.length > 0) parts.push(t('play.open', { sides: list(open) }));
    const text = parts.join(' ');
    this.el.maze.setAttribute('aria-description', text);
    this.speak(`${this.el.say.textContent} ${text}`);
  }

  /** The name of side (way) w of cell c: a compass point, or in, out and round on rings. */
  sideName(c, w) {
    const g = this.walk.graph;
    switch (g.shape) {
      case 'hex': return t(`play.side-${['n', 'ne', 'se', 's', 'sw', 'nw'][w]}`);
      case 'triangle': {
        const [x, y] = g.geometry.place(c);
        const up = (x + y) % 2 === 0;
        return t(`play.side-${(up ? ['ne', 's', 'nw'] : ['n', 'se', 'sw'])[w]}`);
      }
      case 'polar':
        if (c === 0) return t('play.side-out');
        return t(`play.side-${['in', 'ccw', 'out', 'out', 'cw'][w]}`);
      default: return t(`play.side-${['n', 'e', 's', 'w'][w]}`);
    }
  }

  /** Why the right hand would not take way `chosen`: it takes the first open way from the right round. */
  whyNot(from, rule, chosen) {
    const g = this.walk.graph;
    const args = { expected: this.sideName(from, rule.way), chosen: this.sideName(from, chosen) };
    if (g.ways(from) === 4) return t(`play.rh-${['right', 'ahead', 'left', 'back'][rule.turn - 1]}`, args);
    return t('play.rh-sweep', args);
  }

  /** A cell as the page names it: "X,Y" (polar: place in the ring, ring). */
  place(c) {
    const [x, y] = this.walk.graph.geometry.place(c);
    return `${x},${y}`;
  }

  say(text) {
    this.el.say.textContent = text;
  }

  speak(text) {
    // The same words again are still said: a zero-width change makes them new.
    this.el.live.textContent = this.el.live.textContent === text ? `${text}\u200b` : text;
  }

  copyLink() {
    const address = this.page.address(0);
    this.el.link.href = address;
    navigator.clipboard?.writeText(address).then(
      () => this.say(t('play.copied')),
      () => this.say(t('play.copyFailed')),
    );
  }

  // --- Drawing: the route, the walker and the comparison on the renderer's overlay.

  hook() {
    const renderer = this.page.stage.renderer;
    this.el.link.href = this.page.address(0);
    if (renderer.extraOverlay?.owner === this) return;
    this.unhook();
    this.hooked = renderer;
    renderer.extraOverlay = {
      owner: this,
      key: () => (this.walk ? `${this.walk.version}:${this.walk.route.length}` : ''),
      under: (ctx, dpr, r) => this.drawUnder(ctx, dpr, r),
      over: (ctx, dpr, r) => this.drawOver(ctx, dpr, r),
    };
    renderer.drawOverlay();
  }

  unhook() {
    if (this.hooked) {
      this.hooked.extraOverlay = null;
      this.hooked.overlayKey = '';
      if (this.hooked.run && this.hooked.geo) this.hooked.drawOverlay();
      this.hooked = null;
    }
  }

  redraw() {
    this.showCounts();
    this.hook();
    const renderer = this.page.stage.renderer;
    if (renderer.run && renderer.geo) renderer.drawOverlay();
  }

  drawUnder(ctx, dpr, r) {
    const walk = this.walk;
    if (!walk || walk.run !== r.run) return;
    const lines = [];
    if (walk.overlay?.hand) lines.push({ cells: walk.overlay.hand, colour: COLOURS.hand, share: 0.22, dash: [6, 3] });
    lines.push({ cells: walk.route, colour: COLOURS.route, share: 0.3 });
    if (walk.overlay?.best) lines.push({ cells: walk.overlay.best, colour: COLOURS.best, share: 0.14 });
    const long = (walk.overlay?.best?.length ?? 0) > DIRECT_POINTS || (walk.overlay?.hand?.length ?? 0) > DIRECT_POINTS;
    if (!long) {
      for (const line of lines) strokeLine(ctx, dpr, r, line, 0, line.cells.length);
      return;
    }
    // Long lines: a picture of them made a chunk per task, copied onto the overlay.
    const key = `${r.overlay.width}x${r.overlay.height}:${r.overlayScale}:${r.overlayOffset}:${walk.version}`;
    if (this.picture?.key !== key) this.paint(key, lines, dpr, r);
    ctx.drawImage(this.picture.canvas, 0, 0);
  }

  /** Starts the picture of long lines: halos first, then the colours, a chunk per task. */
  paint(key, lines, dpr, r) {
    clearTimeout(this.picture?.work);
    const canvas = this.doc.createElement('canvas');
    canvas.width = r.overlay.width;
    canvas.height = r.overlay.height;
    const picture = { key, canvas, work: null };
    this.picture = picture;
    const jobs = [];
    for (const halo of [true, false]) {
      for (const line of lines) {
        for (let from = 0; from < line.cells.length; from += CHUNK_POINTS) {
          jobs.push({ line, halo, from, to: Math.min(line.cells.length, from + CHUNK_POINTS + 1) });
        }
      }
    }
    const ctx = canvas.getContext('2d');
    const slice = () => {
      picture.work = null;
      if (this.picture !== picture) return;
      const until = performance.now() + SLICE_MS;
      while (jobs.length > 0 && performance.now() < until) {
        const { line, halo, from, to } = jobs.shift();
        strokeLine(ctx, dpr, r, line, from, to, halo);
        // Drawn now, in this slice: a canvas left to draw its strokes later drew them all
        // at once, in one long task, when the overlay first copied it.
        ctx.getImageData(0, 0, 1, 1);
      }
      // What is done so far shows: the overlay copies the picture again.
      r.overlayKey = '';
      r.drawOverlay();
      if (jobs.length > 0) picture.work = setTimeout(slice, 0);
    };
    picture.work = setTimeout(slice, 0);
  }

  drawOver(ctx, dpr, r) {
    const walk = this.walk;
    if (!walk || walk.run !== r.run) return;
    const [x, y, , cell] = r.cellCentre(this.here);
    const radius = Math.max(5 * dpr, cell * 0.32);
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fillStyle = COLOURS.player;
    ctx.fill();
    ctx.lineWidth = 2 * dpr;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * Strokes cells from..to of a line through the cells' centres, with a white halo under it
 * (`halo`: only the halo; undefined: both). A point less than a pixel from the last one drawn
 * is left out: a long walk on a big maze costs a pass over its cells, not a segment per cell.
 */
function strokeLine(ctx, dpr, r, { cells, colour, share, dash = null }, from, to, halo) {
  if (to - from <= 0) return;
  const width = Math.max(2 * dpr, Math.min(r.cellCentre(cells[from])[3] * share, 8 * dpr));
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  let lastX = -Infinity, lastY = -Infinity;
  for (let i = from; i < to; i++) {
    const [x, y] = r.cellCentre(cells[i]);
    if (i === from) ctx.moveTo(x, y);
    else if (i === to - 1 || Math.abs(x - lastX) + Math.abs(y - lastY) >= dpr) ctx.lineTo(x, y);
    else continue;
    lastX = x;
    lastY = y;
  }
  if (to - from === 1) ctx.lineTo(lastX + 0.01, lastY);
  // The halo is whole, under a dashed line too: the dashes read on any colour beneath.
  if (halo !== false) {
    ctx.strokeStyle = COLOURS.halo;
    ctx.lineWidth = width + 2 * dpr;
    ctx.stroke();
  }
  if (dash) ctx.setLineDash(dash.map((d) => d * dpr));
  if (halo !== true) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.stroke();
  }
  ctx.restore();
}

function formatTime(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
