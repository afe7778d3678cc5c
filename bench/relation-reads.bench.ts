// The relations of a whole read read field by field (issue 15; engine/field-reads.ts relationTypesOf, eachRelatedOf):
// the relation multiplicity rule alone and within the live validation's full run over a whole read's model (the
// generated FTTH network with UUID ids of bench:column-index, the real catalogue's relation types), beside the
// nineteenth stop's rule as the baseline (every relation walked as a row for the subjects, each subject's relation rows
// listed) — alternating, each on a fresh model; with how many relation (and value) rows each made and the heap after
// the full run.
// Run: npm run bench:relation-reads (honours BENCH_MAX_SIZE; BENCH_RELATION_RUNS passes each way, default 5).
import { madeCount } from '../engine/lazy-rows';
import type { Model } from '../engine/index';
import { getInstance, relationRowsFrom, relationRowsTo } from '../engine/model';
import { prows, type RowBase } from '../engine/ptable';
import { countsByType, relationTypeFor } from '../engine/multiplicity';
import { failed } from '../engine/validation/context';
import { relationMultiplicity } from '../engine/validation/validators';
import type { ValidationResult, Validator } from '../engine/validation/types';
import { generatedAnswer } from '../tests/engine/support/arrow-networks';
import { catalogue } from '../tests/engine/catalogue';
import { row, sizes, stats, writeResults, type BenchRow } from './lib';
import { timeRulePasses } from './rule-passes';

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

const rows: BenchRow[] = [];
const { objectTypes, relationTypes } = catalogue();
for (const size of sizes([100_000])) {
  const rowsMade: Record<string, number> = {};
  let relations = 0, values = 0, valuesMade = -1;
  const t = timeRulePasses(generatedAnswer(size), { objectTypes, relationTypes }, relationMultiplicity, baselineRule, 'relation multiplicity', RUNS, (name, current, m) => {
    rowsMade[`${name}|${current}`] = made(m);
    relations = (m.relations.base as RowBase<unknown>).rows.length;
    values = (m.attributeValues.base as RowBase<unknown>).rows.length;
    if (!name.endsWith(' rule, full run')) valuesMade = Math.max(valuesMade, madeValues(m)); // (getValueText: none, either rule)
  });
  for (const name of t.names) {
    for (const q of ['p50', 'p99'] as const) rows.push(row(`${name} (baseline: the nineteenth stop's rule)`, size, q, 'ms', stats(t.ms[`${name}|true`])[q], stats(t.ms[`${name}|false`])[q]));
    rows.push(row(`${name}: relation rows made (of ${relations})`, size, 'count', 'rows', rowsMade[`${name}|true`], rowsMade[`${name}|false`]));
  }
  rows.push(row(`live validation full run: attribute-value rows made (of ${values})`, size, 'count', 'rows', valuesMade));
  rows.push(row('heap after the full run, model held', size, 'p50', 'MB', stats(t.heap.true).p50, stats(t.heap.false).p50));
}
writeResults('relation-reads', rows);
