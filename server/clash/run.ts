// Full project clash run (issue 14): the engine's ClashIndex (engine/clash) over the stored network against the
// project's stored reference features (table `feature`: uploads, KLIC themes, BGT surfaces, trees, … — each feature's
// `layer`, or its `type` where the layer is empty, is what a rule's layer names), with the rules of the project's
// effective `clashDetectionSettings` plus the built-in BGT obstruction rule. The results replace the project's stored
// clashes: features of type `clash` in layer `clashes` (table fttx_feature, so the WFS and the `clashes` feature layer
// draw them; status in the properties), each with a uuid derived from project and clash id, so a clash keeps its
// uuid across runs. A status set earlier (PATCH) is kept while the clash persists.
import { createHash } from 'node:crypto';
import {
  clashRulesFromSettings, isClashStatus, referenceLayer, STATUS_SEVERITY, withBgtRule, type Clash, type ClashStatus, type ReferenceFeature,
} from '../../engine/index';
import type { Db, Queryable } from '../db/db';
import { insertFeatures } from '../geoserver/stored-features';
import { networkContext, type EngineProject } from '../validation/engine-validators';
import { readNetworkArrow } from '../network/read-arrow';
import { inSnapshot } from '../network/send';
import { runInThread } from '../jobs/thread';
import type { ClashJob } from './clash-job';
import { DEMARCATION } from '../routes/demarcation';

export const CLASH_TYPE = 'clash';
export const CLASH_LAYER = 'clashes';
export const CLASH_TABLE = 'fttx_feature';
const REFERENCE_KINDS = ['Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon'];

/** The stored uuid of a clash: a name-based (v5-shaped) UUID of project id and clash id. */
export function clashUuid(projectId: number, id: string): string {
  const h = createHash('sha1').update(`${projectId}\u0001${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface StoredClash extends Omit<Clash, 'geometry'> { uuid: string; geometry: Clash['geometry'] }

export interface ClashRunResult {
  clashes: StoredClash[];
  counts: Record<string, number>;
  rules: string[];
  references: number;
  networkChecked: boolean;
}

interface FeatureRow { uuid: string; layer: string | null; type: string; properties: Record<string, unknown> | string; geometry: { type: string } | string }
const obj = <T>(v: T | string): T => (typeof v === 'string' ? JSON.parse(v) as T : v);

/** The project's stored reference features (every stored feature but clashes and the demarcation area). */
export async function storedReferences(q: Queryable, projectId: number): Promise<ReferenceFeature[]> {
  const r = await q.query<FeatureRow>(`SELECT uuid, layer, type, properties, geometry FROM feature
    WHERE project_id = $1 AND type <> $2 AND NOT (table_name = $3 AND type = $4)`, [projectId, CLASH_TYPE, DEMARCATION.table, DEMARCATION.type]);
  const out: ReferenceFeature[] = [];
  for (const row of r.rows) {
    const geometry = obj(row.geometry) as ReferenceFeature['geometry'];
    if (!REFERENCE_KINDS.includes(geometry.type)) continue;
    const properties = { type: row.type, ...obj(row.properties) };
    // KLIC cables and pipes are checked by the rule of their theme (engine/clash/klic-themes.ts)
    out.push({ id: row.uuid, layer: referenceLayer(row.layer || row.type, properties), geometry, properties });
  }
  return out;
}

/** Stored statuses of the project's clashes, by clash id. */
async function storedStatuses(q: Queryable, projectId: number): Promise<Map<string, ClashStatus>> {
  const r = await q.query<{ properties: Record<string, unknown> | string }>('SELECT properties FROM feature WHERE project_id = $1 AND table_name = $2 AND type = $3',
    [projectId, CLASH_TABLE, CLASH_TYPE]);
  const m = new Map<string, ClashStatus>();
  for (const row of r.rows) {
    const p = obj(row.properties);
    if (typeof p.clashId === 'string' && isClashStatus(p.status)) m.set(p.clashId, p.status);
  }
  return m;
}

export const clashProperties = (c: Clash) => ({
  clashId: c.id, ruleName: c.ruleName, objectId: c.objectId, referenceId: c.referenceId, referenceLayer: c.referenceLayer,
  status: c.status, severity: c.severity, priority: c.priority, distance: Math.round(c.distance * 1000) / 1000,
});

/** The thread the last run's network check ran in (tests; 0 is the server's own). */
export const lastClashJob = { thread: 0 };

/** Runs every clash rule over the whole stored project and replaces its stored clashes (one transaction). The
 *  network is checked in the worker thread of whole-network jobs (clash-job.ts). */
export async function runProjectClashes(db: Db, p: EngineProject, scenarioId?: number, reviewed: Record<string, ClashStatus> = {}): Promise<ClashRunResult> {
  const [ctx, references, statuses] = await Promise.all([networkContext(db, p), storedReferences(db, p.id), storedStatuses(db, p.id)]);
  // statuses the map's review set on clashes not stored yet (live, before a save) win over stored ones
  for (const [id, st] of Object.entries(reviewed)) statuses.set(id, st);
  const settings = clashRulesFromSettings(ctx.settings.clashDetectionSettings);
  const rules = settings.networkEnabled ? withBgtRule(settings.rules) : [];
  const job: ClashJob = { kind: 'clash', projectId: p.id, scenarioId, objectTypes: ctx.objectTypes, relationTypes: ctx.relationTypes, references, rules, statuses };
  if (db.connection) job.source = db.connection;
  else job.arrow = await inSnapshot(db, (q) => readNetworkArrow(q, p.id, { includeWithoutObjectInstances: true, scenarioId }));
  const r = await runInThread(job);
  lastClashJob.thread = r.thread;
  const clashes = r.clashes.map((c) => ({ ...c, uuid: clashUuid(p.id, c.id) }));
  await db.tx(async (q) => {
    await q.query('DELETE FROM feature WHERE project_id = $1 AND table_name = $2 AND type = $3', [p.id, CLASH_TABLE, CLASH_TYPE]);
    for (let k = 0; k < clashes.length; k += 5000) {
      await insertFeatures(q, p.id, clashes.slice(k, k + 5000).map((c) => ({
        uuid: c.uuid, table: CLASH_TABLE, type: CLASH_TYPE, layer: CLASH_LAYER, category: 'Clashes', name: c.ruleName,
        properties: clashProperties(c), geometry: c.geometry,
      })));
    }
  });
  return { clashes, counts: r.counts, rules: rules.map((r) => r.name), references: references.length, networkChecked: settings.networkEnabled };
}

/** Sets the status of one stored clash (by uuid or clash id); the updated clash, or undefined when unknown. */
export async function setClashStatus(q: Queryable, projectId: number, clashId: string, status: ClashStatus): Promise<Record<string, unknown> | undefined> {
  const r = await q.query<{ uuid: string; properties: Record<string, unknown> | string; geometry: unknown }>(
    `UPDATE feature SET properties = properties || jsonb_build_object('status', $4::text, 'severity', $5::text), updated_at = now()
     WHERE project_id = $1 AND table_name = $2 AND type = $3 AND (uuid::text = lower($6) OR properties->>'clashId' = $6)
     RETURNING uuid, properties, geometry`, [projectId, CLASH_TABLE, CLASH_TYPE, status, STATUS_SEVERITY[status], clashId]);
  const row = r.rows[0];
  return row ? { uuid: row.uuid, ...obj(row.properties), geometry: obj(row.geometry as object) } : undefined;
}
