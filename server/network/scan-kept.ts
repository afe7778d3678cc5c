// Which rows of a scan (scan.ts) a whole-project read answers, decided on typed arrays with the rules of the row read
// (read.ts fetchRows): objects kept by their own instances (a matching instance; with includeWithoutObjectInstances
// also none at all) plus their closure — end nodes of kept edges, edges and start nodes of kept paths and those edges'
// end nodes; all instances of objects kept by their own instances (closure objects come bare); values of those
// instances; each relation with a sent end. Dead rows (patched away) never count. A needed reference outside the
// scope throws ScanFallback.
import { EDGE, PATH, ScanFallback, type NetworkScan } from './scan';

export interface ScanFilter { objectTypeIds?: number[]; includeWithoutObjectInstances?: boolean }

/** Masks: objects (by id number), instance, path-edge, value and relation rows in the answer. */
export interface ScanKept { obj: Uint8Array; inst: Uint8Array; pe: Uint8Array; value: Uint8Array; rel: Uint8Array }

/** `eligible` (window reads: scan-window.ts): by id number, the objects that may be kept by their own instances — the
 *  rest are there for the closure only. Without it every live object may. */
export function keptRows(s: NetworkScan, f: ScanFilter, eligible?: Uint8Array): ScanKept {
  const n = s.n, nInst = s.inst.id.length, nPe = s.pe.id.length;
  const types = f.objectTypeIds?.length ? new Set(f.objectTypeIds) : null;
  const hasInst = new Uint8Array(n), typed = new Uint8Array(n);
  for (let r = 0; r < nInst; r++) {
    if (s.inst.dead[r]) continue;
    const o = s.inst.object[r];
    if (o < 0 || s.kind[o] === 0) continue;
    hasInst[o] = 1;
    if (types && types.has(s.inst.type[r])) typed[o] = 1;
  }
  const self = new Uint8Array(n);
  for (let o = 0; o < n; o++) if (s.kind[o] && (!eligible || eligible[o])) self[o] = hasInst[o] ? (types ? typed[o] : 1) : f.includeWithoutObjectInstances ? 1 : 0;
  // live path edges by path (a path's live rows are contiguous: they come from one COPY ordered by path)
  const first = new Int32Array(n).fill(-1), count = new Int32Array(n);
  for (let r = 0; r < nPe; r++) { if (s.pe.dead[r]) continue; const p = s.pe.path[r]; if (first[p] < 0) first[p] = r; count[p]++; }
  const obj = self.slice();
  // objects the kept ones name directly come with their instances (no type filter); the end nodes of a path's edge
  // that is not the read's own (outside the window) come bare — the row read's rule
  const named = new Uint8Array(n);
  const want = (j: number, direct = true) => {
    if (j < 0 || s.kind[j] === 0) throw new ScanFallback('the closure reaches outside the scope');
    obj[j] = 1;
    if (direct) named[j] = 1;
  };
  const wantEdge = (e: number) => {
    want(e);
    if (s.kind[e] === EDGE) { const own = !eligible || eligible[e] === 1; want(s.from[e], own); want(s.to[e], own); }
  };
  const pe = new Uint8Array(nPe);
  for (let o = 0; o < n; o++) {
    if (!self[o]) continue;
    if (s.kind[o] === EDGE) { want(s.from[o]); want(s.to[o]); }
    else if (s.kind[o] === PATH && first[o] >= 0) {
      for (let r = first[o], end = first[o] + count[o]; r < end; r++) { pe[r] = 1; wantEdge(s.pe.edge[r]); want(s.pe.start[r]); }
    }
  }
  // paths kept only for the closure cannot happen (nothing refers to a path), so pe marks every kept path's rows
  const inst = new Uint8Array(nInst);
  const instOfId = new Int32Array(s.ids.size).fill(-1);
  for (let r = 0; r < nInst; r++) {
    if (s.inst.dead[r] || s.inst.object[r] < 0) continue;
    // an object kept for the closure comes bare with a type filter, with its instances without one (as the row read)
    const o = s.inst.object[r];
    inst[r] = self[o] || (!types && named[o]) ? 1 : 0;
    instOfId[s.inst.id[r]] = r;
  }
  const instRow = (id: number) => (id >= 0 ? instOfId[id] : -1);
  const nVal = s.values.inst.length, value = new Uint8Array(nVal);
  for (let k = 0; k < nVal; k++) { if (s.values.dead[k]) continue; const r = instRow(s.values.inst[k]); value[k] = r >= 0 ? inst[r] : 0; }
  const nRel = s.rels.from.length, rel = new Uint8Array(nRel);
  for (let k = 0; k < nRel; k++) {
    if (s.rels.dead[k]) continue;
    const a = instRow(s.rels.from[k]), b = instRow(s.rels.to[k]);
    const sent = (a >= 0 && inst[a] === 1) || (b >= 0 && inst[b] === 1);
    if (!sent) continue;
    if (s.rels.from[k] < 0 || s.rels.to[k] < 0) throw new ScanFallback('a relation reaches outside the scope');
    rel[k] = 1;
  }
  return { obj, inst, pe, value, rel };
}
