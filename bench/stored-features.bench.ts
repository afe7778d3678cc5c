// Stored features on the map (issue 12): the cost of one select click that tests the drawn stored features (a miss,
// the worst case: every feature of the layer is tested) for N points / N polygons — ours projects a layer's features
// to map units once per features array (cached, with a box test first), the baseline reprojects every feature on
// every click (the first version); the first click on a layer (which prepares it) separately; and the feature
// transaction planner (N inserts → chunks of 50 → XML) plus reading N inserted ids from an answer.
// Run: npx tsx bench/stored-features.bench.ts  (BENCH_MAX_SIZE caps N).
import { row, sample, sizes, stats, timeOnce, writeResults, type BenchRow } from './lib';
import { getLayer, type LayerFeature } from '../layers';
import { toLngLat } from '../engine/mercator';
import type { Position } from '../engine/types';
import { geometryHit, hitStoredFeature } from '../src/map/features/feature-hit';
import { insertedIds, planChunks, type FeatureOp } from '../src/map/features/transaction-plan';

const X0 = 570000, Y0 = 6817000;
const cell = (i: number): [number, number] => [X0 + (i % 1000) * 30, Y0 + Math.floor(i / 1000) * 30];
function points(n: number): LayerFeature[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i}`, geometry: { type: 'Point', coordinates: toLngLat(cell(i)) }, properties: {} }));
}
function squares(n: number): LayerFeature[] {
  return Array.from({ length: n }, (_, i) => {
    const [x, y] = cell(i);
    const ring = [[x, y], [x + 20, y], [x + 20, y + 20], [x, y + 20], [x, y]].map((p) => toLngLat(p as Position));
    return { id: `s${i}`, geometry: { type: 'Polygon', coordinates: [ring] } as LayerFeature['geometry'], properties: {} };
  });
}

const rows: BenchRow[] = [];
const miss: Position = [X0 - 500, Y0 - 500];
for (const n of sizes([1_000, 10_000, 100_000])) {
  const runs = n >= 100_000 ? 20 : 100;
  const pts = points(n), sq = squares(n);
  const layerPts = [{ entry: getLayer('notes'), features: pts }], layerSq = [{ entry: getLayer('shaping'), features: sq }];
  const firstPts = timeOnce(() => hitStoredFeature(layerPts, miss, 3)), firstSq = timeOnce(() => hitStoredFeature(layerSq, miss, 3));
  const hitPts = stats(sample(runs, () => hitStoredFeature(layerPts, miss, 3)));
  const basePts = stats(sample(Math.min(runs, 20), () => pts.some((f) => geometryHit(f.geometry, miss, 3))));
  const hitSq = stats(sample(runs, () => hitStoredFeature(layerSq, miss, 3)));
  const baseSq = stats(sample(Math.min(runs, 20), () => sq.some((f) => geometryHit(f.geometry, miss, 3))));
  rows.push(row('select click, points (miss: all tested)', n, 'time p50', 'ms', hitPts.p50, basePts.p50));
  rows.push(row('select click, points (miss: all tested)', n, 'time p99', 'ms', hitPts.p99, basePts.p99));
  rows.push(row('select click, polygons (miss: all tested)', n, 'time p50', 'ms', hitSq.p50, baseSq.p50));
  rows.push(row('select click, polygons (miss: all tested)', n, 'time p99', 'ms', hitSq.p99, baseSq.p99));
  rows.push(row('first click on the layers (prepares points + polygons)', n, 'time', 'ms', firstPts + firstSq));

  const ops: FeatureOp[] = Array.from({ length: n }, (_, i) => ({ kind: 'insert', feature: {
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, table: i % 2 ? 'note' : 'fttx_feature', type: 'note', layer: null, category: null,
    name: `n${i}`, topologyId: null, properties: { size: 7, color: '#ffdd00' }, geometry: { type: 'Point', coordinates: cell(i) } } }));
  let chunks = 0;
  const tPlan = Math.min(...Array.from({ length: 3 }, () => timeOnce(() => { chunks = planChunks(ops, 'fttx').length; })));
  const answer = `<wfs:TransactionResponse><wfs:InsertResults>${ops.map((_, i) => `<wfs:Feature><ogc:FeatureId fid="note.u${i}"/></wfs:Feature>`).join('')}</wfs:InsertResults></wfs:TransactionResponse>`;
  const tIds = Math.min(...Array.from({ length: 3 }, () => timeOnce(() => insertedIds(answer))));
  rows.push(row(`plan inserts → ${chunks} chunks of ≤ 50 (XML)`, n, 'time', 'ms', tPlan));
  rows.push(row('inserted ids read from one answer', n, 'time', 'ms', tIds));
}
writeResults('stored-features', rows);
