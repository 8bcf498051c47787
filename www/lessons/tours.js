// One guided tour per algorithm the page offers, as data: a fixed maze and its stops. The
// words of stop k of tour NAME are the key `tour.NAME.k` of www/i18n/<language>.json.
//
// A stop says what happens there rather than a step number, so it stays right if the step
// count of a run shifts: { event, nth } is the nth step of the tour's algorithm whose event is
// `event`; { share } is that far through the algorithm's own steps (0 its first, 1 its last);
// { end: true } its last step; { step } an exact step of the whole run. `algorithm` names
// another machine of the run than the tour's own (e.g. the search after an open world).
// www/lessons/tour.js resolves them by scanning the run's events once.

const maze = (generator, more = {}) => ({ generator, solver: 'none', width: 10, height: 8, seed: '5', ...more });
const search = (solver, more = {}) => ({ generator: 'kruskal', solver, width: 12, height: 8, seed: '4', braid: 30, ...more });
// A braided maze whose start stands beside an island: a wall follower circles it for ever.
const island = (solver) => ({ generator: 'kruskal', solver, width: 10, height: 8, seed: '1', braid: 50, start: '4,3' });
const first = (event) => ({ event, nth: 1 });
const END = { end: true };

export const TOURS = {
  'binary-tree': { maze: maze('binary-tree'), stops: [first('carve'), { share: 0.5 }, END] },
  sidewinder: { maze: maze('sidewinder'), stops: [first('extend-run'), first('close-run'), END] },
  'recursive-backtracker': { maze: maze('recursive-backtracker'), stops: [first('push'), first('pop'), END] },
  kruskal: { maze: maze('kruskal'), stops: [first('merge-sets'), first('keep-wall'), END] },
  prim: { maze: maze('prim'), stops: [first('carve'), { share: 0.5 }, END] },
  'true-prim': { maze: maze('true-prim'), stops: [first('carve'), { share: 0.5 }, END] },
  'aldous-broder': { maze: maze('aldous-broder'), stops: [first('carve'), first('move'), END] },
  wilson: { maze: maze('wilson'), stops: [first('move'), first('erase-loop'), first('add-walk'), END] },
  houston: { maze: maze('houston'), stops: [first('carve'), { event: 'begin', nth: 2 }, first('add-walk'), END] },
  'hunt-and-kill': { maze: maze('hunt-and-kill'), stops: [first('carve'), first('hunt'), END] },
  eller: { maze: maze('eller'), stops: [first('merge-sets'), first('carve'), END] },
  'growing-tree': { maze: maze('growing-tree'), stops: [first('push'), first('pop'), END] },
  'growing-forest': { maze: maze('growing-forest'), stops: [first('push'), first('merge-sets'), END] },
  'recursive-division': { maze: maze('recursive-division'), stops: [first('divide'), { event: 'divide', nth: 2 }, END] },
  'blobby-division': { maze: maze('blobby-division'), stops: [first('expand'), first('divide'), END] },
  room: { maze: maze('room', { solver: 'bfs' }), stops: [first('open-all'), { event: 'found', algorithm: 'bfs' }] },
  obstacles: { maze: maze('obstacles', { solver: 'a-star', width: 16, height: 10, seed: '3', density: 20 }), stops: [first('block'), END, { event: 'found', algorithm: 'a-star' }] },
  rooms: { maze: maze('rooms', { width: 16, height: 10 }), stops: [first('block-line'), END] },
  caves: { maze: maze('caves', { width: 16, height: 10, density: 45 }), stops: [first('generation'), END] },
  terrain: { maze: maze('terrain', { solver: 'dijkstra', width: 16, height: 10 }), stops: [first('paint-row'), END, { event: 'found', algorithm: 'dijkstra' }] },
  unicursal: { maze: maze('unicursal'), stops: [first('push'), first('divide'), END] },
  'cellular-automaton': { maze: maze('cellular-automaton', { width: 16, height: 10 }), stops: [first('generation'), END] },
  bfs: { maze: search('bfs'), stops: [first('expand'), { share: 0.5 }, first('found')] },
  'a-star': { maze: search('a-star'), stops: [first('expand'), { share: 0.5 }, first('found')] },
  'wall-follower-right': { maze: island('wall-follower-right'), stops: [first('move'), { share: 0.6 }, first('looped')] },
  'wall-follower-left': { maze: island('wall-follower-left'), stops: [first('move'), { share: 0.6 }, first('looped')] },
  dfs: { maze: search('dfs'), stops: [first('push'), first('pop'), first('found')] },
  dijkstra: { maze: search('dijkstra'), stops: [first('expand'), { share: 0.5 }, first('found')] },
  greedy: { maze: search('greedy'), stops: [first('expand'), { share: 0.5 }, first('found')] },
  'bidirectional-bfs': { maze: search('bidirectional-bfs'), stops: [first('expand'), { event: 'expand', nth: 2 }, first('found')] },
  tremaux: { maze: search('tremaux'), stops: [first('move'), { share: 0.5 }, first('found')] },
  'dead-end-filling': { maze: search('dead-end-filling'), stops: [first('fill'), { share: 0.5 }, first('found')] },
  'a-star-weighted': { maze: search('a-star-weighted', { weight: 3 }), stops: [first('expand'), first('found')] },
  'bidirectional-a-star': { maze: search('bidirectional-a-star'), stops: [first('expand'), { event: 'expand', nth: 2 }, first('found')] },
  'jump-point-search': {
    maze: { generator: 'obstacles', solver: 'jump-point-search', width: 16, height: 10, seed: '3', density: 20 },
    stops: [first('expand'), first('found')],
  },
  'ida-star': { maze: search('ida-star'), stops: [first('expand'), first('pop'), first('found')] },
  'random-mouse': { maze: search('random-mouse'), stops: [first('move'), { share: 0.5 }, first('found')] },
  // The wall follower's island: Pledge lets go of it.
  pledge: { maze: island('pledge'), stops: [first('move'), { share: 0.5 }, first('found')] },
  collision: { maze: search('collision'), stops: [first('expand'), { share: 0.4 }, first('found')] },
  // An empty room: hundreds of shortest paths, counted exactly.
  'shortest-paths': {
    maze: { generator: 'room', solver: 'shortest-paths', width: 8, height: 6, seed: '1' },
    stops: [first('expand'), { share: 0.3 }, first('found')],
  },
  bottlenecks: { maze: search('bottlenecks'), stops: [first('push'), first('pop'), first('expand'), first('found')] },
  // Seed 1: this maze has nooses (seed 4's has none).
  'cul-de-sac-filling': { maze: search('cul-de-sac-filling', { seed: '1' }), stops: [first('fill'), first('seal'), first('found')] },
  'blind-alley-filling': { maze: search('blind-alley-filling'), stops: [first('pop'), first('fill'), first('found')] },
  'blind-alley-sealing': { maze: search('blind-alley-sealing'), stops: [first('pop'), first('seal'), first('found')] },
  chain: { maze: search('chain'), stops: [first('turn'), first('found')] },
};
