// Test helper: a brute-force HitIndex over plain node and edge lists (the app uses the engine's rbush).
import type { Position } from 'engine/types';
import { dist } from 'engine/geometry';
import { nearestOnLine } from '../../../src/map/geometry';
import type { EdgeHit, HitIndex, NodeHit } from '../../../src/map/tools/types';

export function fakeIndex(nodes: Record<string, Position>, edges: Record<string, Position[]>): HitIndex {
  return {
    nodesAt(p, tol) {
      const out: NodeHit[] = [];
      for (const [id, position] of Object.entries(nodes)) { const d = dist(p, position); if (d <= tol) out.push({ id, position, d }); }
      return out.sort((a, b) => a.d - b.d);
    },
    edgesAt(p, tol) {
      const out: EdgeHit[] = [];
      for (const [id, coordinates] of Object.entries(edges)) { const hit = nearestOnLine(p, coordinates); if (hit.d <= tol) out.push({ id, coordinates, hit }); }
      return out.sort((a, b) => a.hit.d - b.hit.d);
    },
    inExtent([x0, y0, x1, y1]) {
      const inside = (q: Position) => q[0] >= x0 && q[0] <= x1 && q[1] >= y0 && q[1] <= y1;
      return [...Object.entries(nodes).filter(([, q]) => inside(q)).map(([id]) => id), ...Object.entries(edges).filter(([, c]) => c.some(inside)).map(([id]) => id)];
    },
  };
}
