// The tools' HitIndex backed by the engine's rbush SpatialIndex (nodes and edge segments): hit-testing and snapping
// query the tree within the hit tolerance; no GPU picking on pointer moves.
import type { Id, Position } from 'engine/types';
import type { SpatialIndex } from 'engine/spatial';
import { getObject, type Model } from 'engine/model';
import type { HitIndex, NodeHit, EdgeHit } from './tools/types';

export function engineHitIndex(getIndex: () => SpatialIndex, getModel: () => Model): HitIndex {
  return {
    nodesAt(p: Position, tol: number): NodeHit[] {
      return getIndex().nodesNear(p, tol).map((h) => ({ id: h.id, position: h.point, d: h.distance }));
    },
    edgesAt(p: Position, tol: number): EdgeHit[] {
      const m = getModel();
      const out: EdgeHit[] = [];
      for (const h of getIndex().edgesNear(p, tol)) {
        const coordinates = getObject(m, h.id)?.edge?.geometry.coordinates;
        if (!coordinates) continue;
        const a = coordinates[h.segment], b = coordinates[h.segment + 1];
        const dx = b[0] - a[0], dy = b[1] - a[1], len2 = dx * dx + dy * dy;
        const t = len2 ? ((h.point[0] - a[0]) * dx + (h.point[1] - a[1]) * dy) / len2 : 0;
        out.push({ id: h.id, coordinates, hit: { point: h.point, segment: h.segment, t, d: h.distance } });
      }
      return out;
    },
    inExtent([x0, y0, x1, y1]): Id[] {
      const ids = new Set<Id>();
      for (const it of getIndex().search(x0, y0, x1, y1)) ids.add(it.id);
      return [...ids];
    },
  };
}
