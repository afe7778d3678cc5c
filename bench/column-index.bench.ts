// The index worker's part of a whole read (issue 15; engine/column-index.ts, key-slots.ts): the id tables' slots and the
// list plans computed from an Arrow answer's columns as the worker does (ids hashed from their UUID bytes), with the
// values' and relations' slots placed with the index (the baseline) or after it (`keysLater`, what the worker sends
// first) — on a generated FTTH network with UUID ids, encoded by the server's encoder (the size of bench:browser-whole's
// project at 10⁵ edges: 236 619 objects, 607 096 ids, 951 015 values, 180 730 relations).
// Run: npm run bench:column-index (honours BENCH_MAX_SIZE; BENCH_INDEX_RUNS passes, default 7).
import { networkColumns } from '../engine/network-arrow';
import { columnIndexer } from '../engine/column-index';
import { columnIdText } from '../engine/id-text';
import { generatedAnswer as answer } from '../tests/engine/support/arrow-networks';
import { heapMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_INDEX_RUNS ?? 7);

const rows: BenchRow[] = [];
for (const size of sizes([100_000])) {
  const bytes = answer(size);
  const t: Record<string, number[]> = {};
  const put = (k: string, ms: number) => (t[k] ??= []).push(ms);
  for (let r = 0; r < RUNS + 1; r++) {
    for (const later of [false, true]) {
      heapMB();
      const c = networkColumns(bytes);
      const t0 = now();
      const ix = columnIndexer(columnIdText(c.ids, c.uuids), c.objects, later);
      const t1 = now();
      for (const name of ['edges', 'instances', 'pathEdges', 'values', 'relations']) ix.take(name, c);
      ix.done(c);
      const t2 = now();
      const keys = ix.keySlots(c);
      const t3 = now();
      if (later && r > 0) put('later keys MB', ((keys.attributeValues?.byteLength ?? 0) + (keys.relations?.byteLength ?? 0)) / 2 ** 20);
      if (r === 0) continue; // warm-up
      const k = later ? 'later' : 'now';
      put(`${k} ids`, t1 - t0); put(`${k} index`, t2 - t0); put(`${k} keys`, t3 - t2);
    }
  }
  const p = (k: string, q: 'p50' | 'p99' = 'p50') => stats(t[k])[q];
  console.log(`${size} edges: ${(bytes.length / 2 ** 20).toFixed(1)} MB answer`);
  rows.push(row('ids hashed from their bytes + objects\' id table', size, 'p50', 'ms', p('later ids'), p('now ids')));
  rows.push(row('index handed over (baseline: values\' and relations\' slots placed with it)', size, 'p50', 'ms', p('later index'), p('now index')));
  rows.push(row('index handed over (baseline: values\' and relations\' slots placed with it)', size, 'p99', 'ms', p('later index', 'p99'), p('now index', 'p99')));
  rows.push(row('values\' and relations\' slots, after the index', size, 'p50', 'ms', p('later keys')));
  rows.push(row('memory the model holds for the values\' and relations\' slots (the same either way)', size, 'p50', 'MB', p('later keys MB')));
  rows.push(row('index and slots in all (baseline: placed with the index)', size, 'p50', 'ms', stats(t['later index'].map((x, i) => x + t['later keys'][i])).p50, p('now index')));
}
writeResults('column-index', rows);
