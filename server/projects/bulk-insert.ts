// Bulk writer of a generated network into a project (demo seed, `npm run seed`, benchmarks): multi-row unnest
// inserts in chunks, all in one transaction.
import type { Db } from '../db/db';
import { INSERT_NETWORK_OBJECTS, insertParams } from '../network/rows';
import { insertPathEdges } from '../network/path-edges';
import type { GeneratedNetwork } from './generate';

const CHUNK = 20_000;

function chunks<T>(a: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < a.length; i += CHUNK) out.push(a.slice(i, i + CHUNK));
  return out;
}

export async function insertNetwork(db: Db, projectId: number, net: GeneratedNetwork): Promise<void> {
  await db.tx(async (q) => {
    for (const c of chunks(net.objects)) await q.query(INSERT_NETWORK_OBJECTS, insertParams(projectId, c));
    for (const c of chunks(net.pathEdges)) await insertPathEdges(q, projectId, c);
    for (const c of chunks(net.instances)) {
      await q.query(`INSERT INTO object_instance (project_id, id, object_type_id, network_object_id)
        SELECT $1, t.id, t.ot, t.no FROM unnest($2::text[], $3::int[], $4::text[]) AS t(id, ot, no)`,
      [projectId, c.map((i) => i.id), c.map((i) => i.objectTypeId), c.map((i) => i.networkObjectId)]);
    }
    for (const c of chunks(net.values)) {
      await q.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value)
        SELECT $1, t.i, t.n, t.v FROM unnest($2::text[], $3::text[], $4::text[]) AS t(i, n, v)`,
      [projectId, c.map((v) => v.objectInstanceId), c.map((v) => v.attributeTypeName), c.map((v) => v.value)]);
    }
    for (const c of chunks(net.relations)) {
      await q.query(`INSERT INTO relation (project_id, from_id, to_id, relation_type_name)
        SELECT $1, t.f, t.o, t.n FROM unnest($2::text[], $3::text[], $4::text[]) AS t(f, o, n) ON CONFLICT DO NOTHING`,
      [projectId, c.map((r) => r.fromId), c.map((r) => r.toId), c.map((r) => r.objectRelationTypeName)]);
    }
    await q.query('UPDATE project SET network_version = network_version + 1 WHERE id = $1', [projectId]);
  });
  // Fresh planner statistics: without them a big project is read with nested loops (PGlite has no autovacuum).
  for (const t of ['network_object', 'path_edge', 'object_instance', 'attribute_value', 'relation']) await db.exec(`ANALYZE ${t}`);
}
