// Gzip of large network bodies in independently compressed segments (raw deflate ending in a full flush), cut at
// content-defined places, so that a body patched after a write keeps most segments byte-identical: only the segments
// that changed are compressed again (in parallel on libuv's thread pool) and the gzip is re-assembled — header,
// segments, a final empty block, CRC-32 and size: one ordinary gzip member for every client (the pigz technique).
import { constants, crc32, deflateRaw } from 'node:zlib';

/** Cut candidates: the start of the next object in a list (`},{"id":"…`); a cut where the id's hash says so. */
const PATTERN = Buffer.from('},{"id":"');
const MIN_SEGMENT = 64 * 1024, MAX_SEGMENT = 4 * 1024 * 1024;
/** One candidate in 1 024 becomes a cut: ≈ 0.5–1 MB segments for network reads. */
const CUT_MASK = 1023;

/** Segment end offsets of `body` (the last is body.length), chosen by content only. */
export function segmentCuts(body: Buffer): number[] {
  const cuts: number[] = [];
  let last = 0, i = body.indexOf(PATTERN, MIN_SEGMENT);
  while (i >= 0) {
    const at = i + 2; // cut between `},` and `{"id"`
    let h = 0;
    for (let k = i + PATTERN.length, e = Math.min(k + 12, body.length); k < e; k++) h = (Math.imul(h, 31) + body[k]) | 0;
    if ((at - last >= MIN_SEGMENT && (h & CUT_MASK) === 0) || at - last >= MAX_SEGMENT) { cuts.push(at); last = at; }
    i = body.indexOf(PATTERN, Math.max(i + 1, last + MIN_SEGMENT - PATTERN.length));
  }
  // long runs without candidates: plain cuts every MAX_SEGMENT bytes
  const out: number[] = [];
  let prev = 0;
  for (const c of [...cuts, body.length]) {
    while (c - prev > MAX_SEGMENT) { prev += MAX_SEGMENT; out.push(prev); }
    if (c > prev) { out.push(c); prev = c; }
  }
  return out;
}

function compress(seg: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => deflateRaw(seg, { level: 1, finishFlush: constants.Z_FULL_FLUSH }, (e, r) => (e ? reject(e) : resolve(r))));
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block with fixed Huffman codes (BFINAL 1, BTYPE 01, end-of-block). */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

export interface SegmentedGzip { gz: Buffer; parts: Map<string, Buffer>; reused: number; compressed: number }

/** The gzip of `body`; segments whose bytes are in `prev` (by CRC-32 and length) are not compressed again. */
export async function segmentedGzip(body: Buffer, prev?: ReadonlyMap<string, Buffer>): Promise<SegmentedGzip> {
  const parts = new Map<string, Buffer>();
  const jobs: Promise<Buffer>[] = [];
  let start = 0, reused = 0, compressed = 0;
  for (const end of segmentCuts(body)) {
    const seg = body.subarray(start, end);
    const key = `${crc32(seg) >>> 0}:${seg.length}`;
    const hit = parts.get(key) ?? prev?.get(key);
    if (hit) { reused++; jobs.push(Promise.resolve(hit)); parts.set(key, hit); }
    else { compressed++; const p = compress(seg); jobs.push(p); void p.then((b) => parts.set(key, b), () => undefined); }
    start = end;
  }
  const segs = await Promise.all(jobs);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body) >>> 0, 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return { gz: Buffer.concat([HEADER, ...segs, LAST_BLOCK, trailer]), parts, reused, compressed };
}
