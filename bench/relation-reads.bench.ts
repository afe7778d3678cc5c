// The relations of a whole read read field by field (issue 15; engine/field-reads.ts relationTypesOf, eachRelatedOf):
// the relation multiplicity rule alone and within the live validation's full run over a whole read's model (the
// generated FTTH network with UUID ids of bench:column-index, the real catalogue's relation types), beside the
// nineteenth stop's rule as the baseline (every relation walked as a row for the subjects, each subject's relation rows
// listed) — alternating, each on a fresh model; with how many relation (and value) rows each made and the heap after
// the full run.
// Run: npm run bench:relation-reads (honours BENCH_MAX_SIZE; BENCH_RELATION_RUNS passes each way, default 5).
import { networkColumns } from '../engine/network-arrow';
import { columnIndex } from '../engine/column-index';
import { columnRows, modelOfColumns } from '../engine/model-columns';
import { madeCount } from '../engine/lazy-rows';
import { NetworkValidation, type Model } from '../engine/index';
import { getInstance, relationRowsFrom, relationRowsTo } from '../engine/model';
import { prows, type RowBase } from '../engine/ptable';
import { countsByType, relationTypeFor } from '../engine/multiplicity';
import { failed } from '../engine/validation/context';
import { VALIDATORS, relationMultiplicity } from '../engine/validation/validators';
import type { ValidationResult, Validator } from '../engine/validation/types';
import { generatedAnswer } from '../tests/engine/support/arrow-networks';
import { catalogue } from '../tests/engine/catalogue';
import { heapMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_RELATION_RUNS ?? 5);

/** The rule as the nineteenth stop ran it (the baseline): the ends of every relation of a limited type, from its row. */
const baselineRule: Validator = {
  ...relationMultiplicity,
  subjects: (ctx) => function* ends(m) {
    const limited = new Set(ctx.schema.relationTypes.filter((t) => t.fromMultiplicity > 0 || t.toMultiplicity > 0).map((t) => t.name));
    const seen = new Set<string>();
    for (const r of prows(m.relations)) {
      if (!limited.has(r.objectRelationTypeName)) continue;
      for (const id of [r.fromId, r.toId]) if (!seen.has(id)) { seen.add(id); yield id; }
    }
  },
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    if (!inst) return [];
    const out: ValidationResult[] = [];
    for (const [side, rels] of [['source', relationRowsFrom(m, id)], ['target', relationRowsTo(m, id)]] as const) {
      if (!rels.length) continue;
      for (const [name, n] of countsByType(rels.map((r) => r.objectRelationTypeName))) {
        const t = side === 'source' ? relationTypeFor(ctx.schema, name, inst.objectTypeId) : relationTypeFor(ctx.schema, name, undefined, inst.objectTypeId);
        const max = !t ? 0 : side === 'source' ? t.fromMultiplicity : t.toMultiplicity;
        if (max > 0 && n > max) out.push(failed(ctx, relationMultiplicity.name, id, `Object instance ${id} is the ${side} of ${n} relations of type ${name}; at most ${max} allowed.`, severity));
      }
    }
    return out;
  },
};

const made = (m: Model) => madeCount((m.relations.base as RowBase<unknown>).rows);
const madeValues = (m: Model) => madeCount((m.attributeValues.base as RowBase<unknown>).rows);
const PASSES: [string, (m: Model, rule: Validator) => unknown][] = [
  ['relation multiplicity rule, full run', (m, rule) => new NetworkValidation(m, { validators: [rule] }).results().length],
  // the rule's share of a full run: the other validators (and the full run's keeping of failures only) are this code's
  ['live validation full run, this rule or the baseline\'s among the current others', (m, rule) =>
    new NetworkValidation(m, { validators: VALIDATORS.map((v) => (v === relationMultiplicity ? rule : v)) }).results().length],
];

const rows: BenchRow[] = [];
const { objectTypes, relationTypes } = catalogue();
for (const size of sizes([100_000])) {
  const bytes = generatedAnswer(size);
  const ms: Record<string, number[]> = {}, rowsMade: Record<string, number> = {}, heap: Record<string, number[]> = {};
  let relations = 0, values = 0, valuesMade = -1;
  for (let r = 0; r <= RUNS; r++) {
    for (const now_ of r % 2 ? [true, false] : [false, true]) {
      const rule = now_ ? relationMultiplicity : baselineRule;
      let m: Model | null = null;
      for (const [name, pass] of PASSES) {
        // each pass on a fresh model (the rule's alone and the full run's would otherwise share the rows made)
        const c = networkColumns(bytes);
        m = modelOfColumns(c, columnRows(c), columnIndex(c), { objectTypes, relationTypes });
        const t0 = now();
        pass(m, rule);
        const t = now() - t0;
        if (r > 0) (ms[`${name}|${now_}`] ??= []).push(t); // the first round warms up
        rowsMade[`${name}|${now_}`] = made(m);
        relations = (m.relations.base as RowBase<unknown>).rows.length;
        values = (m.attributeValues.base as RowBase<unknown>).rows.length;
        if (name === PASSES[1][0]) valuesMade = Math.max(valuesMade, madeValues(m)); // (getValueText: none, either rule)
      }
      if (r > 0) (heap[`${now_}`] ??= []).push(heapMB());
      m = null;
    }
  }
  for (const [name] of PASSES) {
    for (const q of ['p50', 'p99'] as const) rows.push(row(`${name} (baseline: the nineteenth stop's rule)`, size, q, 'ms', stats(ms[`${name}|true`])[q], stats(ms[`${name}|false`])[q]));
    rows.push(row(`${name}: relation rows made (of ${relations})`, size, 'count', 'rows', rowsMade[`${name}|true`], rowsMade[`${name}|false`]));
  }
  rows.push(row(`live validation full run: attribute-value rows made (of ${values})`, size, 'count', 'rows', valuesMade));
  rows.push(row('heap after the full run, model held', size, 'p50', 'MB', stats(heap.true).p50, stats(heap.false).p50));
}
writeResults('relation-reads', rows);
