// Area-loading merge benchmark (issue 15): window reads ("tiles") of a generated street network merged one after the
// other into a session — in bulk as base segments (engine/segments.ts, the default) beside row by row in transactions
// (the baseline: bulkMerge.min = ∞) — with the live validation following each merge's diff, as the map does. Prints
// p50/p99/max per tile, the session's memory after the merges and a lookup over the merged model.
// Run: npm run bench:merge (honours BENCH_MAX_SIZE; BENCH_MERGE_TILES tiles, default 24).
import {
  Editor, NetworkValidation, SpatialIndex, createModel, edgesOfNode, generateNetwork, getObject, getPathEdge, pathEdgesOfEdge, pentries,
  segmentCount, toWire, type Model, type NetworkObject,
} from '../engine/index';
import { memMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const rows: BenchRow[] = [];
/** Memory after full GCs, once freed shared typed-array stores are really released (they go a moment after the GC). */
async function settledMem(): Promise<number> {
  for (let k = 0; k < 3; k++) { memMB(); await new Promise((r) => setTimeout(r, 200)); }
  return memMB();
}
const TILES = Number(process.env.BENCH_MERGE_TILES ?? 24);
const PER_TILE = 10_000; // ≈ objects of one area tile of the demo project's density

/** Window reads as the server answers them: objects in the box, end nodes of its edges, paths over them whole. */
function reads(whole: Model, count: number): NetworkObject[][] {
  const index = SpatialIndex.fromModel(whole);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, n = 0;
  for (const [, o] of pentries(whole.networkObjects)) {
    if (!o.node) continue;
    const [x, y] = o.node.geometry.coordinates;
    minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); n++;
  }
  const perSide = Math.max(1, Math.round(Math.sqrt((n * 2.2) / PER_TILE)));
  const w = (maxX - minX) / perSide, h = (maxY - minY) / perSide;
  const out: NetworkObject[][] = [];
  for (let j = 0; j < perSide && out.length < count; j++) {
    for (let i = 0; i < perSide && out.length < count; i++) {
      const ids = new Set<string>();
      const x = minX + i * w, y = minY + j * h;
      for (const it of index.search(x, y, x + w, y + h)) ids.add(it.id);
      for (const id of [...ids]) {
        const o = getObject(whole, id);
        if (o?.edge) { ids.add(o.edge.fromNodeId); ids.add(o.edge.toNodeId); }
        if (o?.edge) for (const pe of pathEdgesOfEdge(whole, id)) ids.add(getPathEdge(whole, pe)!.pathId);
      }
      for (const id of [...ids]) {
        const p = toWire(whole, id)!;
        for (const pe of p.pathEdges ?? []) {
          ids.add(pe.edgeId);
          const e = getObject(whole, pe.edgeId)!.edge!;
          ids.add(e.fromNodeId); ids.add(e.toNodeId);
        }
      }
      out.push([...ids].map((id) => toWire(whole, id)!));
    }
  }
  return out;
}

for (const size of sizes([100_000, 1_000_000])) {
  const net = generateNetwork(size, { detail: 'ftth' });
  const whole = createModel(net);
  const tiles = reads(whole, TILES);
  const objects = tiles.reduce((s, t) => s + t.length, 0);
  const results: Record<string, { merge: number[]; validation: number[]; mem: number; lookup: number; segments: number }> = {};
  for (const mode of ['rows', 'bulk'] as const) {
    const mem0 = await settledMem();
    const ed = new Editor(createModel({ networkObjects: [], objectTypes: net.objectTypes }), {
      newId: () => 'x', projectId: 1, bulkMerge: mode === 'rows' ? { min: Infinity } : {},
    });
    const validation = new NetworkValidation(ed.model, {});
    const known = new Set<string>(), rels = new Set<string>();
    const merge: number[] = [], valid: number[] = [];
    for (const t of tiles) {
      const t0 = now();
      const { plan, diff } = ed.merge(t, { object: (id) => known.has(id), relation: (k) => rels.has(k) });
      const t1 = now();
      validation.apply(ed.model, diff);
      valid.push(now() - t1);
      merge.push(t1 - t0);
      for (const id of plan.objects) known.add(id);
      for (const r of diff.added) if (r.table === 'relations') rels.add(r.key);
    }
    const mem = (await settledMem()) - mem0;
    // a lookup over everything merged: the edges of every loaded node (reads every segment's lists)
    const nodes = [...known].filter((id) => getObject(ed.model, id)?.node);
    const l0 = now();
    let n = 0;
    for (const id of nodes) n += edgesOfNode(ed.model, id).length;
    const lookup = ((now() - l0) * 1000) / Math.max(1, nodes.length);
    if (n === 0) throw new Error('no edges merged');
    results[mode] = { merge, validation: valid, mem, lookup, segments: segmentCount(ed.model) };
  }
  const r = results.bulk, b = results.rows;
  const label = `${tiles.length} tiles of ≈ ${Math.round(objects / tiles.length)} objects`;
  for (const [metric, f] of [['time p50', 'p50'], ['time p99', 'p99'], ['time max', 'max']] as const) {
    rows.push(row(`merge a tile (${label}), bulk vs transactions`, size, metric, 'ms', stats(r.merge)[f], stats(b.merge)[f]));
  }
  rows.push(row('live validation of a merged tile, bulk vs transactions', size, 'time p50', 'ms', stats(r.validation).p50, stats(b.validation).p50));
  rows.push(row('session memory after the merges (heap + typed arrays)', size, 'memory', 'MB', r.mem, b.mem));
  rows.push(row(`edges of a node over the merged model (${r.segments} segments vs 1)`, size, 'time mean', 'µs', r.lookup, b.lookup));
}

writeResults('merge', rows);
