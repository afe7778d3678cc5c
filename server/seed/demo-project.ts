// The demo FTTH project on first start: "Demo FTTH Utrecht" in the demo organisation, project type fttx (10), with a
// generated network around Utrecht Leidsche Rijn (streets, trenches, ducts, cables, distribution points, customer
// connections; about 2,200 edges). Coordinates are EPSG:3857 map units. Idempotent: skipped when it exists.
import type { Db } from '../db/db';
import type { ServerConfig } from '../config';
import { generateFtthNetwork } from '../projects/generate';
import { insertNetwork } from '../projects/bulk-insert';

export const DEMO_PROJECT_NAME = 'Demo FTTH Utrecht';

export async function seedDemoProject(db: Db, _config: ServerConfig): Promise<number | undefined> {
  const org = await db.query<{ id: number }>(`SELECT id FROM organisations WHERE name = 'demo'`).catch(() => ({ rows: [] as { id: number }[] }));
  const orgId = org.rows[0]?.id;
  if (orgId === undefined) return undefined;
  const existing = await db.query<{ id: number }>('SELECT id FROM project WHERE organisation_id = $1 AND name = $2', [orgId, DEMO_PROJECT_NAME]);
  if (existing.rows[0]) return existing.rows[0].id;
  const r = await db.query<{ id: number }>(
    `INSERT INTO project (organisation_id, name, project_type_id, step, settings) VALUES ($1, $2, 10, 2, $3::jsonb) RETURNING id`,
    [orgId, DEMO_PROJECT_NAME, JSON.stringify({ crs: 'EPSG:3857', centre: 'Utrecht Leidsche Rijn' })]);
  const id = r.rows[0].id;
  await db.query(`INSERT INTO project_property_value (project_id, property_type_name, value) VALUES ($1, 'country', 'NL'),
    ($1, 'preferred_coordinate_system', 'EPSG:3857'), ($1, 'order_type', '1')`, [id]);
  await db.query(`INSERT INTO event_log (project_id, user_id, type) VALUES ($1, NULL, 'PROJECT_CREATED')`, [id]);
  await insertNetwork(db, id, generateFtthNetwork({ grid: 12, apName: 'AP Utrecht Leidsche Rijn' }));
  return id;
}
