// Layers bench: style function throughput (features/s) and factory binary attribute building on up to 1M features,
// against a baseline that builds per-feature JS objects (what non-binary deck.gl accessors would need).
// Run: npx tsx bench/layers.bench.ts  (BENCH_MAX_SIZE caps the feature count).
import { row, sizes, stats, timeOnce, writeResults, type BenchRow } from './lib';
import { getStyle } from '../layers/styles';
import { buildAttributes } from '../layers/factory/binary';
import type { LayerFeature } from '../layers/factory/features';

const DRILL = ['archSinker', 'pressing', 'directional_drilling', 'garden_drilling', 'nanodrill'];

function points(n: number): LayerFeature[] {
  return Array.from({ length: n }, (_, i) => ({
    geometry: { type: 'Point', coordinates: [5 + (i % 1000) / 1e4, 52 + Math.floor(i / 1000) / 1e4] },
    properties: { physical_capacity: 48, capacity: 46, connections: i % 50, name: `DP-${i}` },
  }));
}
function lines(n: number): LayerFeature[] {
  return Array.from({ length: n }, (_, i) => {
    const x = 5 + (i % 1000) / 1e4, y = 52 + Math.floor(i / 1000) / 1e4;
    return { geometry: { type: 'LineString', coordinates: [[x, y], [x + 1e-4, y + 1e-4]] }, properties: { drilling_type: DRILL[i % 5] } };
  });
}

function best(runs: number, fn: () => void): number {
  return stats(Array.from({ length: runs }, () => timeOnce(fn))).min;
}

const rows: BenchRow[] = [];
for (const n of sizes([10_000, 100_000, 1_000_000])) {
  const runs = n >= 1_000_000 ? 2 : 4;
  const pts = points(n);
  const lns = lines(n);
  const dp = getStyle('dp').fn;
  const drill = getStyle('trenchDrilling').fn;
  const risk = getStyle('riskGrid').fn;
  const riskProps = Array.from({ length: n }, (_, i) => ({ risk: (i * 997) % 1_200_000 }));

  let sink = 0;
  const tDp = best(runs, () => { for (const f of pts) sink += dp(f.properties!, 18)!.width; });
  const tDrill = best(runs, () => { for (const f of lns) sink += drill(f.properties!, 18)!.width; });
  const tRisk = best(runs, () => { for (const p of riskProps) sink += risk(p, 14)?.width ?? 0; });
  rows.push(row('style dp fill state', n, 'throughput', 'Mfeatures/s', n / tDp / 1000));
  rows.push(row('style trench drilling (by value)', n, 'throughput', 'Mfeatures/s', n / tDrill / 1000));
  rows.push(row('style risk value bands', n, 'throughput', 'Mfeatures/s', n / tRisk / 1000));

  const baseline = (fs: LayerFeature[], style: typeof dp) => best(runs, () => {
    const out = fs.map((f) => { const s = style(f.properties!, 18)!; return { path: f.geometry!.coordinates, color: [...s.color], width: s.width }; });
    sink += out.length;
  });
  const tPtsBin = best(runs, () => { sink += buildAttributes(pts, 'point', dp, 18).length; });
  rows.push(row('factory binary attributes, points', n, 'time', 'ms', tPtsBin, baseline(pts, dp)));
  const tLnBin = best(runs, () => { sink += buildAttributes(lns, 'line', drill, 18).length; });
  rows.push(row('factory binary attributes, lines', n, 'time', 'ms', tLnBin, baseline(lns, drill)));
  if (sink === -1) console.log(sink);
}
writeResults('layers', rows, { note: 'baseline = per-feature JS objects {path, color[], width}; ratio = baseline/value' });
