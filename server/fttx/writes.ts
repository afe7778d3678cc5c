// Generic writes of the fttx feature service (spec 3 §7): DELETE /feature/{id}, DELETE /features?types=… (answers
// the number deleted) and PATCH /features/properties {items: [{uuid, properties}]} (merged into the stored
// properties: spec 3 §5 — undefined dropped, objects stored as JSON text; null removes a key). Each call is one
// transaction; deletes drop references to the deleted features from the remaining ones (references.ts).
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../auth/messages';
import { projectId, writeOpts } from './access';
import { deleteWithReferences } from './references';
import { FTTX_TABLE, rowOr404, linksByUuid, storable, writeProps, type Props } from './rows';
import { bad, bodyOf, listParam, MAX_ITEMS, objectOf, uuidOf } from './validate';

interface Item { uuid: string; properties: Props }

/** Checks the items of PATCH /features/properties (`items[2].uuid: not a UUID`). */
export function patchItems(v: unknown): Item[] {
  if (v === undefined) throw bad('items', 'required');
  if (!Array.isArray(v)) throw bad('items', 'must be an array');
  if (v.length > MAX_ITEMS) throw bad('items', `at most ${MAX_ITEMS} items`);
  return v.map((raw, i) => {
    const it = objectOf(raw, `items[${i}]`);
    let p = it.properties;
    if (typeof p === 'string') { try { p = JSON.parse(p) as unknown; } catch { throw bad(`items[${i}].properties`, 'not JSON text of an object'); } }
    return { uuid: uuidOf(it.uuid, `items[${i}].uuid`), properties: objectOf(p, `items[${i}].properties`) };
  });
}

/** Merges a patch into stored properties: spec 3 §5 store rules, null removes the key. */
export function mergeProps(stored: Props, patch: Props): Props {
  const out: Props = { ...stored };
  for (const [k, v] of Object.entries(storable(patch))) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function writeRoutes(api: FastifyInstance): Promise<void> {
  const base = '/project/:projectId/fttx';

  api.delete<{ Params: { id: string } }>(`${base}/feature/:id`, writeOpts(true), async (req) => {
    const uuid = uuidOf(req.params.id, 'id');
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const row = await rowOr404(q, pid, uuid);
      await deleteWithReferences(q, pid, [uuid]);
      return { deleted: 1, uuid, type: row.type };
    });
  });

  api.delete<{ Querystring: Record<string, unknown> }>(`${base}/features`, writeOpts(), async (req) => {
    const types = listParam(req.query.types ?? (bodyOf(req.body).types as unknown), 'types', true);
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const r = await q.query<{ uuid: string }>(`SELECT uuid::text AS uuid FROM feature WHERE project_id = $1 AND table_name = '${FTTX_TABLE}'
        AND type = ANY($2::text[])`, [pid, types]);
      return (await deleteWithReferences(q, pid, r.rows.map((x) => x.uuid))).length;
    });
  });

  api.patch(`${base}/features/properties`, writeOpts(), async (req) => {
    const items = patchItems(bodyOf(req.body).items);
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const rows = new Map((await linksByUuid(q, pid, [...new Set(items.map((i) => i.uuid))])).map((r) => [r.uuid, r.props]));
      items.forEach((it, i) => {
        const stored = rows.get(it.uuid);
        if (!stored) throw new HttpError(404, 'not_found', `items[${i}].uuid: feature ${it.uuid} does not exist in this project.`);
        rows.set(it.uuid, mergeProps(stored, it.properties));
      });
      const touched = [...new Set(items.map((i) => i.uuid))];
      const updateCount = await writeProps(q, pid, touched.map((uuid) => ({ uuid, props: rows.get(uuid)! })));
      return { updateCount };
    });
  });
}
