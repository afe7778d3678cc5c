// The binary columnar form of a network read (issue 15): the media type the `Accept` header asks for, and the tables of
// the answer — Apache Arrow IPC streams written one after another in this order, each named by its schema's `table`
// metadata. Every id (objects, instances, path edges, and ids referred to outside the answer) is written once, in the
// `ids` table (a lowercase UUID as its 16 bytes, any other id as text); the other tables refer to ids by their row
// number there (dictionary encoding of the ids). Coordinates
// are GeoArrow-layout interleaved Float64 (`geoarrow.point`, `geoarrow.linestring`: list offsets into x,y pairs);
// attribute and relation type names, and attribute values, are Arrow dictionaries. Object ids come first in `ids`, in the answer's order.

/** The media type of the binary form (the Arrow IPC stream format's registered type). */
export const ARROW_MEDIA_TYPE = 'application/vnd.apache.arrow.stream';

/** Schema metadata keys. */
export const META_TABLE = 'table';
export const META_PROJECT = 'projectId';
export const META_OBJECTS = 'objects';
export const META_FORMAT = 'netplan.format';
/** network/3: attribute values are an Arrow dictionary (each distinct value once); network/2: ids written as UUIDs
 *  travel as 16 bytes (`uuid`). Answers of network/1 (no `uuid` column) and network/2 (values as plain utf8) read the
 *  same. */
export const FORMAT_VERSION = 'network/3';

/** Tables in stream order, with their columns (int32 = row number in `ids`, unless named otherwise). */
export const ARROW_TABLES = {
  /** id: utf8 — object ids first (answer order), then instances, path edges and other referenced ids; null where
   *  uuid: fixed-size binary (16) — the id's 16 bytes when it is written as a lowercase UUID (8-4-4-4-12 hex digits),
   *  else null. */
  ids: ['id', 'uuid'],
  /** id, scenario (int32, null = base), geometry (geoarrow.point). */
  nodes: ['id', 'scenario', 'geometry'],
  /** id, scenario, from, to, twoWay (bool), length (float64, null = not set), geometry (geoarrow.linestring). */
  edges: ['id', 'scenario', 'from', 'to', 'twoWay', 'length', 'geometry'],
  /** id, scenario. */
  paths: ['id', 'scenario'],
  /** id, path, edge, startNode, position (float64: the stored order key) — rows of a path in path order. */
  pathEdges: ['id', 'path', 'edge', 'startNode', 'position'],
  /** id, object, objectTypeId (int32). */
  instances: ['id', 'object', 'objectTypeId'],
  /** instance, name (dictionary utf8), value (dictionary utf8, nullable; plain utf8 before network/3). */
  values: ['instance', 'name', 'value'],
  /** from, to, type (dictionary utf8) — each relation once. */
  relations: ['from', 'to', 'type'],
} as const;

export type ArrowTableName = keyof typeof ARROW_TABLES;
export const ARROW_TABLE_ORDER = Object.keys(ARROW_TABLES) as ArrowTableName[];
