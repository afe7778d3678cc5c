// The main thread's part of a whole read (issue 15; engine/lazy-column-rows.ts, model-columns.ts): the rows made from
// an Arrow answer's columns, the model assembled from them and the worker's index, then the map's first-draw reads
// (src/map/render/model-source.ts: every object described — its instances' types, its first instance's style props, a
// path's line along its edges, each path's display name). The instance and path-edge rows and the ids' text other than the objects' made when first
// read (this code) beside the same steps with them made up front (the baseline: the sixteenth/seventeenth stops'
// rows) — on the generated FTTH network with UUID ids of bench:column-index (tests/engine/support/arrow-networks.ts generatedAnswer).
// Run: npm run bench:column-rows (honours BENCH_MAX_SIZE; BENCH_ROWS_RUNS passes, default 7).
import { networkColumns, instanceRows, objectRows, pathEdgeRows, type NetworkColumns } from '../engine/network-arrow';
import { columnIds, columnIndex } from '../engine/column-index';
import { columnRows, modelOfColumns, type ColumnRows } from '../engine/model-columns';
import { lazyRelationRows, lazyValueRows } from '../engine/lazy-column-rows';
import { madeCount } from '../engine/lazy-rows';
import { createModel, instanceRowsOf, type NetworkObjectRow } from '../engine/model';
import { modelSource } from '../src/map/render/model-source';
import { generatedAnswer as uuidAnswer } from '../tests/engine/support/arrow-networks';
import { heapMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_ROWS_RUNS ?? 7);

/** The baseline: every id's text, instance and path-edge row made up front (values and relations lazy either way). */
function eagerRows(c: NetworkColumns): ColumnRows {
  const ids = columnIds(c), objects = new Array<NetworkObjectRow>(c.objects);
  objectRows(c, ids, (i, o) => { objects[i] = o; });
  return { ids, objects, instances: instanceRows(c, ids), pathEdges: pathEdgeRows(c, ids), values: lazyValueRows(c, ids), relations: lazyRelationRows(c, ids) };
}

let kept: unknown = null;
const tick = () => new Promise((r) => setTimeout(r, 0));
const tiny = createModel({ networkObjects: [{ id: 'o', projectId: 1, node: { geometry: { type: 'Point', coordinates: [0, 0] } }, objectInstances: [{ id: 'i', objectTypeId: 1, networkObjectId: 'o' }] }] });

/** One pass (a function of its own: a suspended caller keeps no model of an earlier pass alive). */
async function pass(bytes: Uint8Array, lazy: boolean) {
  await tick(); instanceRowsOf(tiny, 'o'); // the row and list caches let go of the last pass's tables
  const c = networkColumns(bytes), ix = columnIndex(c);
  const h0 = heapMB();
  const t0 = now();
  const rs = lazy ? columnRows(c) : eagerRows(c);
  const t1 = now();
  const m = modelOfColumns(c, rs, ix);
  const t2 = now();
  const src = modelSource(() => m);
  let drawn = 0;
  src.forEach((id, d) => { drawn++; d.props?.(); if (d.path) { d.over?.(); src.labelOf(id); } });
  const t3 = now();
  kept = m;
  await tick();
  const mb = heapMB() - h0;
  kept = null;
  const made = `${madeCount(rs.ids)} of ${rs.ids.length} id strings, ${madeCount(rs.instances)} of ${rs.instances.length} instance rows, ` +
    `${madeCount(rs.pathEdges)} of ${rs.pathEdges.length} path-edge rows made after the draw's reads; ${drawn} objects described`;
  return { rows: t1 - t0, model: t2 - t0, draw: t3 - t2, all: t3 - t0, MB: mb, made };
}

const rows: BenchRow[] = [];
for (const size of sizes([100_000])) {
  const bytes = uuidAnswer(size);
  const t: Record<string, number[]> = {};
  let made = '';
  for (let r = 0; r < RUNS + 1; r++) {
    for (const lazy of r % 2 ? [true, false] : [false, true]) {
      const x = await pass(bytes, lazy);
      if (r === 0) continue; // warm-up
      for (const k of ['rows', 'model', 'draw', 'all', 'MB'] as const) (t[`${lazy ? 'lazy' : 'eager'} ${k}`] ??= []).push(x[k]);
      if (lazy) made = x.made;
    }
  }
  const p = (k: string, q: 'p50' | 'p99' = 'p50') => stats(t[k])[q];
  console.log(`${size} edges: ${(bytes.length / 2 ** 20).toFixed(1)} MB answer; ${made}`);
  for (const [name, key] of [['rows made (baseline: ids, instance and path-edge rows up front)', 'rows'], ['rows made + model assembled', 'model'],
    ['the first draw\'s reads of the model', 'draw'], ['rows + model + the draw\'s reads', 'all']] as const) {
    rows.push(row(name, size, 'p50', 'ms', p(`lazy ${key}`), p(`eager ${key}`)));
    rows.push(row(name, size, 'p99', 'ms', p(`lazy ${key}`, 'p99'), p(`eager ${key}`, 'p99')));
  }
  rows.push(row('heap the model holds after the draw\'s reads (full GC)', size, 'p50', 'MB', p('lazy MB'), p('eager MB')));
}
void kept;
writeResults('column-rows', rows);
