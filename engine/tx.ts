// Transaction: applies actions (codes 0–11) to a model, keeping reverse indexes up to date incrementally and
// recording the diff {added, updated:[from,to], removed}. Validates per spec 1 §5 "Containers".
import type { AttributeValue, Id, Relation } from './types';
import type { Action } from './actions';
import { avKey, comparePathEdges, relKey, type InstanceRow, type Model, type NetworkObjectRow, type PathEdgeRow } from './model';
import { PTableWriter, type PTable } from './ptable';
import { deepEqual, idListEqual } from './equal';

export interface RowOf {
  networkObjects: NetworkObjectRow; pathEdges: PathEdgeRow; objectInstances: InstanceRow;
  attributeValues: AttributeValue; relations: Relation;
}
export type TableName = keyof RowOf;
export type DiffRow = { [K in TableName]: { table: K; key: string; row: RowOf[K] } }[TableName];
export interface Diff { added: DiffRow[]; updated: [DiffRow, DiffRow][]; removed: DiffRow[] }
export const emptyDiff = (): Diff => ({ added: [], updated: [], removed: [] });

type IndexName = 'edgesByNode' | 'instancesByObject' | 'pathEdgesByPath' | 'pathEdgesByEdge' | 'relationsBySource' | 'relationsByTarget' | 'valuesByInstance';

export class EngineError extends Error {
  constructor(message: string, readonly field?: string) { super(message); this.name = 'EngineError'; }
}

function sortedInsert(list: readonly string[] | undefined, id: string): string[] {
  const l = list ? list.slice() : [];
  let lo = 0, hi = l.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (l[mid] < id) lo = mid + 1; else hi = mid; }
  if (l[lo] !== id) l.splice(lo, 0, id);
  return l;
}
function without(list: readonly string[] | undefined, id: string): string[] | undefined {
  if (!list) return undefined;
  const l = list.filter((x) => x !== id);
  return l.length ? l : undefined;
}

export class Tx {
  private w: Partial<Record<keyof Model, PTableWriter<unknown>>> = {};
  private before = new Map<string, { table: TableName; key: string; row: unknown }>();
  readonly actions: Action[] = [];
  /** Network objects written in this transaction (for side effects that must see fresh geometry). */
  readonly touchedObjects = new Set<Id>();

  constructor(readonly base: Model) {}

  private writer<T>(name: keyof Model): PTableWriter<T> {
    let wr = this.w[name];
    if (!wr) {
      const isIndex = name.includes('By');
      wr = new PTableWriter<unknown>(this.base[name] as PTable<unknown>, isIndex ? (a, b) => idListEqual(a as string[], b as string[]) : deepEqual);
      this.w[name] = wr;
    }
    return wr as PTableWriter<T>;
  }

  // ---- reads (see the transaction's own writes) ----
  obj(id: Id): NetworkObjectRow | undefined { return this.writer<NetworkObjectRow>('networkObjects').get(id); }
  pathEdge(id: Id): PathEdgeRow | undefined { return this.writer<PathEdgeRow>('pathEdges').get(id); }
  inst(id: Id): InstanceRow | undefined { return this.writer<InstanceRow>('objectInstances').get(id); }
  value(iid: Id, name: string): AttributeValue | undefined { return this.writer<AttributeValue>('attributeValues').get(avKey(iid, name)); }
  relation(key: string): Relation | undefined { return this.writer<Relation>('relations').get(key); }
  private idx(name: IndexName, key: string): readonly string[] { return this.writer<string[]>(name).get(key) ?? []; }
  edgesOf(nodeId: Id): readonly Id[] { return this.idx('edgesByNode', nodeId); }
  instancesOf(objectId: Id): readonly Id[] { return this.idx('instancesByObject', objectId); }
  pathEdgesOf(pathId: Id): readonly Id[] { return this.idx('pathEdgesByPath', pathId); }
  pathEdgesOver(edgeId: Id): readonly Id[] { return this.idx('pathEdgesByEdge', edgeId); }
  relationsFrom(iid: Id): readonly string[] { return this.idx('relationsBySource', iid); }
  relationsTo(iid: Id): readonly string[] { return this.idx('relationsByTarget', iid); }
  valueNames(iid: Id): readonly string[] { return this.idx('valuesByInstance', iid); }

  // ---- writes ----
  private put<K extends TableName>(table: K, key: string, row: RowOf[K] | undefined): void {
    const wr = this.writer<RowOf[K]>(table);
    if (table === 'networkObjects') this.touchedObjects.add(key);
    const id = `${table}\u0002${key}`;
    if (!this.before.has(id)) this.before.set(id, { table, key, row: wr.get(key) });
    wr.set(key, row);
  }
  private idxAdd(name: IndexName, key: string, id: string): void {
    const wr = this.writer<string[]>(name);
    wr.set(key, sortedInsert(wr.get(key), id));
  }
  private idxRemove(name: IndexName, key: string, id: string): void {
    const wr = this.writer<string[]>(name);
    wr.set(key, without(wr.get(key), id));
  }
  private pathInsert(pathId: Id, pe: PathEdgeRow): void {
    const wr = this.writer<string[]>('pathEdgesByPath');
    const l = (wr.get(pathId) ?? []).slice();
    let i = l.length;
    while (i > 0 && comparePathEdges(this.pathEdge(l[i - 1])!, pe) > 0) i--;
    l.splice(i, 0, pe.id);
    wr.set(pathId, l);
  }

  private setObject(prev: NetworkObjectRow | undefined, next: NetworkObjectRow | undefined): void {
    if (prev?.edge && (!next?.edge || prev.edge.fromNodeId !== next.edge.fromNodeId || prev.edge.toNodeId !== next.edge.toNodeId)) {
      this.idxRemove('edgesByNode', prev.edge.fromNodeId, prev.id);
      this.idxRemove('edgesByNode', prev.edge.toNodeId, prev.id);
      prev = undefined;
    }
    if (next?.edge && !prev?.edge) {
      this.idxAdd('edgesByNode', next.edge.fromNodeId, next.id);
      this.idxAdd('edgesByNode', next.edge.toNodeId, next.id);
    }
  }

  /** Applies one action; throws EngineError (and writes nothing) when it does not fit the current state. */
  apply(a: Action): void {
    switch (a.code) {
      case 0: {
        const r = a.after;
        if (!r?.id) throw new EngineError('network object needs an id', 'id');
        if (this.obj(r.id)) throw new EngineError(`network object ${r.id} already exists`, 'id');
        this.setObject(undefined, r);
        this.put('networkObjects', r.id, r);
        break;
      }
      case 1: {
        const cur = this.mustObj(a.before.id);
        if (a.after.id !== a.before.id) throw new EngineError('network object edit cannot change the id', 'id');
        this.setObject(cur, a.after);
        this.put('networkObjects', a.after.id, a.after);
        break;
      }
      case 2: {
        const cur = this.mustObj(a.before.id);
        if (this.instancesOf(cur.id).length) throw new EngineError(`network object ${cur.id} still has object instances`, 'id');
        if (this.pathEdgesOf(cur.id).length || this.pathEdgesOver(cur.id).length) throw new EngineError(`network object ${cur.id} still has path edges`, 'id');
        if (cur.node && this.edgesOf(cur.id).length) throw new EngineError(`node ${cur.id} still has edges`, 'id');
        this.setObject(cur, undefined);
        this.put('networkObjects', cur.id, undefined);
        break;
      }
      case 3: {
        const r = a.after;
        if (!r?.id) throw new EngineError('a path edge needs an id', 'id');
        if (this.pathEdge(r.id)) throw new EngineError(`path edge ${r.id} already exists`, 'id');
        this.put('pathEdges', r.id, r);
        this.pathInsert(r.pathId, r);
        this.idxAdd('pathEdgesByEdge', r.edgeId, r.id);
        break;
      }
      case 4: {
        const cur = this.mustPathEdge(a.before.id);
        const r = a.after;
        if (r.id !== cur.id) throw new EngineError('path edge edit cannot change the id', 'id');
        this.idxRemove('pathEdgesByPath', cur.pathId, cur.id);
        this.idxRemove('pathEdgesByEdge', cur.edgeId, cur.id);
        this.put('pathEdges', r.id, r);
        this.pathInsert(r.pathId, r);
        this.idxAdd('pathEdgesByEdge', r.edgeId, r.id);
        break;
      }
      case 5: {
        const cur = this.mustPathEdge(a.before.id);
        this.idxRemove('pathEdgesByPath', cur.pathId, cur.id);
        this.idxRemove('pathEdgesByEdge', cur.edgeId, cur.id);
        this.put('pathEdges', cur.id, undefined);
        break;
      }
      case 6: {
        const r = a.after;
        if (!r?.id) throw new EngineError('an object instance needs an id', 'id');
        if (this.inst(r.id)) throw new EngineError(`object instance ${r.id} already exists`, 'id');
        if (!this.obj(r.networkObjectId)) throw new EngineError(`network object ${r.networkObjectId} does not exist`, 'networkObjectId');
        this.put('objectInstances', r.id, r);
        this.idxAdd('instancesByObject', r.networkObjectId, r.id);
        break;
      }
      case 7: {
        const cur = this.mustInst(a.before.id);
        const r = a.after;
        if (r.id !== cur.id) throw new EngineError('object instance edit cannot change the id', 'id');
        if (r.networkObjectId !== cur.networkObjectId) {
          if (!this.obj(r.networkObjectId)) throw new EngineError(`network object ${r.networkObjectId} does not exist`, 'networkObjectId');
          this.idxRemove('instancesByObject', cur.networkObjectId, cur.id);
          this.idxAdd('instancesByObject', r.networkObjectId, r.id);
        }
        this.put('objectInstances', r.id, r);
        break;
      }
      case 8: {
        const cur = this.mustInst(a.before.id);
        if (this.valueNames(cur.id).length) throw new EngineError(`object instance ${cur.id} still has attribute values`, 'id');
        if (this.relationsFrom(cur.id).length || this.relationsTo(cur.id).length) throw new EngineError(`object instance ${cur.id} still has relations`, 'id');
        this.idxRemove('instancesByObject', cur.networkObjectId, cur.id);
        this.put('objectInstances', cur.id, undefined);
        break;
      }
      case 9: {
        const r = a.after;
        if (!r?.fromId) throw new EngineError('a relation needs fromId', 'fromId');
        if (!r.toId) throw new EngineError('a relation needs toId', 'toId');
        if (!r.objectRelationTypeName) throw new EngineError('a relation needs objectRelationTypeName', 'objectRelationTypeName');
        const k = relKey(r);
        if (this.relation(k)) throw new EngineError(`relation ${k.replaceAll('\u0001', ' ')} already exists`, 'fromId');
        if (!this.inst(r.fromId)) throw new EngineError(`object instance ${r.fromId} does not exist`, 'fromId');
        if (!this.inst(r.toId)) throw new EngineError(`object instance ${r.toId} does not exist`, 'toId');
        this.put('relations', k, r);
        this.idxAdd('relationsBySource', r.fromId, k);
        this.idxAdd('relationsByTarget', r.toId, k);
        break;
      }
      case 10: {
        const k = relKey(a.before);
        if (!this.relation(k)) throw new EngineError(`unknown relation ${k.replaceAll('\u0001', ' ')}`, 'fromId');
        this.put('relations', k, undefined);
        this.idxRemove('relationsBySource', a.before.fromId, k);
        this.idxRemove('relationsByTarget', a.before.toId, k);
        break;
      }
      case 11: {
        const v = (a.after ?? a.before);
        if (!v) throw new EngineError('attribute value edit needs before or after', 'after');
        const k = avKey(v.objectInstanceId, v.attributeTypeName);
        const cur = this.writer<AttributeValue>('attributeValues').get(k);
        if (!!cur !== !!a.before) throw new EngineError(`attribute value ${v.attributeTypeName} of ${v.objectInstanceId} is not as expected`, 'before');
        if (a.after && !this.inst(v.objectInstanceId)) throw new EngineError(`object instance ${v.objectInstanceId} does not exist`, 'objectInstanceId');
        if (a.after && !cur) this.idxAdd('valuesByInstance', v.objectInstanceId, v.attributeTypeName);
        if (!a.after && cur) this.idxRemove('valuesByInstance', v.objectInstanceId, v.attributeTypeName);
        this.put('attributeValues', k, a.after ?? undefined);
        break;
      }
      default: throw new EngineError(`unknown action code ${(a as { code: unknown }).code}`, 'code');
    }
    this.actions.push(a);
  }

  private mustObj(id: Id): NetworkObjectRow {
    const o = this.obj(id);
    if (!o) throw new EngineError(`unknown network object ${id}`, 'id');
    return o;
  }
  private mustPathEdge(id: Id): PathEdgeRow {
    const o = this.pathEdge(id);
    if (!o) throw new EngineError(`unknown path edge ${id}`, 'id');
    return o;
  }
  private mustInst(id: Id): InstanceRow {
    const o = this.inst(id);
    if (!o) throw new EngineError(`unknown object instance ${id}`, 'id');
    return o;
  }

  /** The new model (untouched tables shared with the old one) and the net diff of this transaction. */
  finish(): { model: Model; diff: Diff } {
    const model = { ...this.base } as Model;
    for (const name in this.w) (model as unknown as Record<string, unknown>)[name] = this.w[name as keyof Model]!.finish();
    const diff = emptyDiff();
    for (const { table, key, row } of this.before.values()) {
      const after = this.writer<unknown>(table).get(key);
      if (row === undefined && after !== undefined) diff.added.push({ table, key, row: after } as DiffRow);
      else if (row !== undefined && after === undefined) diff.removed.push({ table, key, row } as DiffRow);
      else if (row !== undefined && after !== undefined && row !== after) diff.updated.push([{ table, key, row } as DiffRow, { table, key, row: after } as DiffRow]);
    }
    return { model, diff };
  }
}

/** Applies actions as one transaction (all or nothing). */
export function applyActions(model: Model, actions: readonly Action[]): { model: Model; diff: Diff } {
  const tx = new Tx(model);
  for (const a of actions) tx.apply(a);
  return tx.finish();
}
