// Runs the actions of one WFS-T Transaction against a project's stored features (table `feature`) in ONE database
// transaction, in document order: any bad feature or filter throws a 400 OWS error and nothing is stored. Inserts
// keep the ids the client sent (UUID pattern; otherwise new ones); an id already stored in the same project and table
// is replaced (a retried send stays idempotent), one stored elsewhere or given twice is a 400. Update and Delete need
// a Filter and touch only the project's rows of that table. The project's updated_at is bumped when anything changed.
import type { Db, Queryable } from '../db/db';
import { OwsError } from './ows-error';
import { insertStoredRows, storedFields, type InsertRow } from './stored-features';
import { COLUMNS, insertRow, updatedRow, type CurrentRow, type FieldTypes } from './transaction-rows';
import type { Action, Filter } from './wfst-parse';
import { UUID_RE } from './wfst-store-rules';
import { wfstTable, type WfstTables } from './wfst-types';

export interface TransactionResult { inserted: { table: string; uuid: string }[]; updated: number; deleted: number }

const CHUNK = 5000;

/** A filter as SQL over `feature` (parameters appended to `params`). */
function filterSql(f: Filter, table: string, projectId: number, locator: string, params: unknown[]): string {
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  if ('ids' in f) {
    const uuids = f.ids.map((id) => {
      const [prefix, u] = id.includes('.') ? [id.slice(0, id.lastIndexOf('.')), id.slice(id.lastIndexOf('.') + 1)] : ['', id];
      if (!UUID_RE.test(u) || (prefix && prefix.slice(prefix.lastIndexOf(':') + 1) !== table)) {
        throw new OwsError('InvalidParameterValue', locator, `'${id.slice(0, 80)}' is not a feature id of ${table} ({table}.{uuid})`);
      }
      return u.toLowerCase();
    });
    return `uuid = ANY(${add(uuids)}::uuid[])`;
  }
  if ('eq' in f) {
    const [name, value] = f.eq;
    if (name === 'uuid' || name === 'gml_id') return UUID_RE.test(value.slice(value.lastIndexOf('.') + 1)) ? `uuid = ${add(value.slice(value.lastIndexOf('.') + 1).toLowerCase())}::uuid` : 'false';
    if (name === 'project_id') return String(value.trim() === String(projectId));
    if (COLUMNS.has(name)) return `${name} = ${add(value)}`;
    return `properties->>${add(name)} = ${add(value)}`;
  }
  const subs = ('and' in f ? f.and : f.or).map((s) => `(${filterSql(s, table, projectId, locator, params)})`);
  return subs.join('and' in f ? ' AND ' : ' OR ');
}

async function fieldTypes(q: Queryable, projectId: number, table: string, cache: Map<string, FieldTypes>): Promise<FieldTypes> {
  let m = cache.get(table);
  if (!m) { m = new Map(await storedFields(q, projectId, table)); cache.set(table, m); }
  return m;
}

const needsSchema = (names: Iterable<string>) => [...names].some((k) => !COLUMNS.has(k) && k !== 'properties');

async function runInsert(q: Queryable, projectId: number, a: Extract<Action, { kind: 'insert' }>, tables: WfstTables, schema: Map<string, FieldTypes>): Promise<InsertRow[]> {
  const rows: InsertRow[] = [];
  for (const f of a.features) {
    const table = wfstTable(tables, f.locator, f.typeName);
    const fields = needsSchema(f.values.keys()) ? await fieldTypes(q, projectId, table, schema) : new Map<string, string>();
    rows.push(insertRow(f, table, tables, fields));
  }
  const seen = new Map<string, string>();
  rows.forEach((r, i) => {
    const first = seen.get(r.uuid);
    if (first) throw new OwsError('InvalidParameterValue', `${a.features[i].locator}.uuid`, `uuid ${r.uuid} is given twice (also ${first})`);
    seen.set(r.uuid, a.features[i].locator);
  });
  const taken = (await q.query<{ uuid: string; project_id: number; table_name: string }>(
    'SELECT uuid::text AS uuid, project_id, table_name FROM feature WHERE uuid = ANY($1::uuid[])', [rows.map((r) => r.uuid)])).rows;
  const same: string[] = [];
  const index = new Map(rows.map((r, i) => [r.uuid, i]));
  for (const t of taken) {
    const i = index.get(t.uuid)!;
    if (t.project_id !== projectId || t.table_name !== rows[i].table) {
      throw new OwsError('InvalidParameterValue', `${a.features[i].locator}.uuid`, `uuid ${t.uuid} belongs to another feature`);
    }
    same.push(t.uuid);
  }
  if (same.length) await q.query('DELETE FROM feature WHERE project_id = $1 AND uuid = ANY($2::uuid[])', [projectId, same]);
  for (let k = 0; k < rows.length; k += CHUNK) await insertStoredRows(q, projectId, rows.slice(k, k + CHUNK));
  return rows;
}

async function runUpdate(q: Queryable, projectId: number, a: Extract<Action, { kind: 'update' }>, tables: WfstTables, schema: Map<string, FieldTypes>): Promise<number> {
  const table = wfstTable(tables, `${a.locator}.typeName`, a.typeName);
  const params: unknown[] = [projectId, table];
  const where = filterSql(a.filter, table, projectId, `${a.locator}.Filter`, params);
  const cur = (await q.query<CurrentRow>(`SELECT uuid::text AS uuid, type, layer, category, name, topology_id, properties, geometry
    FROM feature WHERE project_id = $1 AND table_name = $2 AND (${where}) ORDER BY uuid FOR UPDATE`, params)).rows;
  if (!cur.length) return 0;
  const fields = needsSchema(a.props.map((p) => p.name)) ? await fieldTypes(q, projectId, table, schema) : new Map<string, string>();
  const rows = cur.map((r) => updatedRow(r, table, a.props, a.locator, tables, fields));
  const col = <K extends keyof InsertRow>(k: K) => rows.map((r) => r[k]);
  await q.query(`UPDATE feature f SET type = t.ty, layer = t.l, category = t.c, name = t.n, properties = t.p::jsonb,
      geometry = t.g::jsonb, box = t.b::box, topology_id = t.tp, updated_at = now()
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
      AS t(u, ty, l, c, n, p, g, b, tp)
    WHERE f.project_id = $1 AND f.uuid = t.u::uuid`,
  [projectId, col('uuid'), col('type'), col('layer'), col('category'), col('name'), col('props'), col('geometry'), col('box'), col('topology')]);
  return rows.length;
}

async function runDelete(q: Queryable, projectId: number, a: Extract<Action, { kind: 'delete' }>, tables: WfstTables): Promise<number> {
  const table = wfstTable(tables, `${a.locator}.typeName`, a.typeName);
  const params: unknown[] = [projectId, table];
  const where = filterSql(a.filter, table, projectId, `${a.locator}.Filter`, params);
  return (await q.query(`DELETE FROM feature WHERE project_id = $1 AND table_name = $2 AND (${where})`, params)).rowCount ?? 0;
}

/** Runs a transaction's actions for a project; all or nothing. */
export async function runTransaction(db: Db, projectId: number, tables: WfstTables, actions: Action[]): Promise<TransactionResult> {
  return db.tx(async (q) => {
    const out: TransactionResult = { inserted: [], updated: 0, deleted: 0 };
    const schema = new Map<string, FieldTypes>();
    for (const a of actions) {
      if (a.kind === 'insert') out.inserted.push(...(await runInsert(q, projectId, a, tables, schema)).map((r) => ({ table: r.table, uuid: r.uuid })));
      else if (a.kind === 'update') out.updated += await runUpdate(q, projectId, a, tables, schema);
      else out.deleted += await runDelete(q, projectId, a, tables);
    }
    if (out.inserted.length || out.updated || out.deleted) await q.query('UPDATE project SET updated_at = now() WHERE id = $1', [projectId]);
    return out;
  });
}

/** wfs:TransactionResponse (1.1.0: ogc:FeatureId fid; 2.0.0: fes:ResourceId rid), inserted ids in input order. */
export function transactionResponseXml(version: string, r: TransactionResult): string {
  const v2 = version.startsWith('2.');
  const id = v2 ? (f: string) => `<fes:ResourceId rid="${f}"/>` : (f: string) => `<ogc:FeatureId fid="${f}"/>`;
  const inserts = r.inserted.length
    ? `\n  <wfs:InsertResults>\n${r.inserted.map((i) => `    <wfs:Feature>${id(`${i.table}.${i.uuid}`)}</wfs:Feature>`).join('\n')}\n  </wfs:InsertResults>`
    : '';
  const ns = v2 ? 'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0"'
    : 'xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc"';
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:TransactionResponse ${ns} version="${v2 ? '2.0.0' : '1.1.0'}">
  <wfs:TransactionSummary><wfs:totalInserted>${r.inserted.length}</wfs:totalInserted><wfs:totalUpdated>${r.updated}</wfs:totalUpdated><wfs:totalDeleted>${r.deleted}</wfs:totalDeleted></wfs:TransactionSummary>${inserts}
</wfs:TransactionResponse>
`;
}
