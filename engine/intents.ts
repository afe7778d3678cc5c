// The one gesture vocabulary (one intent = one gesture = one history item): what tools emit and the editor runs. Each
// type is an operation module in engine/operations/ with its disabled() reason, run() and touched() beside it.
import type { Id, Position, Relation } from './types';

export { WARNING_ZERO_LENGTH } from './rules/zero-length';
export { UNSNAP_OFFSET, UNSNAP_PER_RING, disabledReason, execute, touchedPoints } from './operations';

export interface NewInstance { objectTypeId: number; values?: Record<string, string | null> }

export type Intent =
  | { type: 'drawEdge'; coordinates: Position[]; instances?: NewInstance[]; twoWay?: boolean }
  | { type: 'drawNode'; coordinates: Position; instances?: NewInstance[] }
  | { type: 'moveNode'; id: Id; to: Position }
  | { type: 'editEdgeGeometry'; id: Id; coordinates: Position[] }
  | { type: 'splitEdge'; id: Id; at: Position }
  | { type: 'deleteObject'; id: Id }
  /** Several objects deleted in one gesture (a multi-selection): one history item. */
  | { type: 'deleteObjects'; ids: Id[] }
  | { type: 'deleteSegment'; id: Id; at: Position }
  | { type: 'unsnap'; ids: Id[] }
  | { type: 'createInstance'; networkObjectId: Id; objectTypeId: number; values?: Record<string, string | null> }
  | { type: 'deleteInstance'; id: Id }
  | { type: 'editAttributes'; instanceId: Id; values: Record<string, string | null> }
  | { type: 'createRelation'; relation: Relation }
  | { type: 'deleteRelation'; relation: Relation }
  | { type: 'createPath'; edgeIds: Id[]; startNodeId: Id; instances?: NewInstance[] }
  /** One path edge deleted alone (the path goes with its last path edge). */
  | { type: 'deletePathEdge'; id: Id };

