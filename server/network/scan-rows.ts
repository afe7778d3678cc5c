// The rows of a read (read.ts fetchRows: window reads, and whole reads the columnar scan cannot answer) as a scan with
// everything kept, so one Arrow encoder (arrow-encode.ts) serves both: objects in answer order, the instances sent
// with them, path edges of kept paths, values of sent instances, each relation with a sent end.
import { ByteIds } from './byte-ids';
import { TextSink } from './copy-binary';
import { EDGE, NODE, NO_SCENARIO, PATH, type NetworkScan } from './scan';
import type { ScanKept } from './scan-kept';
import type { RowSet } from './read-json';

export function scanFromRows(projectId: number, r: Omit<RowSet, 'onObject'>): { scan: NetworkScan; kept: ScanKept } {
  const ids = new ByteIds();
  const objects = [...r.objects];
  for (const o of objects) ids.addString(o.id);
  const n = objects.length;
  const kind = Uint8Array.from(objects, (o) => (o.kind === 'node' ? NODE : o.kind === 'edge' ? EDGE : PATH));
  const coords = objects.map((o) => (o.kind === 'path' || !o.c ? [] : o.kind === 'node' ? [JSON.parse(o.c) as number[]] : (JSON.parse(o.c) as number[][])));
  const vOff = new Int32Array(n + 1);
  coords.forEach((c, k) => { vOff[k + 1] = vOff[k] + c.length; });
  const xy = new Float64Array(vOff[n] * 2);
  coords.forEach((c, k) => c.forEach((v, j) => { xy[2 * (vOff[k] + j)] = v[0]; xy[2 * (vOff[k] + j) + 1] = v[1]; }));
  const insts = objects.flatMap((o) => r.byObj.get(o.id) ?? []);
  for (const i of insts) ids.addString(i.id);
  const written = new Set(insts.map((i) => i.id));
  const pes = r.pes.filter((p) => r.keepPath(p.path_id) && ids.findString(p.path_id) >= 0);
  for (const p of pes) ids.addString(p.id);
  const ref = (id: string | null) => (id === null ? -1 : ids.addString(id));
  const avs = r.avs.filter((v) => written.has(v.object_instance_id));
  const rels = r.rels.filter((x) => written.has(x.from_id) || written.has(x.to_id));
  const names = new Map<string, number>(), types = new Map<string, number>();
  const code = (m: Map<string, number>, v: string) => { let c = m.get(v); if (c === undefined) m.set(v, (c = m.size)); return c; };
  const text = new TextSink();
  for (const v of avs) { if (v.value === null) text.add(new Uint8Array(0), 0, -1); else { const b = Buffer.from(v.value); text.add(b, 0, b.length); } }
  const scan: NetworkScan = {
    projectId, ids, nObj: n, kind,
    scenario: Int32Array.from(objects, (o) => (o.scenario_id === null ? NO_SCENARIO : Number(o.scenario_id))),
    from: Int32Array.from(objects, (o) => ref(o.from_node_id)), to: Int32Array.from(objects, (o) => ref(o.to_node_id)),
    twoWay: Uint8Array.from(objects, (o) => (o.two_way ? 1 : 0)), length: Float64Array.from(objects, (o) => (o.length === null ? NaN : Number(o.length))),
    vOff, xy,
    inst: { id: Int32Array.from(insts, (i) => ids.findString(i.id)), object: Int32Array.from(insts, (i) => ids.findString(i.network_object_id)), type: Int32Array.from(insts, (i) => Number(i.object_type_id)) },
    pe: { id: Int32Array.from(pes, (p) => ids.findString(p.id)), path: Int32Array.from(pes, (p) => ids.findString(p.path_id)), edge: Int32Array.from(pes, (p) => ref(p.edge_id)),
      start: Int32Array.from(pes, (p) => ref(p.start_node_id)), seq: Float64Array.from(pes, (p) => Number(p.seq)) },
    values: { inst: Int32Array.from(avs, (v) => ids.findString(v.object_instance_id)), name: Int32Array.from(avs, (v) => code(names, v.attribute_type_name)), names: [], text },
    rels: { from: Int32Array.from(rels, (x) => ref(x.from_id)), to: Int32Array.from(rels, (x) => ref(x.to_id)), type: Int32Array.from(rels, (x) => code(types, x.relation_type_name)), types: [] },
  };
  scan.values.names = [...names.keys()];
  scan.rels.types = [...types.keys()];
  const all = (len: number) => new Uint8Array(len).fill(1);
  return { scan, kept: { obj: all(n), inst: all(insts.length), pe: all(pes.length), value: all(avs.length), rel: all(rels.length) } };
}
