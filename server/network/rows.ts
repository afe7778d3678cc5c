// Conversion between the network wire types (engine/types.ts) and table rows, plus the bounding box of a geometry
// (stored in the native `box` column for GiST bbox queries).
import type { Geometry, NetworkObject, NetworkObjectKind } from '../../engine/types';
import { lineLength } from '../../engine/geometry';

export interface NetworkObjectRow {
  id: string;
  scenarioId: number | null;
  kind: NetworkObjectKind;
  geometry: string | null;
  fromNodeId: string | null;
  toNodeId: string | null;
  twoWay: boolean | null;
  length: number | null;
  bbox: string | null;
}

export function kindOf(o: Pick<NetworkObject, 'node' | 'edge' | 'pathEdges'>): NetworkObjectKind | 'invalid' {
  const n = (o.node ? 1 : 0) + (o.edge ? 1 : 0);
  if (n > 1 || (n === 1 && o.pathEdges && !o.edge)) return 'invalid';
  if (o.node) return 'node';
  if (o.edge) return 'edge';
  return 'path'; // a path row as the engine sends it ({id, projectId}) gets its path edges in a path_edge batch
}

/** Box text '(x2,y2),(x1,y1)' of a geometry, or null for an empty one. Coordinates must be finite numbers. */
export function bboxOf(g: Geometry): string {
  const pts = g.type === 'Point' ? [g.coordinates] : g.coordinates;
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (const p of pts) {
    if (p[0] < x1) x1 = p[0];
    if (p[0] > x2) x2 = p[0];
    if (p[1] < y1) y1 = p[1];
    if (p[1] > y2) y2 = p[1];
  }
  return `(${x2},${y2}),(${x1},${y1})`;
}

/** Geometry reduced to what we store: type and 2-D coordinates (the map sends only Point and LineString). */
function cleanGeometry(g: Geometry): Geometry {
  return g.type === 'Point'
    ? { type: 'Point', coordinates: [g.coordinates[0], g.coordinates[1]] }
    : { type: 'LineString', coordinates: g.coordinates.map((c) => [c[0], c[1]] as [number, number]) };
}

export function toRow(o: NetworkObject): NetworkObjectRow {
  const kind = kindOf(o) as NetworkObjectKind;
  const g = kind === 'node' ? cleanGeometry(o.node!.geometry) : kind === 'edge' ? cleanGeometry(o.edge!.geometry) : null;
  return {
    id: o.id,
    scenarioId: o.scenarioId ?? null,
    kind,
    geometry: g ? JSON.stringify(g) : null,
    fromNodeId: o.edge?.fromNodeId ?? null,
    toNodeId: o.edge?.toNodeId ?? null,
    twoWay: kind === 'edge' ? o.edge!.twoWay ?? false : null,
    length: kind === 'edge' ? o.edge!.length ?? lineLength(o.edge!.geometry.coordinates) : null,
    bbox: g ? bboxOf(g) : null,
  };
}

/** Multi-row insert of network objects through unnest (one statement, any batch size). */
export const INSERT_NETWORK_OBJECTS = `
  INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
  SELECT $1, t.id, t.scenario_id, t.kind, t.geometry::jsonb, t.from_node_id, t.to_node_id, t.two_way, t.length, t.bbox::box
  FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::float8[], $10::text[])
    AS t(id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)`;

export function insertParams(projectId: number, rows: NetworkObjectRow[]): unknown[] {
  return [projectId, rows.map((r) => r.id), rows.map((r) => r.scenarioId), rows.map((r) => r.kind), rows.map((r) => r.geometry),
    rows.map((r) => r.fromNodeId), rows.map((r) => r.toNodeId), rows.map((r) => r.twoWay), rows.map((r) => r.length),
    rows.map((r) => r.bbox)];
}
