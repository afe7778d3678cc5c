// Wire and model types of the network (spec 1 §3, spec 3 §3): the shapes the server stores and sends, the engine
// edits and the app renders. Ids are strings (UUIDs from an injected factory). Coordinates are in map units.

export type Id = string;
export type Position = [number, number];

export interface PointGeometry { type: 'Point'; coordinates: Position }
export interface LineStringGeometry { type: 'LineString'; coordinates: Position[] }
export type Geometry = PointGeometry | LineStringGeometry;

export interface NodePart { geometry: PointGeometry }
export interface EdgePart {
  geometry: LineStringGeometry;
  fromNodeId: Id;
  toNodeId: Id;
  twoWay?: boolean;
  length?: number;
}

/** Path edge: one step of a path over an edge, entered at startNodeId. Order within a path is array order. */
export interface PathEdge { id: Id; pathId: Id; edgeId: Id; startNodeId: Id }

/**
 * Network object: exactly one of node, edge, or pathEdges-only (a path). In the normalized model the path's edges live
 * in the path-edge table; on the wire a path carries `pathEdges` in order.
 */
export interface NetworkObject {
  id: Id;
  projectId: number;
  scenarioId?: number | null;
  node?: NodePart;
  edge?: EdgePart;
  pathEdges?: PathEdge[];
  /** Wire only (responses): the instances on this object. The normalized model keeps them in their own table. */
  objectInstances?: ObjectInstance[];
}

export type NetworkObjectKind = 'node' | 'edge' | 'path';

export interface AttributeValue { objectInstanceId: Id; attributeTypeName: string; value: string | null }
export interface Relation { fromId: Id; toId: Id; objectRelationTypeName: string }

export interface ObjectInstance {
  id: Id;
  objectTypeId: number;
  networkObjectId: Id;
  /** Wire only; the normalized model keeps values in the attribute-value table. */
  attributeValues?: AttributeValue[];
  relationSources?: Relation[];
  relationTargets?: Relation[];
}

export type AttributeKind = 'List' | 'Boolean' | 'Integer' | 'Float' | 'String' | 'Text';

export interface AttributeType {
  name: string;
  alias?: string;
  description?: string;
  type: AttributeKind;
  required?: boolean;
  defaultValue?: string | null;
  allowedValues?: string[];
  hidden?: boolean;
  disabled?: boolean;
  hint?: string;
}

export interface ObjectType {
  id: number;
  name: string;
  objectTypeCategoryId?: number;
  /** Which network-object kind instances of this type live on. */
  geometryKind?: NetworkObjectKind;
  family?: string;
  attributeTypes: AttributeType[];
}

export type RelationKind = 'Flow' | 'Via' | 'Contains';

export interface ObjectRelationType {
  name: string;
  fromObjectTypeId: number;
  toObjectTypeId: number;
  relationType: RelationKind;
  fromMultiplicity: number;
  toMultiplicity: number;
  cascadingDelete?: boolean;
}
