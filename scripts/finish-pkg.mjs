// Finishes wasm-bindgen's glue (pkg/mazestep.js) after `wasm-pack build`: appends a guard so
// that a call on a MazeRun whose free() has run throws a clear Error naming the method,
// instead of wasm-bindgen's "null pointer passed to rust". A second free() does nothing.
// Idempotent: a glue file that has the guard already is left alone.
//
//   node scripts/finish-pkg.mjs pkg/mazestep.js

import { readFileSync, writeFileSync } from 'node:fs';

const MARK = '// mazestep: calls on a freed run';

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

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/finish-pkg.mjs pkg/mazestep.js');
  process.exit(2);
}
const glue = readFileSync(file, 'utf8');
if (!glue.includes('export class MazeRun')) {
  console.error(`finish-pkg: ${file} has no MazeRun class: is it wasm-bindgen's glue for mazestep?`);
  process.exit(1);
}
if (!glue.includes(MARK)) writeFileSync(file, glue + GUARD);
