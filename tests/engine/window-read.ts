// Test helper: a window read as the server gives it (area loading) — the objects in the box, the end nodes of its
// edges, and the paths over those edges whole (with their edges and end nodes) — as wire objects of `whole`.
import { pentries, toWire, type Model, type NetworkObject, type Position } from 'engine';
import type { Box } from '../../engine/unload';

export function windowRead(whole: Model, box: Box): NetworkObject[] {
  const inBox = ([x, y]: Position) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
  const ids = new Set<string>();
  for (const [id, o] of pentries(whole.networkObjects)) {
    if (o.node && inBox(o.node.geometry.coordinates)) ids.add(id);
    if (o.edge && o.edge.geometry.coordinates.some(inBox)) { ids.add(id); ids.add(o.edge.fromNodeId); ids.add(o.edge.toNodeId); }
  }
  for (const [id] of pentries(whole.networkObjects)) {
    const w = toWire(whole, id)!;
    if (w.pathEdges?.some((pe) => ids.has(pe.edgeId))) {
      ids.add(id);
      for (const pe of w.pathEdges) { const e = toWire(whole, pe.edgeId)!.edge!; ids.add(pe.edgeId); ids.add(e.fromNodeId); ids.add(e.toNodeId); }
    }
  }
  return [...ids].map((id) => toWire(whole, id)!);
}
