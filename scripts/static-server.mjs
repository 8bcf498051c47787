// A tiny static file server for the page: serves one folder on 127.0.0.1 with the MIME types
// browsers insist on (application/wasm for .wasm, text/javascript for ES modules). Node's
// standard library only, so it needs no install.
//
//   node scripts/static-server.mjs [--root DIR] [--port N] [--gzip]
//
// --root defaults to the repository root; --port defaults to $PORT, else 8000. If that port is
// taken the next free one is used (up to 50 further, then any the system offers); --port 0
// asks the system for any free port. Once listening it prints one line,
// "serving DIR at http://127.0.0.1:PORT/", so a test can read the URL from stdout.
//
// --gzip sends text and .wasm gzipped (level 9) to browsers that accept it, as a real host
// would (scripts/serve uses it; tests/perf/load.mjs measures the page over it). Each file is
// compressed once per version (its size and modification time) and kept in memory.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzip as gzipCallback } from 'node:zlib';
import { promisify } from 'node:util';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.rs': 'text/plain; charset=utf-8',
  '.toml': 'text/plain; charset=utf-8',
};

// What is worth compressing: text of every kind, and the wasm module (about a third of its size).
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.wasm', '.svg', '.txt', '.md', '.ts', '.rs', '.toml']);
const gzip = promisify(gzipCallback);

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i === -1) return fallback;
  const value = process.argv[i + 1];
  if (value === undefined) fail(`${name} needs a value`);
  return value;
}

function fail(message) {
  console.error(`static-server: ${message}`);
  process.exit(2);
}

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(option('--root', join(here, '..')));
const portText = option('--port', process.env.PORT || '8000');
if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
  fail(`port '${portText}' is not allowed: use a whole number from 0 to 65535`);
}
const wanted = Number(portText);
const gzipping = process.argv.includes('--gzip');

// Compressed files by path, each with the version it was made from.
const zipped = new Map();
async function gzipped(file, info) {
  const version = `${info.size}:${info.mtimeMs}`;
  const kept = zipped.get(file);
  if (kept && kept.version === version) return kept.body;
  const body = await gzip(await readFile(file), { level: 9 });
  zipped.set(file, { version, body });
  return body;
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  } catch {
    res.writeHead(400).end('bad request\n');
    return;
  }
  let file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end('forbidden\n');
    return;
  }
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      if (!path.endsWith('/')) {
        res.writeHead(301, { Location: `${path}/` }).end();
        return;
      }
      file = join(file, 'index.html');
      info = await stat(file);
    }
    const headers = {
      'Content-Type': TYPES[extname(file).toLowerCase()] || 'application/octet-stream',
      'Content-Length': info.size,
      // A development server: always serve the freshly built files.
      'Cache-Control': 'no-store',
    };
    if (gzipping && COMPRESSIBLE.has(extname(file).toLowerCase())) {
      headers.Vary = 'Accept-Encoding';
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        const body = await gzipped(file, info);
        res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
  }
}

function listen(port, triesLeft) {
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.once('error', (err) => {
    if (err.code !== 'EADDRINUSE') fail(`cannot listen on 127.0.0.1:${port}: ${err.message}`);
    const next = triesLeft > 0 && port < 65535 ? port + 1 : 0;
    console.error(`static-server: port ${port} is busy, trying ${next || 'any free port'}`);
    listen(next, triesLeft - 1);
  });
  server.listen(port, '127.0.0.1', () => {
    const { port: actual } = server.address();
    console.log(`serving ${root} at http://127.0.0.1:${actual}/`);
  });
}

listen(wanted, wanted === 0 ? 0 : 50);
