// The one gesture vocabulary (one intent = one gesture = one history item): what tools emit and the editor runs. The
// union is built from the operation modules in engine/operations/, each declaring its intent beside its disabled()
// reason, run() and touched().
import type { DrawEdgeIntent } from './operations/draw-edge';
import type { DrawNodeIntent } from './operations/draw-node';
import type { MoveNodeIntent } from './operations/move-node';
import type { EditEdgeGeometryIntent } from './operations/edit-edge-geometry';
import type { SplitEdgeIntent } from './operations/split-edge';
import type { DeleteObjectIntent } from './operations/delete-object';
import type { DeleteObjectsIntent } from './operations/delete-objects';
import type { DeleteSegmentIntent } from './operations/delete-segment';
import type { UnsnapIntent } from './operations/unsnap';
import type { CreateInstanceIntent } from './operations/create-instance';
import type { DeleteInstanceIntent } from './operations/delete-instance';
import type { EditAttributesIntent } from './operations/edit-attributes';
import type { CreateRelationIntent } from './operations/create-relation';
import type { DeleteRelationIntent } from './operations/delete-relation';
import type { CreatePathIntent } from './operations/create-path';
import type { DeletePathEdgeIntent } from './operations/delete-path-edge';

export type Intent =
  | DrawEdgeIntent | DrawNodeIntent | MoveNodeIntent | EditEdgeGeometryIntent | SplitEdgeIntent
  | DeleteObjectIntent | DeleteObjectsIntent | DeleteSegmentIntent | UnsnapIntent
  | CreateInstanceIntent | DeleteInstanceIntent | EditAttributesIntent | CreateRelationIntent | DeleteRelationIntent
  | CreatePathIntent | DeletePathEdgeIntent;

export type {
  DrawEdgeIntent, DrawNodeIntent, MoveNodeIntent, EditEdgeGeometryIntent, SplitEdgeIntent, DeleteObjectIntent,
  DeleteObjectsIntent, DeleteSegmentIntent, UnsnapIntent, CreateInstanceIntent, DeleteInstanceIntent,
  EditAttributesIntent, CreateRelationIntent, DeleteRelationIntent, CreatePathIntent, DeletePathEdgeIntent,
};
export type { NewInstance } from './operations/new-instances';
export { WARNING_ZERO_LENGTH } from './rules/zero-length';
export { UNSNAP_OFFSET, UNSNAP_PER_RING, disabledReason, execute, touchedPoints, operations } from './operations/index';
