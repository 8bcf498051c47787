// Finishes wasm-bindgen's glue (pkg/mazestep.js) after `wasm-pack build`: appends a guard so
// that a call on a MazeRun whose free() has run throws a clear Error naming the method,
// instead of wasm-bindgen's "null pointer passed to rust". A second free() does nothing.
// It also gives the types (pkg/mazestep.d.ts) the constructor's main form,
// `new MazeRun(options: MazeRunOptions)`, beside the deprecated positional one wasm-bindgen
// writes (one Rust constructor takes both, and wasm-bindgen writes one signature).
// Idempotent: a glue file that has the guard already is left alone.
//
//   node scripts/finish-pkg.mjs pkg/mazestep.js
//
// scripts/build runs it; it is the one way pkg/ is built. Everything that loads pkg/ checks
// that it was (`pkgProblem` here for Node; www/module-api.js for the page and the element, by
// the mark the guard leaves on MazeRun), so a bare `wasm-pack build` is named, not half-used.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '// mazestep: calls on a freed run';

/** The key of the mark the guard leaves on MazeRun (`MazeRun[Symbol.for(FINISHED)] === true`). */
export const FINISHED = 'mazestep.pkg-finished';

/** How to build pkg/, as every message that says so puts it. */
export const HOW_TO_BUILD = 'build it with scripts/build (wasm-pack build --target web --release, then scripts/finish-pkg.mjs)';

const GUARD = `
${MARK} say so (appended by scripts/finish-pkg.mjs).
for (const name of Reflect.ownKeys(MazeRun.prototype)) {
    if (name === 'constructor' || (typeof name === 'string' && name.startsWith('__'))) continue;
    const slot = Object.getOwnPropertyDescriptor(MazeRun.prototype, name);
    const freed = () => new Error(\`MazeRun.\${String(name)}: this run was freed (free() was called on it); make a new MazeRun\`);
    // free() and its alias [Symbol.dispose]() (for \`using\`) do nothing the second time.
    if (name === 'free' || name === Symbol.dispose) {
        const free = slot.value;
        slot.value = function () { if (this.__wbg_ptr !== 0) free.call(this); };
    } else if (typeof slot.value === 'function') {
        const method = slot.value;
        slot.value = function (...args) {
            if (this.__wbg_ptr === 0) throw freed();
            return method.apply(this, args);
        };
    } else if (slot.get) {
        const get = slot.get;
        slot.get = function () {
            if (this.__wbg_ptr === 0) throw freed();
            return get.call(this);
        };
    } else continue;
    Object.defineProperty(MazeRun.prototype, name, slot);
}
`;

// Left on MazeRun after the guard: the page checks for it at load (www/module-api.js).
const FINISHED_MARK = `Object.defineProperty(MazeRun, Symbol.for('${FINISHED}'), { value: true });\n`;

/**
 * What is wrong with the build in `dir` (a pkg/ folder), as a sentence, or null when it was
 * built by scripts/build: the .wasm and the glue are there, and the glue was finished.
 */
export function pkgProblem(dir) {
  const glue = join(dir, 'mazestep.js');
  const wasm = join(dir, 'mazestep_bg.wasm');
  for (const file of [wasm, glue]) {
    if (!existsSync(file)) return `${file} is missing: pkg/ is not built; ${HOW_TO_BUILD}`;
  }
  if (!readFileSync(glue, 'utf8').includes(FINISHED_MARK)) {
    return `${glue} was built without scripts/finish-pkg.mjs (a bare wasm-pack build?), so a call on a freed ` +
      `run would say "null pointer passed to rust"; ${HOW_TO_BUILD}`;
  }
  return null;
}

/** The options form of the constructor, as the types declare it. */
const OPTIONS_CONSTRUCTOR = `    /**
     * Sets a run up at step 0 from its settings, \`{ generator, solver, width, height, seed, … }\`
     * (see {@link MazeRunOptions}: only \`generator\` is needed). Throws an \`Error\` naming the
     * option for a value of the wrong type or out of range and for an option the module does
     * not know (with the one meant when it is close), and for settings the core refuses
     * together (a generator the grid does not suit, diagonal moves on a hexagon grid, …), the
     * words as \`data\` too where the core has them.
     */
    constructor(options: MazeRunOptions);
`;

/**
 * Gives the types at `file` (pkg/mazestep.d.ts) the options form of the constructor, before
 * the positional one wasm-bindgen wrote (once).
 */
export function finishTypes(file) {
  const types = readFileSync(file, 'utf8');
  if (types.includes('constructor(options: MazeRunOptions);')) return;
  // The positional constructor and the doc comment above it.
  const positional = /\n    \/\*\*(?:(?!\*\/)[\s\S])*\*\/\n    constructor\(generator: string,/;
  const found = positional.exec(types);
  if (!found || !types.includes('export interface MazeRunOptions')) {
    throw new Error(`finish-pkg: ${file} has no positional MazeRun constructor or no MazeRunOptions: is it wasm-bindgen's types for mazestep?`);
  }
  const at = found.index + 1;
  writeFileSync(file, types.slice(0, at) + OPTIONS_CONSTRUCTOR + types.slice(at));
}

/** Appends the guard to the glue at `file` (once), and finishes the types beside it. */
export function finishPkg(file) {
  const glue = readFileSync(file, 'utf8');
  if (!glue.includes('export class MazeRun')) {
    throw new Error(`finish-pkg: ${file} has no MazeRun class: is it wasm-bindgen's glue for mazestep?`);
  }
  // A glue finished before the mark existed gets the mark only.
  if (!glue.includes(MARK)) writeFileSync(file, glue + GUARD + FINISHED_MARK);
  else if (!glue.includes(FINISHED_MARK)) writeFileSync(file, glue + FINISHED_MARK);
  const types = join(dirname(file), 'mazestep.d.ts');
  if (existsSync(types)) finishTypes(types);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/finish-pkg.mjs pkg/mazestep.js');
    process.exit(2);
  }
  try {
    finishPkg(file);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
