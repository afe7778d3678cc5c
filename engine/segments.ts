// Base segments (issue 15): a merge of an area read adds its rows as one more base segment of every table — a model
// built in bulk by createModel from just those rows — instead of one overlay write per row. Segments are folded
// together log-structured (the newest into the one before while it holds at least 2/3 of its rows, as a binary
// counter carries; reads vary in size), so a lookup probes O(log n) segments and each loaded row is rebuilt O(log n) times in all.
import { createModel, type Model, type Schema } from './model';
import { baseEntries, baseRowCount, overlayGet, PTableWriter, type Base, type PTable, type RowBase } from './ptable';
import { idListEqual } from './equal';
import { filledRows } from './lazy-rows';

export const ROW_TABLES = ['networkObjects', 'pathEdges', 'objectInstances', 'attributeValues', 'relations'] as const;
export const LIST_TABLES = [
  'edgesByNode', 'instancesByObject', 'pathEdgesByPath', 'pathEdgesByEdge', 'relationsBySource', 'relationsByTarget', 'valuesByInstance',
] as const;
type TableKey = (typeof ROW_TABLES)[number] | (typeof LIST_TABLES)[number];
const TABLES: readonly TableKey[] = [...ROW_TABLES, ...LIST_TABLES];

export interface BulkMergeLimits {
  /** Below this many rows a merge goes through a transaction (a segment per small read would only be folded again). */
  min: number;
  /** More segments than this are folded whatever their sizes (bounds the probes of a lookup). */
  maxSegments: number;
  /** Two segments holding more rows than this together are not folded (unless there are too many): one fold stays a
   *  bounded pause (≈ 0.3 s at 5·10⁵ rows here) instead of a rebuild of everything loaded. */
  foldMaxRows: number;
}
export const BULK_MERGE: BulkMergeLimits = { min: 2_048, maxSegments: 16, foldMaxRows: 500_000 };

type RowTable = (typeof ROW_TABLES)[number];
type Tables = Record<TableKey, PTable<unknown>>;

/** One model (a single base) of the given rows of each row table, with the schema given: the bulk build that merges,
 *  folds and compaction share. */
export function modelFromRows(schema: Schema, rows: Record<RowTable, readonly unknown[]>): Model {
  return createModel({
    networkObjects: rows.networkObjects as never, pathEdges: rows.pathEdges as never, objectInstances: rows.objectInstances as never,
    attributeValues: rows.attributeValues as never, relations: rows.relations as never,
    objectTypes: Object.values(schema.objectTypes), relationTypes: schema.relationTypes,
  });
}

/** The rows of each row table that `rows` yields for it (rows only: a composite key — attribute value, relation —
 *  would be made per row by an iteration of entries). */
export function rowsOf(m: Model, rows: (t: PTable<unknown>) => Iterable<unknown>): Record<RowTable, unknown[]> {
  const out = {} as Record<RowTable, unknown[]>;
  for (const name of ROW_TABLES) { const l: unknown[] = []; for (const v of rows(tablesOf(m)[name])) l.push(v); out[name] = l; }
  return out;
}
const tablesOf = (m: Model): Tables => m as unknown as Tables;
const basesOf = (t: PTable<unknown>): Base<unknown>[] => [t.base, ...t.segs];

/** Rows of base segment k (0 = the base) summed over the row tables. */
function segmentRows(m: Model, k: number): number {
  let n = 0;
  for (const name of ROW_TABLES) n += basesOf(tablesOf(m)[name])[k].ids.size;
  return n;
}

/** Number of base segments (the base included). */
export function segmentCount(m: Model): number {
  return 1 + m.networkObjects.segs.length;
}

/**
 * The model with `seg`'s tables (a model of rows the model does not hold: createModel over them) appended as its newest
 * base segment, then folded as needed. The overlay stays on top: a list key the overlay overrides and the segment adds
 * to gets the segment's entries in its overlay list too, so nothing the segment brings is hidden.
 */
export function appendSegment(m: Model, seg: Model, limits: BulkMergeLimits = BULK_MERGE, deferFolds = false): Model {
  const out = { ...m } as Model;
  const src = tablesOf(m), add = tablesOf(seg), dst = tablesOf(out);
  const empty = segmentCount(m) === 1 && ROW_TABLES.every((n) => baseRowCount(src[n]) === 0) && TABLES.every((n) => src[n].over === null);
  for (const name of TABLES) {
    const t = src[name], s = add[name];
    dst[name] = empty ? { base: s.base, segs: t.segs, over: t.over } : { base: t.base, segs: [...t.segs, s.base], over: t.over };
  }
  if (empty) return out;
  for (const name of LIST_TABLES) {
    const t = src[name];
    if (t.over === null) continue;
    let w: PTableWriter<string[]> | null = null;
    for (const [key, list] of baseEntries(add[name].base as Base<string[]>)) {
      const o = overlayGet(t as PTable<string[]>, key);
      if (o === undefined) continue;
      w ??= new PTableWriter<string[]>(dst[name] as PTable<string[]>, idListEqual);
      w.set(key, [...(o ?? []), ...list].sort());
    }
    if (w) dst[name] = w.finish();
  }
  return foldSegments(out, limits, deferFolds);
}

/** Folds the newest segments while the newest holds at least 2/3 of the rows of the one before and both are not too
 *  large (or while too many exist). `onlyPastMax`: only while too many exist (a merge whose folds the caller runs
 *  later, off the path that draws the read: Editor.fold). The result holds the same rows (no diff). */
export function foldSegments(m: Model, limits: BulkMergeLimits = BULK_MERGE, onlyPastMax = false): Model {
  let out = m;
  for (;;) {
    const n = segmentCount(out);
    if (n < 2) return out;
    if (onlyPastMax && n <= limits.maxSegments) return out;
    const last = segmentRows(out, n - 1), prev = segmentRows(out, n - 2);
    if (n <= limits.maxSegments && (3 * last < 2 * prev || last + prev > limits.foldMaxRows)) return out;
    out = fold(out, n - 2);
  }
}

/** Segments from..end as one (createModel over their rows); the overlay and the older segments stay as they are. */
export function fold(m: Model, from: number): Model {
  const src = tablesOf(m);
  const seg = tablesOf(modelFromRows(m.schema, rowsOf(m, (t) => {
    const all = basesOf(t);
    return all.slice(from).flatMap((b) => filledRows((b as RowBase<unknown>).rows));
  })));
  const out = { ...m } as Model;
  const dst = tablesOf(out);
  for (const name of TABLES) {
    const t = src[name], all = basesOf(t).slice(0, from).concat(seg[name].base);
    dst[name] = { base: all[0], segs: all.slice(1), over: t.over };
  }
  return out;
}
