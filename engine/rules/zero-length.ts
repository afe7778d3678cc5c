// Spec 1 §5: "Creating an edge of zero length is rejected with the warning 'zero length' and not created. An edge with
// two or fewer coordinates whose ends are equal counts as zero length and is removed on edit"; spec 1 §4: "an edge
// that becomes zero length is deleted" (a self-loop left by a node merge).
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import { isZeroLength } from '../geometry';

export const WARNING_ZERO_LENGTH = 'zero length';

/** The refusal of a drawn line that is zero length (rounded to 2 decimals), or null. */
export function zeroLengthReason(coordinates: Position[]): string | null {
  return isZeroLength(coordinates) ? WARNING_ZERO_LENGTH : null;
}

/** Edges at `nodeId` that became self-loops or zero length are deleted (their path edges dropped). */
export function removeDegenerateEdges(g: Gesture, nodeId: Id): void {
  for (const eid of [...g.tx.edgesOf(nodeId)]) {
    const e = g.obj(eid)?.edge;
    if (e && e.fromNodeId === e.toNodeId) g.deleteObject(eid);
  }
}
