// Validators of the validation service that run the engine's network validators (engine/validation) over the stored
// network — the same rules the map validates live on each edit, here on what is saved: allowed_values, dp_capacity,
// cable_capacity, unconnected_customer_connections and demarcation_containment (the project's demarcation area, the
// stored `project_demarcation` feature, EPSG:3857 like the network). Settings come from the project's effective
// settings (its template's defaults under what is stored). One POST /validations loads the model once (memo).
import { createModel, NetworkValidation, VALIDATORS as ENGINE, type Model, type Position, type ValidationResult as EngineResult } from '../../engine/index';
import { effectiveSettings } from '../../common/settings/index';
import { catalogueFor } from '../catalogue/catalogue';
import { networkModelInput } from '../network/read-model';
import { projectTemplate, storedSettings } from '../projects/settings-routes';
import type { Queryable } from '../db/db';
import { DEMARCATION } from '../routes/demarcation';

export const ENGINE_VALIDATORS = ['allowed_values', 'dp_capacity', 'cable_capacity', 'unconnected_customer_connections', 'demarcation_containment'] as const;

export interface EngineProject { id: number; project_type_id: number; family: string }

export interface Loaded { model: Model; settings: Record<string, unknown>; demarcation: Position[][] | null }

/** The stored network as one engine model with the family's catalogue, the effective settings and the demarcation. */
export async function load(q: Queryable, p: EngineProject, scenarioId?: number): Promise<Loaded> {
  const [rows, cat, stored, dem] = await Promise.all([
    networkModelInput(q, p.id, { includeWithoutObjectInstances: true, scenarioId }),
    catalogueFor(q, p.family),
    storedSettings(q, p.id),
    q.query<{ geometry: { type: string; coordinates: unknown } }>('SELECT geometry FROM feature WHERE project_id = $1 AND table_name = $2 AND type = $3 LIMIT 1',
      [p.id, DEMARCATION.table, DEMARCATION.type]),
  ]);
  const model = createModel({ ...rows, objectTypes: [...cat.objectTypes.values()], relationTypes: [...cat.relationTypes.values()] });
  const g = dem.rows[0]?.geometry;
  // the first polygon of a MultiPolygon (the demarcation route takes one area)
  const demarcation = g?.type === 'Polygon' ? g.coordinates as Position[][] : g?.type === 'MultiPolygon' ? (g.coordinates as Position[][][])[0] ?? null : null;
  return { model, settings: effectiveSettings(projectTemplate(p), stored) as Record<string, unknown>, demarcation };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Runs one engine validator over the stored network; its failed results, or one passed result. */
export async function runEngineValidator(
  q: Queryable, p: EngineProject, name: (typeof ENGINE_VALIDATORS)[number], params: Record<string, unknown>, memo: Map<string, Promise<unknown>>,
): Promise<EngineResult[]> {
  const scenarioId = typeof params.scenarioId === 'number' ? params.scenarioId : undefined;
  const key = `model:${scenarioId ?? ''}`;
  if (!memo.has(key)) memo.set(key, load(q, p, scenarioId));
  const { model, settings, demarcation } = await (memo.get(key) as Promise<Loaded>);
  const network = (settings.network ?? {}) as Record<string, unknown>;
  const severity = params.severity === 'Required' || params.severity === 'Recommended' || params.severity === 'Optional' ? params.severity : undefined;
  const v = new NetworkValidation(model, {
    validators: ENGINE.filter((x) => x.name === name),
    stateId: typeof params.stateId === 'number' ? params.stateId : null,
    settings: Object.fromEntries(Object.entries({ dp_capacity: num(network.dp_capacity), dp_minimum_usage: num(network.dp_minimum_usage), dp_physical_capacity: num(network.dp_physical_capacity) }).filter(([, x]) => x !== undefined)),
    demarcation,
    severity: severity ? { [name]: severity } : undefined,
  });
  return v.report();
}
