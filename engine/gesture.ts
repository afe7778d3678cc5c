// One gesture in progress: a transaction plus the helpers side effects use — a locator that sees this gesture's own
// writes over the (pre-gesture) spatial index, the id factory, cascading deletes and instance creation with defaults.
import type { BulkMergeLimits } from './segments';
import type { Id, Position, Relation } from './types';
import type { NetworkObjectRow } from './model';
import { Tx } from './tx';
import type { SpatialIndex } from './spatial';
import { dist, projectOnSegment, POINT_TOLERANCE, lineLength, EPSILON } from './geometry';
import { roundTo } from './projection';
import { correctValue, initialValues, type AllowedValuesFilter } from './attributes';
import type { FamilyRule } from './rules/laying-activity';

export interface EngineConfig {
  /** Injected id factory (UUIDs in the app; counters in tests). */
  newId: () => Id;
  projectId: number;
  scenarioId?: number | null;
  /** The Phase attribute of new instances takes this id (spec 3 §4). */
  activePhaseId?: string | number | null;
  /** Duct/activity/trace object types of the two default project families (spec 1 §4, §9). */
  familyRules?: FamilyRule[];
  allowedValuesFilter?: AllowedValuesFilter;
  /** Tolerance for "same location" and "on the edge" in map units; default 0.01 (spec 3 §5). */
  tolerance?: number;
  /** Area reads merged in bulk as base segments (engine/segments.ts): the defaults suit the app; tests lower them. */
  bulkMerge?: Partial<BulkMergeLimits>;
}

export interface Near { id: Id; point: Position; distance: number; segment: number }

export class Gesture {
  readonly warnings: string[] = [];
  /** Network objects that lost an instance, edge or path edge in this gesture: orphan candidates. */
  readonly lost = new Set<Id>();
  readonly paths = new Set<Id>();
  readonly createdInstances: Id[] = [];
  readonly editedValues: [Id, string][] = [];
  readonly tol: number;

  constructor(readonly tx: Tx, readonly index: SpatialIndex, readonly cfg: EngineConfig) {
    this.tol = cfg.tolerance ?? POINT_TOLERANCE;
  }

  warn(w: string): void { if (!this.warnings.includes(w)) this.warnings.push(w); }
  newId(): Id { return this.cfg.newId(); }

  // ---- locator: index answers re-checked against current rows, plus objects written in this gesture ----
  private candidates(minX: number, minY: number, maxX: number, maxY: number, kind: 'node' | 'edge'): Set<Id> {
    const ids = new Set<Id>();
    for (const it of this.index.search(minX, minY, maxX, maxY)) if ((it.seg < 0) === (kind === 'node')) ids.add(it.id);
    for (const id of this.tx.touchedObjects) ids.add(id);
    return ids;
  }

  nodesNear(p: Position, tol = this.tol): Near[] {
    const out: Near[] = [];
    for (const id of this.candidates(p[0] - tol, p[1] - tol, p[0] + tol, p[1] + tol, 'node')) {
      const o = this.tx.obj(id);
      if (!o?.node) continue;
      const d = dist(p, o.node.geometry.coordinates);
      if (d <= tol + EPSILON) out.push({ id, point: o.node.geometry.coordinates, distance: d, segment: -1 });
    }
    return out.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
  }

  edgesNear(p: Position, tol = this.tol): Near[] {
    const out: Near[] = [];
    for (const id of this.candidates(p[0] - tol, p[1] - tol, p[0] + tol, p[1] + tol, 'edge')) {
      const o = this.tx.obj(id);
      if (!o?.edge) continue;
      const c = o.edge.geometry.coordinates;
      let best: Near | null = null;
      for (let i = 0; i + 1 < c.length; i++) {
        const pr = projectOnSegment(p, c[i], c[i + 1]);
        if (pr.distance <= tol + EPSILON && (!best || pr.distance < best.distance)) best = { id, point: pr.point, distance: pr.distance, segment: i };
      }
      if (best) out.push(best);
    }
    return out.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
  }

  /** Nodes within tol of the segment a–b (for edges drawn over existing nodes). */
  nodesAlong(a: Position, b: Position, tol = this.tol): { id: Id; t: number; point: Position }[] {
    const out: { id: Id; t: number; point: Position }[] = [];
    const ids = this.candidates(Math.min(a[0], b[0]) - tol, Math.min(a[1], b[1]) - tol, Math.max(a[0], b[0]) + tol, Math.max(a[1], b[1]) + tol, 'node');
    for (const id of ids) {
      const o = this.tx.obj(id);
      if (!o?.node) continue;
      const q = o.node.geometry.coordinates;
      const pr = projectOnSegment(q, a, b);
      if (pr.distance <= tol + EPSILON) out.push({ id, t: pr.t, point: q });
    }
    return out.sort((x, y) => x.t - y.t);
  }

  // ---- rows ----
  obj(id: Id): NetworkObjectRow | undefined { return this.tx.obj(id); }
  mustObj(id: Id): NetworkObjectRow {
    const o = this.tx.obj(id);
    if (!o) throw new Error(`id: unknown network object ${id}`);
    return o;
  }

  baseRow(): Pick<NetworkObjectRow, 'projectId' | 'scenarioId'> {
    return this.cfg.scenarioId !== undefined ? { projectId: this.cfg.projectId, scenarioId: this.cfg.scenarioId } : { projectId: this.cfg.projectId };
  }

  createNode(p: Position): Id {
    const id = this.newId();
    this.tx.apply({ code: 0, after: { id, ...this.baseRow(), node: { geometry: { type: 'Point', coordinates: p } } } });
    return id;
  }

  createEdge(coords: Position[], fromNodeId: Id, toNodeId: Id, extra: { twoWay?: boolean } = {}): Id {
    const id = this.newId();
    const edge: NetworkObjectRow['edge'] = { geometry: { type: 'LineString', coordinates: coords }, fromNodeId, toNodeId, length: roundTo(lineLength(coords), 2) };
    if (extra.twoWay !== undefined) edge!.twoWay = extra.twoWay;
    this.tx.apply({ code: 0, after: { id, ...this.baseRow(), edge } });
    return id;
  }

  editObject(next: NetworkObjectRow): void {
    const before = this.mustObj(next.id);
    this.tx.apply({ code: 1, before, after: next });
  }

  setEdgeCoords(edgeId: Id, coords: Position[], ends?: { fromNodeId?: Id; toNodeId?: Id }): void {
    const o = this.mustObj(edgeId);
    const e = o.edge!;
    const edge = { ...e, geometry: { type: 'LineString' as const, coordinates: coords }, ...ends };
    if (e.length !== undefined) edge.length = roundTo(lineLength(coords), 2);
    this.editObject({ ...o, edge });
  }

  // ---- instances and values ----
  createInstance(networkObjectId: Id, objectTypeId: number, values: Record<string, string | null> = {}, id = this.newId()): Id {
    this.tx.apply({ code: 6, after: { id, objectTypeId, networkObjectId } });
    const type = this.tx.base.schema.objectTypes[objectTypeId];
    const vals = initialValues(type, values, this.cfg.activePhaseId);
    for (const name of Object.keys(vals).sort()) {
      this.tx.apply({ code: 11, before: null, after: { objectInstanceId: id, attributeTypeName: name, value: vals[name] } });
    }
    this.createdInstances.push(id);
    return id;
  }

  setValue(instanceId: Id, name: string, value: string | null): void {
    const inst = this.tx.inst(instanceId);
    if (!inst) throw new Error(`objectInstanceId: unknown object instance ${instanceId}`);
    const at = this.tx.base.schema.objectTypes[inst.objectTypeId]?.attributeTypes.find((a) => a.name === name);
    const v = at ? correctValue(at, value) : value;
    const before = this.tx.value(instanceId, name) ?? null;
    if (before && before.value === v) return;
    this.tx.apply({ code: 11, before, after: { objectInstanceId: instanceId, attributeTypeName: name, value: v } });
    this.editedValues.push([instanceId, name]);
  }

  valueOf(instanceId: Id, name: string): string | null {
    return this.tx.value(instanceId, name)?.value ?? null;
  }

  createRelation(r: Relation): void { this.tx.apply({ code: 9, after: r }); }

  deleteInstance(instanceId: Id): void {
    const inst = this.tx.inst(instanceId);
    if (!inst) return;
    for (const k of [...this.tx.relationsFrom(instanceId), ...this.tx.relationsTo(instanceId)]) {
      const r = this.tx.relation(k);
      if (r) this.tx.apply({ code: 10, before: r });
    }
    for (const n of this.tx.valueNames(instanceId)) this.tx.apply({ code: 11, before: this.tx.value(instanceId, n)!, after: null });
    this.tx.apply({ code: 8, before: inst });
    this.lost.add(inst.networkObjectId);
  }

  deletePathEdge(id: Id): void {
    const pe = this.tx.pathEdge(id);
    if (!pe) return;
    this.tx.apply({ code: 5, before: pe });
    this.paths.add(pe.pathId);
    this.lost.add(pe.edgeId);
  }

  /** Deletes a network object with its instances; an edge also loses the path edges over it; a path its path edges. */
  deleteObject(id: Id): void {
    const o = this.tx.obj(id);
    if (!o) return;
    for (const iid of [...this.tx.instancesOf(id)]) this.deleteInstance(iid);
    if (o.edge) {
      for (const pe of [...this.tx.pathEdgesOver(id)]) this.deletePathEdge(pe);
      this.lost.add(o.edge.fromNodeId);
      this.lost.add(o.edge.toNodeId);
    } else if (o.node) {
      for (const e of [...this.tx.edgesOf(id)]) this.deleteObject(e);
    } else {
      for (const pe of [...this.tx.pathEdgesOf(id)]) this.deletePathEdge(pe);
    }
    const cur = this.tx.obj(id);
    if (cur) this.tx.apply({ code: 2, before: cur });
    this.lost.delete(id);
  }
}
