// Lookups by id after a whole load (issue 15): rows named by the model's reverse indexes read through the lists' row
// numbers (engine/list-rows.ts) beside the same reads by key (each element's id made, hashed, probed and compared;
// `listRowReads.byRowNumber = false`), on generated FTTH networks at 10⁵ and 10⁶ edges — the accessors per call and
// the passes an open of a whole-loaded project runs before its first frame: the map's chunk source (describe + style
// props of every object), labels, the live validation's full run and the capex index.
// Run: npm run bench:lookups (honours BENCH_MAX_SIZE).
import {
  CapexIndex, NetworkValidation, createModel, displayName, generateNetwork, getInstance, getValue, instanceRowsOf, instancesOf,
  listRowReads, pentries, valuesOf, type Model,
} from '../engine/index';
import { modelSource } from '../src/map/render/model-source';
import { heapMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_LOOKUP_RUNS ?? 3);

/** p50 milliseconds of `RUNS` passes of fn, reads by row number on or off. */
function passes(byRowNumber: boolean, fn: () => unknown): number {
  listRowReads.byRowNumber = byRowNumber;
  fn(); // warm
  const t: number[] = [];
  for (let k = 0; k < RUNS; k++) { heapMB(); const t0 = now(); fn(); t.push(now() - t0); }
  listRowReads.byRowNumber = true;
  return stats(t).p50;
}

const shuffle = <T>(a: T[]): T[] => {
  let s = 7;
  for (let i = a.length - 1; i > 0; i--) { s = (s * 1103515245 + 12345) & 0x7fffffff; const j = s % (i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
};

const rows: BenchRow[] = [];
for (const size of sizes([100_000, 1_000_000])) {
  let net: ReturnType<typeof generateNetwork> | null = generateNetwork(size, { detail: 'ftth' });
  const m: Model = createModel(net);
  net = null;
  const objects = shuffle([...pentries(m.networkObjects)].map(([id]) => id));
  const insts = shuffle([...pentries(m.objectInstances)].map(([id]) => id));
  const values = shuffle([...pentries(m.attributeValues)].map(([, v]) => v));
  console.log(`${size} edges: ${objects.length} objects, ${insts.length} instances, ${values.length} values`);
  const perCall = (name: string, n: number, fn: () => unknown) => {
    const a = passes(true, fn), b = passes(false, fn);
    rows.push(row(name, size, 'per call (p50 of passes, random order)', 'ns', (a * 1e6) / n, (b * 1e6) / n));
  };
  perCall('valuesOf', insts.length, () => { let s = 0; for (const i of insts) s += valuesOf(m, i).length; return s; });
  perCall('getValue', values.length, () => { let s = 0; for (const v of values) s += getValue(m, v.objectInstanceId, v.attributeTypeName) ? 1 : 0; return s; });
  {
    const a = passes(true, () => { let s = 0; for (const id of objects) s += instanceRowsOf(m, id).length; return s; });
    const b = passes(true, () => { let s = 0; for (const id of objects) for (const i of instancesOf(m, id)) s += getInstance(m, i) ? 1 : 0; return s; });
    rows.push(row('instanceRowsOf (baseline: instancesOf + getInstance)', size, 'per call (p50 of passes, random order)', 'ns', (a * 1e6) / objects.length, (b * 1e6) / objects.length));
  }
  const src = modelSource(() => m);
  const whole = (name: string, fn: () => unknown) => rows.push(row(name, size, 'whole pass (p50)', 'ms', passes(true, fn), passes(false, fn)));
  whole('map chunk source: describe + style props of every object', () => {
    let n = 0;
    src.forEach((id) => {
      const d = src.get(id);
      if (d) { n += Object.keys(d.props?.() ?? {}).length; for (const i of d.instances ?? []) n += Object.keys(i.props()).length; }
    });
    return n;
  });
  whole('labels (displayName of every object)', () => { let n = 0; for (const id of objects) n += displayName(m, id).length; return n; });
  whole('live validation full run', () => new NetworkValidation(m, {}).results().length);
  whole('capex index build', () => new CapexIndex(m));
}
writeResults('lookups', rows, { note: 'value: reads through list row numbers; baseline: the same reads by key (listRowReads.byRowNumber = false)' });
