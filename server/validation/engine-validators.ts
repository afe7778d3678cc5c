// What the engine's network validators read besides the network: the family's catalogue types, the project's
// effective settings (its template's defaults under what is stored) and its demarcation area (the stored
// `project_demarcation` feature, EPSG:3857 like the network). `networkContext` gathers them for a whole-network job
// (validation: network-job.ts; the clash run: clash/clash-job.ts).
import type { ModelInput, Position } from '../../engine/index';
import { effectiveSettings } from '../../common/settings/index';
import { catalogueFor } from '../catalogue/catalogue';
import { projectTemplate, storedSettings } from '../projects/settings-routes';
import type { Queryable } from '../db/db';
import { DEMARCATION } from '../routes/demarcation';

export interface EngineProject { id: number; project_type_id: number; family: string }

export interface NetworkContext {
  objectTypes: ModelInput['objectTypes'];
  relationTypes: ModelInput['relationTypes'];
  settings: Record<string, unknown>;
  demarcation: Position[][] | null;
}

/** The catalogue types, effective settings and demarcation of project `p`. */
export async function networkContext(q: Queryable, p: EngineProject): Promise<NetworkContext> {
  const [cat, stored, dem] = await Promise.all([
    catalogueFor(q, p.family),
    storedSettings(q, p.id),
    q.query<{ geometry: { type: string; coordinates: unknown } }>('SELECT geometry FROM feature WHERE project_id = $1 AND table_name = $2 AND type = $3 LIMIT 1',
      [p.id, DEMARCATION.table, DEMARCATION.type]),
  ]);
  const g = dem.rows[0]?.geometry;
  // the first polygon of a MultiPolygon (the demarcation route takes one area)
  const demarcation = g?.type === 'Polygon' ? g.coordinates as Position[][] : g?.type === 'MultiPolygon' ? (g.coordinates as Position[][][])[0] ?? null : null;
  return {
    objectTypes: [...cat.objectTypes.values()], relationTypes: [...cat.relationTypes.values()],
    settings: effectiveSettings(projectTemplate(p), stored) as Record<string, unknown>, demarcation,
  };
}
