// Bulk writer of a generated network into a project (demo seed, `npm run seed`, benchmarks): multi-row unnest
// inserts. `insertNetwork` writes one network in one transaction (chunks of 20k rows); `insertNetworkBlocks` streams
// blocks (the tiles of generateFtthTiles) into one transaction, one statement a block, generating the next block
// while the database stores the current one, so memory stays bounded by a block whatever the size.
import type { Db, Queryable } from '../db/db';
import { INSERT_NETWORK_OBJECTS, insertParams } from '../network/rows';
import { insertPathEdges } from '../network/path-edges';
import type { GeneratedNetwork } from './generate';

const CHUNK = 20_000;

function chunks<T>(a: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < a.length; i += CHUNK) out.push(a.slice(i, i + CHUNK));
  return out;
}

/** Inserts the rows of one network (or one block of it) with chunked unnest inserts, in the caller's transaction. */
export async function insertRows(q: Queryable, projectId: number, net: GeneratedNetwork): Promise<void> {
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
}

/** Fresh planner statistics: without them a big project is read with nested loops (PGlite has no autovacuum). */
export async function analyzeNetwork(db: Db): Promise<void> {
  for (const t of ['network_object', 'path_edge', 'object_instance', 'attribute_value', 'relation']) await db.exec(`ANALYZE ${t}`);
}

export async function insertNetwork(db: Db, projectId: number, net: GeneratedNetwork): Promise<void> {
  await db.tx(async (q) => {
    await insertRows(q, projectId, net);
    await q.query('SELECT network_stamp($1)', [projectId]); // version bump + change log (migration 027)
  });
  await analyzeNetwork(db);
}

export interface BlockProgress { blocks: number; edges: number; objects: number; rows: number }

/** One block in ONE statement (data-modifying CTEs over unnest arrays): one round trip, so the database stores a
 *  block while Node generates the next. */
// Cells (migration 064) are given here: with the triggers off (replica role) nothing else would set them, and rows of
// one statement cannot see each other for the triggers' lookups. An instance's object, a value's or relation end's
// instance is of this block (RETURNING) or of an earlier one (looked up).
const INSERT_BLOCK = `
  WITH o AS (
    INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
    SELECT $1, t.id, t.scenario_id, t.kind, t.geometry::jsonb, t.from_node_id, t.to_node_id, t.two_way, t.length, t.bbox::box
    FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::float8[], $10::text[])
      AS t(id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
    RETURNING id, network_cell(bbox) AS cell),
  p AS (
    INSERT INTO path_edge (project_id, id, path_id, edge_id, start_node_id, seq)
    SELECT $1, t.id, t.path_id, t.edge_id, t.start_node_id, t.seq
    FROM unnest($11::text[], $12::text[], $13::text[], $14::text[], $15::float8[]) AS t(id, path_id, edge_id, start_node_id, seq)),
  i AS (
    INSERT INTO object_instance (project_id, id, object_type_id, network_object_id, cell)
    SELECT $1, t.id, t.ot, t.no, CASE WHEN o.id IS NOT NULL THEN o.cell ELSE (SELECT network_cell(x.bbox) FROM network_object x WHERE x.project_id = $1 AND x.id = t.no) END
    FROM unnest($16::text[], $17::int[], $18::text[]) AS t(id, ot, no) LEFT JOIN o ON o.id = t.no
    RETURNING id, cell),
  v AS (
    INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value, cell)
    SELECT $1, t.i, t.n, t.v, CASE WHEN i.id IS NOT NULL THEN i.cell ELSE (SELECT x.cell FROM object_instance x WHERE x.project_id = $1 AND x.id = t.i) END
    FROM unnest($19::text[], $20::text[], $21::text[]) AS t(i, n, v) LEFT JOIN i ON i.id = t.i)
  INSERT INTO relation (project_id, from_id, to_id, relation_type_name, from_cell, to_cell)
  SELECT $1, t.f, t.o, t.n,
    CASE WHEN f.id IS NOT NULL THEN f.cell ELSE (SELECT x.cell FROM object_instance x WHERE x.project_id = $1 AND x.id = t.f) END,
    CASE WHEN g.id IS NOT NULL THEN g.cell ELSE (SELECT x.cell FROM object_instance x WHERE x.project_id = $1 AND x.id = t.o) END
  FROM unnest($22::text[], $23::text[], $24::text[]) AS t(f, o, n) LEFT JOIN i f ON f.id = t.f LEFT JOIN i g ON g.id = t.o ON CONFLICT DO NOTHING`;

function blockParams(projectId: number, b: GeneratedNetwork): unknown[] {
  return [...insertParams(projectId, b.objects),
    b.pathEdges.map((r) => r.id), b.pathEdges.map((r) => r.pathId), b.pathEdges.map((r) => r.edgeId), b.pathEdges.map((r) => r.startNodeId), b.pathEdges.map((r) => r.seq),
    b.instances.map((i) => i.id), b.instances.map((i) => i.objectTypeId), b.instances.map((i) => i.networkObjectId),
    b.values.map((v) => v.objectInstanceId), b.values.map((v) => v.attributeTypeName), b.values.map((v) => v.value),
    b.relations.map((r) => r.fromId), b.relations.map((r) => r.toId), b.relations.map((r) => r.objectRelationTypeName)];
}

const NETWORK_TABLES = ['network_object', 'path_edge', 'object_instance', 'attribute_value', 'relation'];

/**
 * Checks every foreign key of the network tables for the rows of one project set-wise (one anti-join per constraint,
 * read from pg_constraint) — what the per-row triggers would have checked. Throws naming the first violation.
 */
export async function verifyForeignKeys(q: Queryable, projectId: number): Promise<void> {
  const fks = await q.query<{ name: string; child: string; parent: string; cols: string[]; pcols: string[] }>(`
    SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
      array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS cols,
      array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS pcols
    FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid = ANY($1::regclass[]) ORDER BY 1`, [NETWORK_TABLES]);
  for (const fk of fks.rows) {
    const on = fk.cols.map((c, k) => `p.${fk.pcols[k]} = c.${c}`).join(' AND ');
    const r = await q.query<{ v: string }>(`SELECT row(${fk.cols.map((c) => `c.${c}`).join(', ')})::text AS v FROM ${fk.child} c
      WHERE c.project_id = $1 AND ${fk.cols.map((c) => `c.${c} IS NOT NULL`).join(' AND ')}
        AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${on}) LIMIT 1`, [projectId]);
    if (r.rows[0]) throw new Error(`foreign key ${fk.name} violated: ${fk.child} ${r.rows[0].v} has no row in ${fk.parent}`);
  }
}

export interface BlockOptions {
  /** Check foreign keys row by row (the triggers) even where they could be checked set-wise at the end. */
  checkEachRow?: boolean;
  onBlock?: (p: BlockProgress) => void;
}

/**
 * Inserts the blocks of `blocks` (each referring only to itself and earlier blocks) into one project in ONE
 * transaction: a failure or a kill leaves no half project. `project` is the project id or a function that creates it
 * in the same transaction. Each block is one statement; the next block is generated while it runs. Where the role
 * may (superuser: own PostgreSQL, PGlite) the per-row foreign-key triggers are switched off for the transaction
 * (`session_replication_role = replica`, as pg_restore --disable-triggers) and every foreign key is verified set-wise
 * before commit instead — twice as fast, same guarantee. Returns the project id, the totals and `trusted` (which way).
 */
export async function insertNetworkBlocks(db: Db, blocks: Iterator<GeneratedNetwork>, project: number | ((q: Queryable) => Promise<number>),
  opts: BlockOptions = {}): Promise<{ projectId: number; setWiseForeignKeys: boolean } & BlockProgress> {
  const total: BlockProgress = { blocks: 0, edges: 0, objects: 0, rows: 0 };
  let setWise = false;
  const projectId = await db.tx(async (q) => {
    const id = typeof project === 'number' ? project : await project(q);
    if (!opts.checkEachRow) {
      setWise = (await q.query<{ su: string }>(`SELECT current_setting('is_superuser') AS su`)).rows[0]?.su === 'on';
      if (setWise) await q.query('SET LOCAL session_replication_role = replica');
    }
    let cur = blocks.next();
    while (!cur.done) {
      const block = cur.value;
      const storing = q.query(INSERT_BLOCK, blockParams(id, block));
      storing.catch(() => undefined); // awaited below; a failure must not count as unhandled meanwhile
      await new Promise<void>((r) => setImmediate(r)); // the statement goes out before the next block is generated
      const next = blocks.next();
      await storing;
      total.blocks++;
      for (const o of block.objects) if (o.kind === 'edge') total.edges++;
      total.objects += block.objects.length;
      total.rows += block.objects.length + block.pathEdges.length + block.instances.length + block.values.length + block.relations.length;
      opts.onBlock?.({ ...total });
      cur = next;
    }
    if (setWise) {
      await q.query('SET LOCAL session_replication_role = origin');
      // Statistics that count this transaction's rows, so each check is planned as a hash anti-join.
      for (const t of NETWORK_TABLES) await q.query(`ANALYZE ${t}`);
      await verifyForeignKeys(q, id);
      // and the cells the triggers would have set (migration 064)
      const bad = (await q.query<{ n: string }>('SELECT network_cell_mismatches($1) AS n', [id])).rows[0]?.n;
      if (Number(bad)) throw new Error(`${bad} network rows with a cell not their parent's`);
    }
    // A new project: no change log (migration 027) for the load (with the triggers off it would miss it anyway).
    await q.query('UPDATE project SET network_version = network_version + 1, network_log_from = network_version + 1 WHERE id = $1', [id]);
    await q.query('DELETE FROM network_change WHERE project_id = $1', [id]);
    return id;
  });
  await analyzeNetwork(db);
  return { projectId, setWiseForeignKeys: setWise, ...total };
}
