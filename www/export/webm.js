// A WebM file of one VP8 video track from WebCodecs' encoded chunks, built in memory.
//
// Hand-written rather than a package: one track, known sizes (the whole file is in memory),
// no seeking index: about a hundred lines of the Matroska/EBML layout. The npm muxer
// (webm-muxer) handles audio, streaming and seeking we do not need, and its author now points
// to a far larger toolkit. Layout: EBML header, Segment { Info, Tracks, Cluster... }, each
// Cluster starting at a key frame (and at least every 30 s: a block's time is 16 bits of ms).

const enc = new TextEncoder();

/** An EBML variable-length size: the shortest form that holds `n`. */
function vint(n) {
  for (let len = 1; len <= 8; len++) {
    // All ones is reserved ("unknown size"), hence the - 1.
    if (n < 2 ** (7 * len) - 1) {
      const out = new Uint8Array(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v % 256;
        v = Math.floor(v / 256);
      }
      out[0] |= 0x80 >> (len - 1);
      return out;
    }
  }
  throw new Error(`webm: element of ${n} bytes is too big`);
}

/** An unsigned integer in as few bytes as it needs (at least one). */
function uint(n) {
  const bytes = [];
  let v = n;
  do {
    bytes.unshift(v % 256);
    v = Math.floor(v / 256);
  } while (v > 0);
  return Uint8Array.from(bytes);
}

function float64(x) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, x);
  return out;
}

function idBytes(id) {
  return uint(id);
}

/** An element: id, size, body (bytes or a list of child elements). */
function el(id, body) {
  const parts = Array.isArray(body) ? body : [body];
  const size = parts.reduce((sum, p) => sum + p.length, 0);
  return concat([idBytes(id), vint(size), ...parts]);
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The WebM file for `chunks` ({ data: Uint8Array, timestamp: µs, key: boolean }, in order, the
 * first a key frame) of a width × height VP8 stream, `frameMs` per frame.
 */
export function muxWebm(chunks, { width, height, frameMs }) {
  if (chunks.length === 0 || !chunks[0].key) throw new Error('webm: the first frame must be a key frame');
  const header = el(0x1a45dfa3, [
    el(0x4286, uint(1)), el(0x42f7, uint(1)), el(0x42f2, uint(4)), el(0x42f3, uint(8)),
    el(0x4282, enc.encode('webm')), el(0x4287, uint(2)), el(0x4285, uint(2)),
  ]);
  const info = el(0x1549a966, [
    el(0x2ad7b1, uint(1_000_000)), // timestamps in milliseconds
    el(0x4d80, enc.encode('mazestep')), el(0x5741, enc.encode('mazestep')),
    el(0x4489, float64(chunks.length * frameMs)),
  ]);
  const tracks = el(0x1654ae6b, [el(0xae, [
    el(0xd7, uint(1)), el(0x73c5, uint(1)), el(0x83, uint(1)), el(0x9c, uint(0)),
    el(0x86, enc.encode('V_VP8')), el(0x23e383, uint(Math.round(frameMs * 1e6))),
    el(0xe0, [el(0xb0, uint(width)), el(0xba, uint(height))]),
  ])]);
  const clusters = [];
  let blocks = [], clusterMs = 0;
  const close = () => {
    if (blocks.length > 0) clusters.push(el(0x1f43b675, [el(0xe7, uint(clusterMs)), ...blocks]));
    blocks = [];
  };
  for (const chunk of chunks) {
    const ms = Math.round(chunk.timestamp / 1000);
    if (blocks.length === 0 || chunk.key || ms - clusterMs > 30_000) {
      close();
      clusterMs = ms;
    }
    const head = new Uint8Array(4);
    head[0] = 0x81; // track 1
    new DataView(head.buffer).setInt16(1, ms - clusterMs);
    head[3] = chunk.key ? 0x80 : 0;
    blocks.push(el(0xa3, [head, chunk.data]));
  }
  close();
  return concat([header, el(0x18538067, [info, tracks, ...clusters])]);
}
