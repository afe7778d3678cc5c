// Bringing more of the stored network into a loaded model (area loading of large projects): rows the session has
// never seen become create actions applied as one transaction OUTSIDE the history (they are not edits: nothing to
// undo or save). The caller says which ids it already knows, so a row edited or deleted locally never comes back.
// Large reads are added in bulk as a new base segment (mergeInBulk; segments.ts), small ones as a transaction.
import type { Action } from './actions';
import type { AttributeValue, Id, NetworkObject, ObjectInstance, PathEdge, Relation } from './types';
import { avKey, getInstance, getObject, relKey, type Model, type NetworkObjectRow, type PathEdgeRow } from './model';
import { baseRowCount, overlayGet, overlaySize, pget, prows, tableBaseGet, type PTable } from './ptable';
import { emptyDiff, type Diff, type DiffRow, type TableName } from './tx';
import { appendSegment, BULK_MERGE, modelFromRows, ROW_TABLES, rowsOf, type BulkMergeLimits } from './segments';

export interface MergeKnown {
  /** Network objects the session has loaded or touched (present or deleted locally). */
  object(id: Id): boolean;
  /** Relations (relKey) the session has loaded or touched. */
  relation(key: string): boolean;
}

export interface MergePlan {
  actions: Action[];
  /** Network object ids added. */
  objects: Id[];
  /** Edges left out because an end node is neither in the model nor in the read (deleted locally). */
  skippedEdges: number;
  /** Relations left out because one end is not loaded yet (they come again with the read of the other end). */
  deferredRelations: number;
}

function row(o: NetworkObject): NetworkObjectRow {
  const { pathEdges: _p, objectInstances: _i, ...r } = o;
  return r;
}

/** A read as flat rows (engine/network-arrow.ts `modelInputFromColumns`: an Arrow answer): the same content as the
 *  wire objects of the JSON read, with no nested lists to take apart. Path edges carry their stored order (`position`). */
export interface MergeRows {
  networkObjects: readonly NetworkObjectRow[];
  pathEdges: readonly PathEdgeRow[];
  objectInstances: readonly ObjectInstance[];
  attributeValues: readonly AttributeValue[];
  relations: readonly Relation[];
}
/** What a merge takes: the wire objects of a read, or its flat rows. */
export type MergeRead = readonly NetworkObject[] | MergeRows;

/** A read's wire objects as flat rows, as an Arrow answer decodes to them (each relation once; a path edge keeps its
 *  `position`, else its place): tests and benchmarks of the flat path. */
export function flatRead(read: readonly NetworkObject[]): MergeRows {
  const f = { networkObjects: [] as NetworkObjectRow[], pathEdges: [] as PathEdgeRow[], objectInstances: [] as ObjectInstance[], attributeValues: [] as AttributeValue[] };
  const rels = new Map<string, Relation>();
  for (const o of read) {
    f.networkObjects.push(row(o));
    (o.pathEdges ?? []).forEach((pe, i) => f.pathEdges.push({ ...pe, position: (pe as Partial<PathEdgeRow>).position ?? i }));
    for (const { attributeValues, relationSources, relationTargets, ...inst } of o.objectInstances ?? []) {
      f.objectInstances.push(inst);
      for (const v of attributeValues ?? []) f.attributeValues.push(v);
      for (const r of [...relationSources ?? [], ...relationTargets ?? []]) rels.set(relKey(r), r);
    }
  }
  return { ...f, relations: [...rels.values()] };
}

/** The objects of a read the session has not seen, less edges missing an end node and paths missing an edge or node
 *  (in the model or the read): `steps` gives a path's edges. */
function freshObjects<T extends NetworkObjectRow>(model: Model, objects: Iterable<T>, known: MergeKnown, steps: (o: T) => readonly PathEdge[] | undefined) {
  const fresh = new Map<Id, T>();
  for (const o of objects) if (o?.id && !known.object(o.id) && !getObject(model, o.id)) fresh.set(o.id, o);
  const has = (id: Id | undefined) => !!id && (fresh.has(id) || !!getObject(model, id));
  let skippedEdges = 0;
  // an edge needs both end nodes; a path needs all its edges (after edges were dropped)
  for (const [id, o] of fresh) if (o.edge && !(has(o.edge.fromNodeId) && has(o.edge.toNodeId))) { fresh.delete(id); skippedEdges++; }
  for (const [id, o] of fresh) if (!o.node && !o.edge && (steps(o) ?? []).some((pe) => !has(pe.edgeId) || !has(pe.startNodeId))) fresh.delete(id);
  return { fresh, skippedEdges };
}

/** The plan's relation creates (code 9): each relation of the read once, unless known or present; one whose end
 *  instance is neither loaded nor new is left for the read of its other end. */
function planRelations(model: Model, relations: Iterable<Relation>, newInstances: Set<Id>, known: MergeKnown) {
  const rels: Action[] = [];
  const seen = new Set<string>();
  let deferredRelations = 0;
  const instanceThere = (id: Id) => newInstances.has(id) || !!getInstance(model, id);
  for (const r of relations) {
    const k = relKey(r);
    if (seen.has(k)) continue;
    seen.add(k);
    if (known.relation(k) || pget(model.relations, k)) continue;
    if (!instanceThere(r.fromId) || !instanceThere(r.toId)) { deferredRelations++; continue; }
    rels.push({ code: 9, after: { fromId: r.fromId, toId: r.toId, objectRelationTypeName: r.objectRelationTypeName } });
  }
  return { rels, deferredRelations };
}

/**
 * The create actions (codes 0, 3, 6, 11, 9 in that order) that add the unknown objects of a read, with their path
 * edges, instances, attribute values and relations. Objects already known are skipped whole. A path edge keeps the
 * order key it was read with (`position`, as createModel does); one read without gets its place in the path.
 */
export function planMerge(model: Model, read: MergeRead, known: MergeKnown): MergePlan {
  if (!Array.isArray(read)) return planMergeRows(model, read as MergeRows, known);
  const { fresh, skippedEdges } = freshObjects(model, read as readonly NetworkObject[], known, (o) => o.pathEdges);
  const objects: Action[] = [], pathEdges: Action[] = [], instances: Action[] = [], values: Action[] = [];
  const relations: Relation[] = [];
  const newInstances = new Set<Id>();
  for (const o of fresh.values()) {
    objects.push({ code: 0, after: row(o) });
    (o.pathEdges ?? []).forEach((pe, i) => {
      const given = (pe as PathEdgeRow).position;
      pathEdges.push({ code: 3, after: { id: pe.id, pathId: pe.pathId, edgeId: pe.edgeId, startNodeId: pe.startNodeId, position: typeof given === 'number' ? given : i } });
    });
    for (const inst of o.objectInstances ?? []) {
      instances.push({ code: 6, after: { id: inst.id, objectTypeId: inst.objectTypeId, networkObjectId: o.id } });
      newInstances.add(inst.id);
      for (const v of inst.attributeValues ?? []) values.push({ code: 11, before: null, after: { objectInstanceId: inst.id, attributeTypeName: v.attributeTypeName, value: v.value } });
      for (const r of inst.relationSources ?? []) relations.push(r);
      for (const r of inst.relationTargets ?? []) relations.push(r);
    }
  }
  // relations of instances already loaded can also arrive with the read of their other end
  for (const o of read as readonly NetworkObject[]) {
    if (!o?.id || fresh.has(o.id)) continue;
    for (const inst of o.objectInstances ?? []) {
      for (const r of inst.relationSources ?? []) relations.push(r);
      for (const r of inst.relationTargets ?? []) relations.push(r);
    }
  }
  const { rels, deferredRelations } = planRelations(model, relations, newInstances, known);
  return { actions: [...objects, ...pathEdges, ...instances, ...values, ...rels], objects: [...fresh.keys()], skippedEdges, deferredRelations };
}

/** planMerge of a read as flat rows: the rows are the actions' rows as they are (no copy, nothing to strip). */
function planMergeRows(model: Model, read: MergeRows, known: MergeKnown): MergePlan {
  const steps = new Map<Id, PathEdgeRow[]>();
  for (const pe of read.pathEdges) { const l = steps.get(pe.pathId); if (l) l.push(pe); else steps.set(pe.pathId, [pe]); }
  const { fresh, skippedEdges } = freshObjects(model, read.networkObjects, known, (o) => steps.get(o.id));
  const actions: Action[] = [];
  for (const o of fresh.values()) actions.push({ code: 0, after: o });
  for (const o of fresh.values()) if (!o.node && !o.edge) for (const pe of steps.get(o.id) ?? []) actions.push({ code: 3, after: pe });
  const newInstances = new Set<Id>();
  for (const inst of read.objectInstances) if (fresh.has(inst.networkObjectId)) { actions.push({ code: 6, after: inst }); newInstances.add(inst.id); }
  for (const v of read.attributeValues) if (newInstances.has(v.objectInstanceId)) actions.push({ code: 11, before: null, after: v });
  const { rels, deferredRelations } = planRelations(model, read.relations, newInstances, known);
  for (const r of rels) actions.push(r);
  return { actions, objects: [...fresh.keys()], skippedEdges, deferredRelations };
}

/**
 * The same rows as one compact base with no overlay (createModel over every live row): after large merges the overlay
 * would otherwise hold most of the loaded network and each edit would copy big overlay buckets. History, saving and
 * the spatial index do not depend on what is base and what is overlay (they work on actions and ids).
 */
export function compactModel(m: Model): Model {
  return modelFromRows(m.schema, rowsOf(m, prows));
}

/** Whether the overlay holds at least `min` network objects and more than a quarter of the base: time to compact. The
 *  geometric growth keeps the compaction cost amortised O(1) a loaded row (≤ 5 rebuilds of each row's share) while an
 *  edit only ever copies small overlay buckets. */
export function overlayIsLarge(m: Model, min = 4_096): boolean {
  const over = overlaySize(m.networkObjects);
  return over >= min && 4 * over > baseRowCount(m.networkObjects);
}

/**
 * A merge plan (planMerge) applied in bulk: its rows become one new base segment (segments.ts), with the diff a
 * transaction would give. Null when the plan is small (< limits.min actions) or does not fit a bulk load (a path edge
 * or instance the model already has, in a segment or deleted in its overlay; a planned object or relation deleted in
 * the overlay; a duplicate id in the read): the caller then applies the actions as a transaction, which checks and
 * refuses them one by one. planMerge has already found the planned objects and relations absent from the model, so
 * for them only a deletion in the overlay (a row still in a segment) is left to rule out.
 */
export function mergeInBulk(model: Model, plan: MergePlan, limits: BulkMergeLimits = BULK_MERGE, deferFolds = false): { model: Model; diff: Diff } | null {
  if (plan.actions.length < limits.min) return null;
  const rows = { networkObjects: [], pathEdges: [], objectInstances: [], attributeValues: [], relations: [] } as Record<TableName, unknown[]>;
  const diff = emptyDiff();
  const add = (table: TableName, key: string, row: unknown) => { rows[table].push(row); diff.added.push({ table, key, row } as DiffRow); };
  const absent = <T>(t: PTable<T>, key: string) => tableBaseGet(t, key) === undefined && overlayGet(t, key) === undefined;
  for (const a of plan.actions) {
    switch (a.code) {
      case 0: if (overlayGet(model.networkObjects, a.after.id) !== undefined) return null; add('networkObjects', a.after.id, a.after); break;
      case 3: if (!absent(model.pathEdges, a.after.id)) return null; add('pathEdges', a.after.id, a.after); break;
      case 6: if (!absent(model.objectInstances, a.after.id)) return null; add('objectInstances', a.after.id, a.after); break;
      case 11: {
        const v = a.after, key = v && avKey(v.objectInstanceId, v.attributeTypeName);
        if (!v || a.before || overlayGet(model.attributeValues, key!) !== undefined) return null;
        add('attributeValues', key!, v);
        break;
      }
      case 9: {
        const key = relKey(a.after);
        if (overlayGet(model.relations, key) !== undefined) return null;
        add('relations', key, a.after);
        break;
      }
      default: return null;
    }
  }
  const seg = modelFromRows(model.schema, rows);
  // a duplicate key in the read: createModel kept one row, a transaction would refuse the read
  if (ROW_TABLES.some((t) => (seg[t] as PTable<unknown>).base.ids.size !== rows[t].length)) return null;
  return { model: appendSegment(model, seg, limits, deferFolds), diff };
}
