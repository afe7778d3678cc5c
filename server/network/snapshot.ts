// Incremental snapshot of a whole-project network read: the answer as per-object JSON fragments (views into one body
// buffer) plus the graph facts that decide which objects are in it (kind, edge ends, path steps, "kept by its own
// instances"). A snapshot of version v is brought to version v' by re-reading only the objects the change log
// (network_change, migration 027) names for (v, v'], recomputing the closure in memory, re-rendering the touched
// objects (and those whose relations move between sides) and re-joining the fragments. Same set of objects as a full
// read (tests/server/network-snapshot.test.ts). Run both inside one snapshot (inSnapshot).
import type { Queryable } from '../db/db';
import { fetchRows, type NetworkFilter } from './read';
import { OBJ_COLS, Out, writeObjects, type AvRow, type InstRow, type ObjRow, type PeRow, type RelRow } from './read-json';

/** A whole-project answer and what decides which objects are in it, by dense object index (typed arrays: the
 *  closure and the re-join of a 100k-edge project take milliseconds, not the seconds of Maps of 200k entries). */
export interface Snapshot {
  projectId: number; filter: NetworkFilter; version: string; prefix: string; suffix: string;
  /** Object ids by index, and back. Ids of objects outside the read's scenario that others refer to have kind 0. */
  ids: string[]; index: Map<string, number>;
  /** 0 not in the read's scenario (or gone), 1 node, 2 edge, 3 path. */
  kind: Uint8Array; from: Int32Array; to: Int32Array;
  /** Paths: edge index, start node index, … in path order. */
  steps: (Int32Array | undefined)[];
  /** Kept by its own instances (a matching instance, or none with includeWithoutObjectInstances). */
  matched: Uint8Array;
  /** The answer's fragments: byte offset and length in `body` (length -1: not in the answer), in the order `ord`. */
  off: Float64Array; len: Int32Array; ord: Int32Array;
  body: Buffer;
}

/** Largest change set patched (more: a full rebuild): NETWORK_PATCH_MAX_OBJECTS, default a quarter of the answer. */
const patchMax = (n: number) => Number(process.env.NETWORK_PATCH_MAX_OBJECTS ?? Math.max(2000, n / 4));
const KIND: Record<string, number> = { node: 1, edge: 2, path: 3 };

const inScenario = (f: NetworkFilter, o: ObjRow) => o.scenario_id === null || (f.scenarioId !== undefined && Number(o.scenario_id) === f.scenarioId);

function matchesBy(f: NetworkFilter, l: InstRow[] | undefined): boolean {
  if (!l?.length) return !!f.includeWithoutObjectInstances;
  return f.objectTypeIds?.length ? l.some((i) => f.objectTypeIds!.includes(Number(i.object_type_id))) : true;
}

/** Index of `id`, added (kind 0, not in the answer) when new; arrays grow by doubling. */
function idx(s: Snapshot, id: string): number {
  let i = s.index.get(id);
  if (i !== undefined) return i;
  i = s.ids.length;
  s.ids.push(id);
  s.index.set(id, i);
  if (i >= s.kind.length) {
    const n = Math.max(1024, s.kind.length * 2);
    const grow = <T extends Uint8Array | Int32Array | Float64Array>(a: T, fill: number): T => { const b = new (a.constructor as new (n: number) => T)(n); b.fill(fill); b.set(a); return b; };
    s.kind = grow(s.kind, 0); s.matched = grow(s.matched, 0); s.from = grow(s.from, -1); s.to = grow(s.to, -1);
    s.off = grow(s.off, 0); s.len = grow(s.len, -1);
  }
  return i;
}

function setObject(s: Snapshot, o: ObjRow, steps: PeRow[] | undefined): number {
  const i = idx(s, o.id);
  s.kind[i] = KIND[o.kind] ?? 0;
  if (o.kind === 'edge') { s.from[i] = idx(s, o.from_node_id!); s.to[i] = idx(s, o.to_node_id!); }
  else if (o.kind === 'path') {
    const st = new Int32Array((steps?.length ?? 0) * 2);
    steps?.forEach((p, k) => { st[2 * k] = idx(s, p.edge_id); st[2 * k + 1] = idx(s, p.start_node_id); });
    s.steps[i] = st;
  }
  return i;
}

/** The answer's objects: the matched ones plus what they need (edges and start nodes of their paths, ends of those
 *  edges and of their own edges) — as read.ts fetchRows. Undefined when a needed object lies outside the scenario. */
export function closure(s: Snapshot): Uint8Array | undefined {
  const n = s.ids.length, { kind, from, to, matched, steps } = s;
  const k = new Uint8Array(n);
  let ok = true;
  const want = (j: number) => { if (j < 0 || kind[j] === 0) ok = false; else k[j] = 1; };
  for (let i = 0; i < n; i++) {
    if (!matched[i]) continue;
    k[i] = 1;
    if (kind[i] === 2) { want(from[i]); want(to[i]); }
    else if (kind[i] === 3) {
      const st = steps[i]!;
      for (let p = 0; p < st.length; p += 2) {
        const e = st[p];
        want(e);
        if (kind[e] === 2) { want(from[e]); want(to[e]); }
        want(st[p + 1]);
      }
    }
  }
  return ok ? k : undefined;
}

/** Re-joins the answer in place: objects of `order` (kept ones) from `fresh` (re-rendered) or from the old body —
 *  runs of untouched neighbours are copied in one go. */
function rejoin(s: Snapshot, order: Int32Array, fresh: Map<string, Buffer>): void {
  const pre = Buffer.from(s.prefix + '['), post = Buffer.from(']' + s.suffix);
  let size = pre.length + post.length + Math.max(0, order.length - 1);
  for (let k = 0; k < order.length; k++) { const i = order[k]; size += fresh.get(s.ids[i])?.length ?? s.len[i]; }
  const body = Buffer.allocUnsafe(size);
  const old = s.body, off = new Float64Array(s.off.length), len = new Int32Array(s.len.length).fill(-1);
  let at = pre.copy(body, 0);
  let runSrc = -1, runEnd = -1, runDst = 0;
  const flush = () => { if (runSrc >= 0) at += old.copy(body, at, runSrc, runEnd); runSrc = -1; };
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const f = fresh.get(s.ids[i]);
    if (f) {
      flush();
      if (k) body[at++] = 0x2c;
      off[i] = at; len[i] = f.length;
      at += f.copy(body, at);
      continue;
    }
    const o = s.off[i], l = s.len[i];
    if (runSrc >= 0 && o === runEnd + 1) runEnd = o + l; // the comma between them comes along
    else { flush(); if (k) body[at++] = 0x2c; runSrc = o; runEnd = o + l; runDst = at; }
    off[i] = runDst + (o - runSrc); len[i] = l;
  }
  flush();
  post.copy(body, at);
  s.body = body; s.off = off; s.len = len; s.ord = order;
}

/** Full read of version `version` as a snapshot (patchable unless the closure reached another scenario). */
export async function buildSnapshot(q: Queryable, projectId: number, f: NetworkFilter, version: string, prefix: string, suffix: string): Promise<{ snap?: Snapshot; body: Buffer }> {
  const r = await fetchRows(q, projectId, f);
  const out = new Out();
  out.add(prefix + '[');
  const ids: string[] = [];
  const lens: number[] = [];
  writeObjects(out, projectId, {
    objects: r.kept.values(), byObj: r.byObj, pes: r.pes, avs: r.avs, rels: r.rels, sent: new Set(r.insts.map((i) => i.id)),
    keepPath: (id) => r.kept.has(id),
    onObject: (id, json) => { out.add(ids.length ? ',' + json : json); ids.push(id); lens.push(Buffer.byteLength(json)); },
  }, true);
  out.add(']' + suffix);
  const body = out.done();
  if (r.outside) return { body };
  const n = r.objs.length;
  const s: Snapshot = {
    projectId, filter: f, version, prefix, suffix, ids: [], index: new Map(), kind: new Uint8Array(n), from: new Int32Array(n).fill(-1),
    to: new Int32Array(n).fill(-1), steps: [], matched: new Uint8Array(n), off: new Float64Array(n), len: new Int32Array(n).fill(-1), ord: new Int32Array(0), body,
  };
  const stepsOf = groupPes(r.pes);
  for (const o of r.objs) { const i = setObject(s, o, stepsOf.get(o.id)); if (r.matched.has(o.id)) s.matched[i] = 1; }
  const ord = new Int32Array(ids.length);
  let at = Buffer.byteLength(prefix + '[');
  for (let k = 0; k < ids.length; k++) {
    if (k) at++;
    const i = idx(s, ids[k]);
    ord[k] = i; s.off[i] = at; s.len[i] = lens[k];
    at += lens[k];
  }
  s.ord = ord;
  return { snap: s, body };
}

/** The answer's fragments in order (tests). */
export function fragments(s: Snapshot): Buffer[] {
  return [...s.ord].map((i) => s.body.subarray(s.off[i], s.off[i] + s.len[i]));
}

/** The objects whose versions in (from, to] the change log names, or undefined when the log does not reach back to
 *  `from` (pruned, or a bulk load without triggers). */
export async function changedSince(q: Queryable, projectId: number, from: string, to: string): Promise<string[] | undefined> {
  const r = await q.query<{ f: string | number }>('SELECT network_log_from AS f FROM project WHERE id = $1', [projectId]);
  if (!r.rows.length || BigInt(r.rows[0].f) > BigInt(from)) return undefined;
  // Negative versions: changes committed without a version stamp (plain SQL) — counted as changed in any patch.
  return (await q.query<{ object_id: string }>(`SELECT DISTINCT object_id FROM network_change WHERE project_id = $1
    AND ((version > $2::bigint AND version <= $3::bigint) OR version < 0)`, [projectId, from, to])).rows.map((x) => x.object_id);
}

const instancesOf = async (q: Queryable, pid: number, objIds: string[]) => (objIds.length ? (await q.query<InstRow>(
  'SELECT id, network_object_id, object_type_id FROM object_instance WHERE project_id = $1 AND network_object_id = ANY($2::text[])', [pid, objIds])).rows : []);
const pathEdgesOf = async (q: Queryable, pid: number, paths: string[]) => (paths.length ? (await q.query<PeRow>(
  'SELECT id, path_id, edge_id, start_node_id, seq FROM path_edge WHERE project_id = $1 AND path_id = ANY($2::text[]) ORDER BY path_id, seq, id', [pid, paths])).rows : []);
type RelEnds = RelRow & { fo: string; tob: string };
/** Relations of the given instances (either side) with the objects of both ends. */
const relationsOf = async (q: Queryable, pid: number, inst: string[]) => (inst.length ? (await q.query<RelEnds>(`
  SELECT r.from_id, r.to_id, r.relation_type_name, fi.network_object_id AS fo, ti.network_object_id AS tob FROM relation r
    JOIN object_instance fi ON fi.project_id = r.project_id AND fi.id = r.from_id JOIN object_instance ti ON ti.project_id = r.project_id AND ti.id = r.to_id
    WHERE r.project_id = $1 AND r.from_id = ANY($2::text[])
  UNION SELECT r.from_id, r.to_id, r.relation_type_name, fi.network_object_id, ti.network_object_id FROM relation r
    JOIN object_instance fi ON fi.project_id = r.project_id AND fi.id = r.from_id JOIN object_instance ti ON ti.project_id = r.project_id AND ti.id = r.to_id
    WHERE r.project_id = $1 AND r.to_id = ANY($2::text[])`, [pid, inst])).rows : []);

function groupPes(pes: PeRow[]): Map<string, PeRow[]> {
  const m = new Map<string, PeRow[]>();
  for (const p of pes) { const l = m.get(p.path_id); if (l) l.push(p); else m.set(p.path_id, [p]); }
  return m;
}

/** JSON of the objects `ids` as they are in the answer (instances only for matched objects; a relation with the
 *  source's object when that is matched, else with the target's). */
async function render(q: Queryable, s: Snapshot, ids: string[], known: Map<string, ObjRow>): Promise<Map<string, Buffer>> {
  const pid = s.projectId;
  const isMatched = (id: string) => { const i = s.index.get(id); return i !== undefined && s.matched[i] === 1; };
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) for (const o of (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object WHERE project_id = $1 AND id = ANY($2::text[])`, [pid, missing])).rows) known.set(o.id, o);
  const objs = ids.map((id) => known.get(id)!);
  const insts = await instancesOf(q, pid, ids.filter(isMatched));
  const byObj = new Map<string, InstRow[]>();
  for (const i of insts) { const l = byObj.get(i.network_object_id); if (l) l.push(i); else byObj.set(i.network_object_id, [i]); }
  const pes = await pathEdgesOf(q, pid, objs.filter((o) => o.kind === 'path').map((o) => o.id));
  const instIds = insts.map((i) => i.id);
  const avs = instIds.length ? (await q.query<AvRow>('SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = $1 AND object_instance_id = ANY($2::text[])', [pid, instIds])).rows : [];
  const rels = await relationsOf(q, pid, instIds);
  const sent = new Set(instIds);
  for (const r of rels) { if (isMatched(r.fo)) sent.add(r.from_id); if (isMatched(r.tob)) sent.add(r.to_id); }
  const out = new Map<string, Buffer>();
  writeObjects(new Out(), pid, { objects: objs, byObj, pes, avs, rels, sent, keepPath: () => true, onObject: (id, json) => { out.set(id, Buffer.from(json)); } }, true);
  return out;
}

/**
 * Brings `s` to `version` in place. False when it cannot (log incomplete, too many changes, closure outside the
 * scenario) — the caller must then drop `s` (it may be half-updated) and rebuild.
 */
export async function patchSnapshot(q: Queryable, s: Snapshot, version: string): Promise<boolean> {
  if (version === s.version) return true;
  const pid = s.projectId, f = s.filter;
  const touched = await changedSince(q, pid, s.version, version);
  if (!touched || touched.length > patchMax(s.ord.length)) return false;
  const rows = touched.length ? (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object WHERE project_id = $1 AND id = ANY($2::text[])`, [pid, touched])).rows : [];
  const now = rows.filter((o) => inScenario(f, o));
  const insts = await instancesOf(q, pid, now.map((o) => o.id));
  const byObj = new Map<string, InstRow[]>();
  for (const i of insts) { const l = byObj.get(i.network_object_id); if (l) l.push(i); else byObj.set(i.network_object_id, [i]); }
  const steps = groupPes(await pathEdgesOf(q, pid, now.filter((o) => o.kind === 'path').map((o) => o.id)));
  const tIdx = touched.map((id) => idx(s, id));
  const was = tIdx.map((i) => s.matched[i]);
  for (const i of tIdx) { s.kind[i] = 0; s.matched[i] = 0; s.from[i] = -1; s.to[i] = -1; s.steps[i] = undefined; }
  for (const o of now) { const i = setObject(s, o, steps.get(o.id)); s.matched[i] = matchesBy(f, byObj.get(o.id)) ? 1 : 0; }
  const kept = closure(s);
  if (!kept) return false;
  // To render: touched objects in the answer, objects new in it, and the other ends of the relations of objects whose
  // instances went in or out of the answer (a relation is sent with its source's object when that is matched).
  const redo = new Set<string>();
  for (const i of tIdx) if (kept[i]) redo.add(s.ids[i]);
  const added: number[] = [];
  for (let i = 0; i < kept.length; i++) if (kept[i] && s.len[i] < 0) { added.push(i); redo.add(s.ids[i]); }
  const flipped = new Set(touched.filter((_, k) => was[k] !== s.matched[tIdx[k]]));
  if (flipped.size) {
    for (const r of await relationsOf(q, pid, insts.filter((i) => flipped.has(i.network_object_id)).map((i) => i.id))) {
      for (const o of [r.fo, r.tob]) { const i = s.index.get(o); if (i !== undefined && kept[i]) redo.add(o); }
    }
  }
  const fresh = await render(q, s, [...redo], new Map(now.map((o) => [o.id, o])));
  const order: number[] = [];
  for (const i of s.ord) if (kept[i]) order.push(i);
  for (const i of added) order.push(i);
  rejoin(s, Int32Array.from(order), fresh);
  s.version = version;
  return true;
}
