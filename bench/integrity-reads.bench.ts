// graph_integrity over a whole read (issue 15, twenty-first stop; engine/integrity.ts objectIssues): a path's path edges
// read through its list's row numbers (pathEdgeRowsOf) and a node's listed edges known to exist without a lookup where
// the list is read by row number and the objects have no local change — beside the twentieth stop's reads as the
// baseline (each path edge and each listed edge looked up by id). The rule alone and within the live validation's full
// run over a whole read's model (the generated FTTH network with UUID ids of bench:column-index, the real catalogue),
// alternating, each on a fresh model (bench/rule-passes.ts); the heap after the full run.
// Run: npm run bench:integrity-reads (honours BENCH_MAX_SIZE; BENCH_INTEGRITY_RUNS passes each way, default 5).
import type { Model } from '../engine/index';
import { edgesOfNode, getObject, getPathEdge, kindOf, pathEdgesOfPath } from '../engine/model';
import { objectIssues, type IntegrityIssue } from '../engine/integrity';
import { failed } from '../engine/validation/context';
import { graphIntegrity } from '../engine/validation/validators';
import type { Validator } from '../engine/validation/types';
import type { Id } from '../engine/types';
import { generatedAnswer } from '../tests/engine/support/arrow-networks';
import { catalogue } from '../tests/engine/catalogue';
import { row, sizes, stats, writeResults, type BenchRow } from './lib';
import { timeRulePasses } from './rule-passes';

const RUNS = Number(process.env.BENCH_INTEGRITY_RUNS ?? 5);

/** The twentieth stop's path and node reads: every path edge and every listed edge looked up by id. */
function baselineIssues(m: Model, id: Id): IntegrityIssue[] {
  const o = getObject(m, id)!;
  const kind = kindOf(o);
  if (kind === 'edge') return objectIssues(m, id, o, { geometry: true });
  const issues: IntegrityIssue[] = [];
  if (kind === 'node') {
    objectIssues(m, id, o, { geometry: true }, issues);
    for (const eid of edgesOfNode(m, id)) if (!getObject(m, eid)) issues.push({ code: 'missing endpoint', id: eid, message: `edge ${eid} is missing` });
    return issues;
  }
  let at: Id | null = null;
  for (const peId of pathEdgesOfPath(m, id)) {
    const pe = getPathEdge(m, peId)!;
    const edge = getObject(m, pe.edgeId)?.edge;
    if (!edge) { issues.push({ code: 'path edge on missing edge', id: pe.id, message: `path edge ${pe.id} refers to missing edge ${pe.edgeId}` }); at = null; continue; }
    const fits = pe.startNodeId === edge.fromNodeId || pe.startNodeId === edge.toNodeId;
    if (!fits || (at !== null && pe.startNodeId !== at)) issues.push({ code: 'path not traversable', id, message: `path ${id} is not traversable at path edge ${pe.id}` });
    at = pe.startNodeId === edge.fromNodeId ? edge.toNodeId : edge.fromNodeId;
  }
  return issues;
}
const baselineRule: Validator = {
  ...graphIntegrity,
  check: (m, id, ctx, severity) => (getObject(m, id) ? baselineIssues(m, id).map((i) => failed(ctx, graphIntegrity.name, id, i.message, severity)) : []),
};

const rows: BenchRow[] = [];
const { objectTypes, relationTypes } = catalogue();
for (const size of sizes([100_000])) {
  const t = timeRulePasses(generatedAnswer(size), { objectTypes, relationTypes }, graphIntegrity, baselineRule, 'graph_integrity', RUNS);
  for (const name of t.names) {
    const now_ = t.results[`${name}|true`], base = t.results[`${name}|false`];
    if (now_ !== base) throw new Error(`${name}: ${now_} results, the baseline ${base}`);
    for (const q of ['p50', 'p99'] as const) rows.push(row(`${name} (baseline: the twentieth stop's reads; ${now_} results)`, size, q, 'ms', stats(t.ms[`${name}|true`])[q], stats(t.ms[`${name}|false`])[q]));
  }
  rows.push(row('heap after the full run, model held', size, 'p50', 'MB', stats(t.heap.true).p50, stats(t.heap.false).p50));
}
writeResults('integrity-reads', rows);
