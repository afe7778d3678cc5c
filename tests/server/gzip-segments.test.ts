// Segmented gzip of large network bodies (server/network/gzip-segments.ts): an ordinary gzip every client can read;
// after a small change only the segments around it are compressed again.
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { segmentCuts, segmentedGzip } from '../../server/network/gzip-segments';

/** A network-read-like body of n objects. */
function body(n: number, tweak = -1): Buffer {
  const objs: string[] = [];
  for (let i = 0; i < n; i++) objs.push(JSON.stringify({ id: `${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}-${i}`, edge: { fromNodeId: `n${i}`, toNodeId: `n${i + 1}`, geometry: { type: 'LineString', coordinates: [[570000 + i, 6817000 + (i === tweak ? 99 : 0)], [570010 + i, 6817010]] } }, objectInstances: [{ id: randomUUIDFor(i), objectTypeId: 112 }] }));
  return Buffer.from(`{"data":[${objs.join(',')}]}`);
}
const ids = new Map<number, string>();
const randomUUIDFor = (i: number) => { let v = ids.get(i); if (!v) { v = randomUUID(); ids.set(i, v); } return v; };

describe('segmented gzip', () => {
  it('is one valid gzip member of the whole body', async () => {
    const b = body(20_000);
    const { gz, compressed } = await segmentedGzip(b);
    expect(compressed).toBeGreaterThan(1);
    expect(gunzipSync(gz).equals(b)).toBe(true);
    expect(gz.length).toBeLessThan(b.length / 3);
  });

  it('cuts by content: a change in one object leaves the other segments as they were', async () => {
    const a = body(20_000), b = body(20_000, 12_345);
    const ca = segmentCuts(a), cb = segmentCuts(b);
    expect(ca.length).toBeGreaterThan(4);
    const first = await segmentedGzip(a);
    const second = await segmentedGzip(b, first.parts);
    expect(gunzipSync(second.gz).equals(b)).toBe(true);
    expect(second.compressed).toBeLessThanOrEqual(2);
    expect(second.reused).toBe(cb.length - second.compressed);
  });

  it('handles small bodies and bodies without cut candidates', async () => {
    for (const b of [Buffer.from('[]'), Buffer.alloc(9 * 1024 * 1024, 'x')]) {
      expect(gunzipSync((await segmentedGzip(b)).gz).equals(b)).toBe(true);
    }
  });
});
