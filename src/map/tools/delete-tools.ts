// Delete feature and delete segment tools (spec 3 §4). Delete feature removes the node or line clicked (nodes win).
// Delete segment removes the two points of the line segment nearest the click: when no line of at least two points
// would remain, the whole feature is deleted, otherwise its geometry is edited.
import type { Position } from 'engine/types';
import { Tool, type EditIntent, type PointerEvt } from './types';

export class DeleteFeatureTool extends Tool {
  click(e: PointerEvt): boolean {
    const node = this.host.index.nodesAt(e.p, e.tol)[0];
    const id = node?.id ?? this.host.index.edgesAt(e.p, e.tol)[0]?.id;
    if (id) this.host.emit({ kind: 'deleteObjects', ids: [id] });
    return true;
  }
}

/** The intent for deleting segment `segment` (between vertex i and i+1) of a line. */
export function deleteSegmentIntent(edgeId: string, coords: readonly Position[], segment: number): EditIntent {
  const rest = coords.filter((_, i) => i !== segment && i !== segment + 1);
  if (rest.length < 2) return { kind: 'deleteObjects', ids: [edgeId] };
  return { kind: 'editEdgeGeometry', edgeId, coordinates: rest };
}

export class DeleteSegmentTool extends Tool {
  click(e: PointerEvt): boolean {
    const edge = this.host.index.edgesAt(e.p, e.tol)[0];
    if (edge) this.host.emit(deleteSegmentIntent(edge.id, edge.coordinates, edge.hit.segment));
    return true;
  }
}
