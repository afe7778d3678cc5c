// The rows of a read (read.ts fetchRows: window reads, and whole reads the columnar scan cannot answer) as a scan with
// everything kept, so one Arrow encoder (arrow-encode.ts) serves both: objects in answer order, the instances sent
// with them, path edges of kept paths, values of sent instances, each relation with a sent end.
import { EDGE, NODE, NO_SCENARIO, PATH, ScanStore, type NetworkScan } from './scan';
import type { ScanKept } from './scan-kept';
import type { RowSet } from './read-json';

export function scanFromRows(projectId: number, r: Omit<RowSet, 'onObject'>): { scan: NetworkScan; kept: ScanKept } {
  const st = new ScanStore(projectId);
  const ids = st.ids;
  const objects = [...r.objects];
  for (const o of objects) ids.addString(o.id);
  const ref = (id: string | null) => (id === null ? -1 : ids.addString(id));
  for (const o of objects) {
    const kind = o.kind === 'node' ? NODE : o.kind === 'edge' ? EDGE : PATH;
    const c = kind === PATH || !o.c ? [] : kind === NODE ? [JSON.parse(o.c) as number[]] : (JSON.parse(o.c) as number[][]);
    const v = st.xy.length >> 1;
    for (const [x, y] of c) { st.xy.push(x); st.xy.push(y); }
    st.setObject(ids.findString(o.id), kind, o.scenario_id === null ? NO_SCENARIO : Number(o.scenario_id), ref(o.from_node_id), ref(o.to_node_id),
      o.two_way ? 1 : 0, o.length === null ? NaN : Number(o.length), v, c.length);
  }
  const insts = objects.flatMap((o) => r.byObj.get(o.id) ?? []);
  for (const i of insts) { st.inst.id.push(ref(i.id)); st.inst.object.push(ids.findString(i.network_object_id)); st.inst.type.push(Number(i.object_type_id)); }
  const written = new Set(insts.map((i) => i.id));
  for (const p of r.pes) {
    if (!r.keepPath(p.path_id) || ids.findString(p.path_id) < 0) continue;
    st.pe.id.push(ref(p.id)); st.pe.path.push(ids.findString(p.path_id)); st.pe.edge.push(ref(p.edge_id)); st.pe.start.push(ref(p.start_node_id)); st.pe.seq.push(Number(p.seq));
  }
  for (const v of r.avs) {
    if (!written.has(v.object_instance_id)) continue;
    st.values.inst.push(ids.findString(v.object_instance_id));
    st.values.name.push(st.values.names.addString(v.attribute_type_name));
    if (v.value === null) st.values.text.add(new Uint8Array(0), 0, -1); else { const b = Buffer.from(v.value); st.values.text.add(b, 0, b.length); }
  }
  for (const x of r.rels) {
    if (!written.has(x.from_id) && !written.has(x.to_id)) continue;
    st.rels.from.push(ref(x.from_id)); st.rels.to.push(ref(x.to_id)); st.rels.type.push(st.rels.types.addString(x.relation_type_name));
  }
  const scan = st.view();
  const all = (len: number) => new Uint8Array(len).fill(1);
  return { scan, kept: { obj: Uint8Array.from(scan.kind, (k) => (k ? 1 : 0)), inst: all(scan.inst.id.length), pe: all(scan.pe.id.length), value: all(scan.values.inst.length), rel: all(scan.rels.from.length) } };
}
