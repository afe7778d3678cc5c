// ClashIndex: the clashes of the network (nodes and edges) against reference features, kept up to date from the
// engine's diffs like NetworkValidation (engine/validation/network-validation.ts). The constructor runs every rule
// over the whole model; `apply(model, diff)` re-tests only the network objects the diff touches (their rows; with
// object-type filters also the objects whose instances or path edges changed), each through the reference rbush, so
// an edit costs O(diff × nearby references). Uploads arriving or going (`addReferences` / `removeReferences`)
// re-test the network objects near them (through a network SpatialIndex: the Editor's when given, else one built on
// first use that then follows the diffs). Statuses set by `setStatus` are kept while their clash persists.
import type { Id, Position } from '../types';
import { allObjects, getObject, instanceRowsOf, pathEdgeRowsOf, pathEdgeRowsOfEdge, type Model } from '../model';
import { SpatialIndex } from '../spatial';
import type { Diff, DiffRow } from '../tx';
import { BGT_STATUS, bgtClass, isBgtLayer } from './bgt';
import { clashLocation, nearest } from './geometry';
import { ReferenceIndex, type RefEntry } from './references';
import {
  clashId, STATUS_SEVERITY, type Clash, type ClashRule, type ClashSeverity, type ClashStatus, type ReferenceFeature,
} from './types';

/** Floating-point slack on the buffer test: exactly `buffer` metres away is a clash. */
export const BUFFER_EPSILON = 1e-9;

export interface ClashOptions {
  /** The network's spatial index (e.g. `editor.index`, which its owner keeps following the diffs). */
  network?: SpatialIndex;
  /** Statuses to start from (e.g. stored ones), by clash id; kept only for clashes that exist. */
  statuses?: Record<string, ClashStatus> | Map<string, ClashStatus>;
}

const EMPTY: readonly Clash[] = [];

const sameClashes = (a: readonly Clash[] | undefined, b: readonly Clash[]): boolean =>
  (a?.length ?? 0) === b.length && b.every((c, i) => {
    const p = a![i];
    return p.id === c.id && p.status === c.status && p.distance === c.distance && JSON.stringify(p.geometry) === JSON.stringify(c.geometry);
  });

export class ClashIndex {
  /** Goes up by one whenever the set of clashes (or a status) changes. */
  version = 0;
  /** Network objects re-tested by the last apply / addReferences / removeReferences. */
  lastChecked = 0;
  private current: Model;
  readonly references: ReferenceIndex;
  private readonly rules: ClashRule[];
  private readonly maxBuffer: number;
  private readonly filtered: boolean;
  private readonly layerRules = new Map<string, ClashRule[]>();
  private readonly byObject = new Map<Id, Clash[]>();
  private readonly byRef = new Map<Id, Set<Id>>();
  /** Clash id → its network object. */
  private readonly byId = new Map<string, Id>();
  private readonly statuses = new Map<string, ClashStatus>();
  private network: SpatialIndex | undefined;
  private readonly ownNetwork: boolean;
  private count = 0;

  constructor(model: Model, references: Iterable<ReferenceFeature> | ReferenceIndex, rules: readonly ClashRule[], opts: ClashOptions = {}) {
    this.current = model;
    this.references = references instanceof ReferenceIndex ? references : new ReferenceIndex(references);
    this.rules = rules.filter((r) => r.enabled !== false);
    this.maxBuffer = Math.max(0, ...this.rules.map((r) => r.buffer));
    this.filtered = this.rules.some((r) => r.objectTypes?.length);
    this.network = opts.network;
    this.ownNetwork = !opts.network;
    const start = opts.statuses instanceof Map ? opts.statuses : new Map(Object.entries(opts.statuses ?? {}));
    for (const [id, o] of allObjects(model)) if (o.node || o.edge) this.set(id, this.check(model, id, start));
    for (const l of this.byObject.values()) for (const c of l) if (start.has(c.id)) this.statuses.set(c.id, c.status);
  }

  get model(): Model { return this.current; }
  /** Number of clashes. */
  get size(): number { return this.count; }

  /** The rules that check a reference layer: those naming it, and for a BGT layer (bgt_*) the rules of layer 'bgt'. */
  private rulesFor(layer: string): ClashRule[] {
    let l = this.layerRules.get(layer);
    if (!l) {
      l = this.rules.filter((r) => r.layer === layer || (r.layer.toLowerCase() === 'bgt' && isBgtLayer(layer)));
      this.layerRules.set(layer, l);
    }
    return l;
  }

  /** Object type names and families on a network object (its instances; an edge's paths' instances too). */
  private typesOf(m: Model, id: Id): Set<string> {
    const out = new Set<string>();
    const add = (objectId: Id) => {
      for (const inst of instanceRowsOf(m, objectId)) {
        const t = m.schema.objectTypes[String(inst.objectTypeId)];
        if (t) { out.add(t.name); if (t.family) out.add(t.family); }
      }
    };
    add(id);
    for (const p of pathEdgeRowsOfEdge(m, id)) add(p.pathId);
    return out;
  }

  /** The clashes of one network object in a model (sorted by id). */
  check(m: Model, id: Id, statuses: ReadonlyMap<string, ClashStatus> = this.statuses): Clash[] {
    const o = getObject(m, id);
    const coords: readonly Position[] | undefined = o?.edge ? o.edge.geometry.coordinates : o?.node ? [o.node.geometry.coordinates] : undefined;
    if (!coords?.length || !this.rules.length) return [];
    let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
    for (const p of coords) { if (p[0] < x1) x1 = p[0]; if (p[0] > x2) x2 = p[0]; if (p[1] < y1) y1 = p[1]; if (p[1] > y2) y2 = p[1]; }
    const b = this.maxBuffer;
    const hits = this.references.search(x1 - b, y1 - b, x2 + b, y2 + b);
    if (!hits.length) return [];
    let types: Set<string> | undefined;
    const out: Clash[] = [];
    for (const e of hits) {
      const rules = this.rulesFor(e.feature.layer);
      if (!rules.length) continue;
      let near: { distance: number; at: Position } | undefined;
      for (const r of rules) {
        const rb = r.buffer;
        if (e.minX > x2 + rb || e.maxX < x1 - rb || e.minY > y2 + rb || e.maxY < y1 - rb) continue;
        if (r.objectTypes?.length) {
          types ??= this.typesOf(m, id);
          if (!r.objectTypes.some((t) => types!.has(t))) continue;
        }
        let initial = r.resultAction;
        if (r.layer.toLowerCase() === 'bgt' || isBgtLayer(r.layer)) {
          const cls = bgtClass(e.feature);
          if (!cls) continue;
          initial = BGT_STATUS[cls];
        }
        near ??= nearest(coords, e.shape);
        if (near.distance > rb + BUFFER_EPSILON) continue;
        out.push(this.clash(r, id, e, coords, near, statuses.get(clashId(r.name, id, e.feature.id)) ?? initial));
      }
    }
    return out.sort((a, c) => (a.id < c.id ? -1 : a.id > c.id ? 1 : 0));
  }

  private clash(r: ClashRule, objectId: Id, e: RefEntry, coords: readonly Position[], near: { distance: number; at: Position }, status: ClashStatus): Clash {
    return {
      id: clashId(r.name, objectId, e.feature.id), ruleName: r.name, objectId, referenceId: e.feature.id, referenceLayer: e.feature.layer,
      geometry: clashLocation(coords, e.shape, near.at), distance: near.distance, status, severity: STATUS_SEVERITY[status], priority: r.priority,
    };
  }

  /** Replaces one object's clashes; whether they changed. A status set for a clash that is gone is forgotten. */
  private set(id: Id, next: Clash[]): boolean {
    const prev = this.byObject.get(id);
    if (sameClashes(prev, next)) return false;
    const keep = new Set(next.map((c) => c.id));
    for (const c of prev ?? EMPTY) {
      if (!keep.has(c.id)) { this.statuses.delete(c.id); this.byId.delete(c.id); }
      const s = this.byRef.get(c.referenceId);
      if (s) { s.delete(id); if (!s.size) this.byRef.delete(c.referenceId); }
    }
    for (const c of next) {
      this.byId.set(c.id, id);
      let s = this.byRef.get(c.referenceId);
      if (!s) this.byRef.set(c.referenceId, (s = new Set()));
      s.add(id);
    }
    this.count += next.length - (prev?.length ?? 0);
    if (next.length) this.byObject.set(id, next); else this.byObject.delete(id);
    return true;
  }

  private recheck(ids: Iterable<Id>): boolean {
    let changed = false, n = 0;
    for (const id of ids) { n++; changed = this.set(id, this.check(this.current, id)) || changed; }
    this.lastChecked = n;
    if (changed) this.version++;
    return changed;
  }

  /** Follows one diff from the model this index holds to `model`. Returns whether the clashes changed. */
  apply(model: Model, diff: Diff): boolean {
    const before = this.current, dirty = new Set<Id>();
    const edgesOfPath = (m: Model, pathId: Id) => { for (const p of pathEdgeRowsOf(m, pathId)) dirty.add(p.edgeId); };
    const visit = (r: DiffRow) => {
      if (r.table === 'networkObjects') dirty.add(r.key);
      else if (this.filtered && r.table === 'objectInstances') {
        dirty.add(r.row.networkObjectId);
        edgesOfPath(before, r.row.networkObjectId);
        edgesOfPath(model, r.row.networkObjectId);
      } else if (this.filtered && r.table === 'pathEdges') dirty.add(r.row.edgeId);
    };
    for (const r of diff.added) visit(r);
    for (const r of diff.removed) visit(r);
    for (const [a, b] of diff.updated) { visit(a); visit(b); }
    this.current = model;
    if (this.network && this.ownNetwork) this.network.applyDiff(diff);
    return this.recheck(dirty);
  }

  private networkIndex(): SpatialIndex {
    this.network ??= SpatialIndex.fromModel(this.current);
    return this.network;
  }

  /** Uploaded data arriving (a feature with a known id replaces it): re-tests the network objects near them. */
  addReferences(features: Iterable<ReferenceFeature>): boolean {
    const list = [...features], dirty = new Set<Id>();
    for (const f of list) for (const id of this.byRef.get(f.id) ?? []) dirty.add(id);
    const net = this.networkIndex(), b = this.maxBuffer;
    for (const e of this.references.add(list)) {
      for (const it of net.search(e.minX - b, e.minY - b, e.maxX + b, e.maxY + b)) dirty.add(it.id);
    }
    return this.recheck(dirty);
  }

  /** Reference features going: their clashes go. */
  removeReferences(ids: Iterable<Id>): boolean {
    const dirty = new Set<Id>();
    for (const id of ids) {
      for (const o of this.byRef.get(id) ?? []) dirty.add(o);
      this.references.remove(id);
    }
    return this.recheck(dirty);
  }

  /** Sets a clash's status (kept across recomputes while the clash persists); false for an unknown clash id. */
  setStatus(id: string, status: ClashStatus): boolean {
    const c = this.get(id);
    if (!c) return false;
    this.statuses.set(id, status);
    if (c.status === status) return true;
    const list = this.byObject.get(c.objectId)!;
    list[list.indexOf(c)] = { ...c, status, severity: STATUS_SEVERITY[status] };
    this.version++;
    return true;
  }

  /** One clash by id (`rule:object:reference`). */
  get(id: string): Clash | undefined {
    const o = this.byId.get(id);
    return o === undefined ? undefined : this.byObject.get(o)?.find((x) => x.id === id);
  }

  /** Every clash (grouped by network object, each group sorted by id). */
  clashes(): Clash[] {
    const out: Clash[] = [];
    for (const l of this.byObject.values()) out.push(...l);
    return out;
  }

  /** The clashes of one network object. */
  clashesOf(objectId: Id): readonly Clash[] { return this.byObject.get(objectId) ?? EMPTY; }

  /** Clashes per severity. */
  counts(): Record<ClashSeverity, number> {
    const n: Record<ClashSeverity, number> = { error: 0, warning: 0, info: 0, normal: 0 };
    for (const l of this.byObject.values()) for (const c of l) n[c.severity]++;
    return n;
  }

  /** Every rule over the whole model from scratch (with the statuses set so far): the reference `apply` must equal. */
  fullRun(model: Model = this.current): Clash[] {
    const out: Clash[] = [];
    for (const [id, o] of allObjects(model)) if (o.node || o.edge) out.push(...this.check(model, id));
    return out;
  }
}
