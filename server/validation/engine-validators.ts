// What the engine's network validators read besides the network: the family's catalogue types, the project's
// effective settings (its template's defaults under what is stored) and its demarcation area (the stored
// `project_demarcation` feature, EPSG:3857 like the network). `networkContext` gathers them for a validation job
// (network-job.ts); `load` adds the stored network as one engine model (the clash run).
import { createModel, type Model, type ModelInput, type Position } from '../../engine/index';
import { effectiveSettings } from '../../common/settings/index';
import { catalogueFor } from '../catalogue/catalogue';
import { networkModelInput } from '../network/read-model';
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

export interface Loaded { model: Model; settings: Record<string, unknown>; demarcation: Position[][] | null }

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

/** The stored network as one engine model with the family's catalogue, the effective settings and the demarcation. */
export async function load(q: Queryable, p: EngineProject, scenarioId?: number): Promise<Loaded> {
  const [rows, ctx] = await Promise.all([networkModelInput(q, p.id, { includeWithoutObjectInstances: true, scenarioId }), networkContext(q, p)]);
  const model = createModel({ ...rows, objectTypes: ctx.objectTypes, relationTypes: ctx.relationTypes });
  return { model, settings: ctx.settings, demarcation: ctx.demarcation };
}
