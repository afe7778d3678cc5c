// Delete feature and delete segment tools (spec 3 §4). Delete feature removes the node or line clicked (nodes win).
// Delete segment asks the engine to remove the points of the line segment nearest the click (engine deleteSegment:
// when no line of at least two points would remain the whole feature is deleted, otherwise its geometry is edited).
// Both show the engine's disabled reason while hovering a feature they may not change.
import type { Id } from 'engine/types';
import { ClickTool } from './click-tool';
import type { Intent, PointerEvt } from './types';

export class DeleteFeatureTool extends ClickTool {
  intentAt(e: PointerEvt): Intent | null {
    const id: Id | undefined = this.host.index.nodesAt(e.p, e.tol)[0]?.id ?? this.host.index.edgesAt(e.p, e.tol)[0]?.id;
    return id ? { type: 'deleteObject', id } : null;
  }
}

export class DeleteSegmentTool extends ClickTool {
  intentAt(e: PointerEvt): Intent | null {
    const edge = this.host.index.edgesAt(e.p, e.tol)[0];
    return edge ? { type: 'deleteSegment', id: edge.id, at: edge.hit.point } : null;
  }
}
