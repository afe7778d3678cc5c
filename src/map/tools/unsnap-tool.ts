// Unsnap tool (spec 3 §4, §9): moves points or line vertices at the click by a small offset (10 map units per ring);
// when several features are hit they are spread in a circle, ring r holding 8·r positions at radius 10·r.
import type { Position } from 'engine/types';
import { UNSNAP_OFFSET } from '../constants';
import { Tool, type EditIntent, type PointerEvt } from './types';

/** Offsets for n features: ring 1 holds 8 at radius 10, ring 2 holds 16 at radius 20, and so on. */
export function unsnapOffsets(n: number, offset = UNSNAP_OFFSET): Position[] {
  const out: Position[] = [];
  let ring = 1;
  while (out.length < n) {
    const slots = Math.min(8 * ring, n - out.length);
    for (let k = 0; k < slots; k++) {
      const a = (2 * Math.PI * k) / slots;
      out.push([Math.cos(a) * offset * ring, Math.sin(a) * offset * ring]);
    }
    ring++;
  }
  return out;
}

export class UnsnapTool extends Tool {
  click(e: PointerEvt): boolean {
    const intent = this.intentAt(e);
    if (intent) this.host.emit(intent);
    return true;
  }

  intentAt(e: PointerEvt): EditIntent | null {
    const nodes = this.host.index.nodesAt(e.p, e.tol);
    const edges = this.host.index.edgesAt(e.p, e.tol);
    const n = nodes.length + edges.length;
    if (n === 0) return null;
    const offs = unsnapOffsets(n);
    const nodeMoves = nodes.map((nd, i) => ({ nodeId: nd.id, to: [nd.position[0] + offs[i][0], nd.position[1] + offs[i][1]] as Position }));
    const vertexMoves = edges.map((ed, j) => {
      const o = offs[nodes.length + j];
      const c = ed.coordinates;
      let index = 0, best = Infinity;
      c.forEach((v, i) => { const d = Math.hypot(v[0] - e.p[0], v[1] - e.p[1]); if (d < best) { best = d; index = i; } });
      return { edgeId: ed.id, index, to: [c[index][0] + o[0], c[index][1] + o[1]] as Position };
    });
    return { kind: 'unsnap', nodeMoves, vertexMoves };
  }
}
