// Cap (customer access point) and vbo (verblijfsobject: one address unit, linked to its cap by `cap_id`) calls of
// the fttx feature service (spec 3 §5, §7): PATCH /cap/related-vbo-properties, PATCH /cap/sync-vbos (cap → its vbos),
// PATCH /vbo/sync-caps (vbos → their cap), POST /vbo/bulk-delete (deleteOrphanedCaps default true) and
// GET /vbo/{id}/tk-info. Semantics: server/README.md "fttx feature service".
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../auth/messages';
import type { Queryable } from '../db/db';
import { projectId, readOpts, writeOpts } from './access';
import { capOfDp, capStatus, dpAccessNetType, dpNeighbourhood } from './access-net';
import { deleteWithReferences } from './references';
import { LINK, linkIn, linkOf, rowOr404, linksByUuid, linksOfTypes, T, writeProps, type Props, type Link } from './rows';
import { bad, bodyOf, objectOf, uuidList, uuidOf } from './validate';
import { mergeProps } from './writes';

/** Cap properties a vbo shares with its cap (PATCH /cap/sync-vbos copies them from the cap). */
export const CAP_SHARED = ['status', LINK.dp, 'building_type', 'building_name', 'access_net_type'] as const;

/** The features of `type` for these uuids, or 404 naming the first unknown one (`capUuids[1]: …`). */
async function ofType(q: Queryable, pid: number, uuids: string[], type: string, field: string): Promise<Link[]> {
  const rows = new Map((await linksByUuid(q, pid, uuids)).map((r) => [r.uuid, r]));
  uuids.forEach((u, i) => {
    const r = rows.get(u);
    if (!r || r.type !== type) throw new HttpError(404, 'not_found', `${field}[${i}]: ${type} feature ${u} does not exist in this project.`);
  });
  return uuids.map((u) => rows.get(u)!);
}

const vbosOf = (q: Queryable, pid: number, capIds: string[]) => linksOfTypes(q, pid, [T.vbo], linkIn([LINK.cap], '$3'), [capIds]);

/** A cap recomputed from its vbos: demand = units not marked dontConnect; status connect if any vbo connects, else
 *  reserve if any reserves, else dontConnect; vbo_count = all units. A cap without vbos keeps its status. */
export function capFromVbos(cap: Link, vbos: Link[]): Props {
  const statuses = vbos.map(capStatus);
  const status = !vbos.length ? cap.props.status
    : statuses.includes('connect') ? 'connect' : statuses.includes('reserve') ? 'reserve' : 'dontConnect';
  const out: Props = { ...cap.props, demand: statuses.filter((s) => s !== 'dontConnect').length, vbo_count: vbos.length };
  if (status !== undefined) out.status = status;
  return out;
}

const changed = (a: Props, b: Props) => JSON.stringify(a) !== JSON.stringify(b);

export async function capVboRoutes(api: FastifyInstance): Promise<void> {
  const base = '/project/:projectId/fttx';

  api.patch(`${base}/cap/related-vbo-properties`, writeOpts(), async (req) => {
    const body = bodyOf(req.body);
    const capUuids = uuidList(body.capUuids, 'capUuids');
    const vboProps = body.vboProps === undefined ? {} : objectOf(body.vboProps, 'vboProps');
    const capProps = body.capProps === undefined ? {} : objectOf(body.capProps, 'capProps');
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const caps = await ofType(q, pid, capUuids, T.cap, 'capUuids');
      const vbos = Object.keys(vboProps).length ? await vbosOf(q, pid, capUuids) : [];
      const updates = [
        ...(Object.keys(capProps).length ? caps.map((c) => ({ uuid: c.uuid, props: mergeProps(c.props, capProps) })) : []),
        ...vbos.map((v) => ({ uuid: v.uuid, props: mergeProps(v.props, vboProps) })),
      ];
      return { updateCount: await writeProps(q, pid, updates) };
    });
  });

  api.patch(`${base}/cap/sync-vbos`, writeOpts(), async (req) => {
    const capUuids = uuidList(bodyOf(req.body).capUuids, 'capUuids');
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const caps = new Map((await ofType(q, pid, capUuids, T.cap, 'capUuids')).map((c) => [c.uuid, c]));
      const updates = (await vbosOf(q, pid, capUuids)).flatMap((v) => {
        const cap = caps.get(linkOf(v.props, LINK.cap)!)!;
        const props = { ...v.props };
        for (const k of CAP_SHARED) if (cap.props[k] !== undefined) props[k] = cap.props[k];
        return changed(props, v.props) ? [{ uuid: v.uuid, props }] : [];
      });
      return { updateCount: await writeProps(q, pid, updates) };
    });
  });

  api.patch(`${base}/vbo/sync-caps`, writeOpts(), async (req) => {
    const capUuids = uuidList(bodyOf(req.body).capUuids, 'capUuids');
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const caps = await ofType(q, pid, capUuids, T.cap, 'capUuids');
      const vbos = await vbosOf(q, pid, capUuids);
      const updates = caps.flatMap((cap) => {
        const props = capFromVbos(cap, vbos.filter((v) => linkOf(v.props, LINK.cap) === cap.uuid));
        return changed(props, cap.props) ? [{ uuid: cap.uuid, props }] : [];
      });
      return { updateCount: await writeProps(q, pid, updates) };
    });
  });

  api.post(`${base}/vbo/bulk-delete`, writeOpts(), async (req) => {
    const body = bodyOf(req.body);
    const uuids = uuidList(body.uuids, 'uuids');
    if (body.deleteOrphanedCaps !== undefined && typeof body.deleteOrphanedCaps !== 'boolean') throw bad('deleteOrphanedCaps', 'must be true or false');
    const deleteOrphanedCaps = body.deleteOrphanedCaps ?? true;
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const vbos = await ofType(q, pid, uuids, T.vbo, 'uuids');
      const capIds = [...new Set(vbos.map((v) => linkOf(v.props, LINK.cap)).filter((x): x is string => !!x))];
      const deletedVbos = await deleteWithReferences(q, pid, uuids);
      let deletedCaps: string[] = [];
      if (deleteOrphanedCaps && capIds.length) {
        const left = new Set((await vbosOf(q, pid, capIds)).map((v) => linkOf(v.props, LINK.cap)));
        const caps = (await linksByUuid(q, pid, capIds)).filter((c) => c.type === T.cap && !left.has(c.uuid));
        deletedCaps = await deleteWithReferences(q, pid, caps.map((c) => c.uuid));
      }
      return { deleted: deletedVbos.length, deletedVbos, deletedCaps };
    });
  });

  api.get<{ Params: { id: string } }>(`${base}/vbo/:id/tk-info`, readOpts(true), async (req) => {
    const { db } = req.server.deps;
    const pid = projectId(req);
    const vbo = await rowOr404(db, pid, uuidOf(req.params.id, 'id'), T.vbo);
    const capId = linkOf(vbo.props, LINK.cap);
    const cap = capId ? (await linksByUuid(db, pid, [capId])).find((r) => r.type === T.cap) : undefined;
    const dpLink = cap && linkOf(cap.props, LINK.dp);
    const dps = dpLink ? (await linksOfTypes(db, pid, [T.dp])).filter((d) => capOfDp(cap, d)) : [];
    const dp = dps[0];
    const n = await dpNeighbourhood(db, pid, dp ? [dp] : []);
    const cables = cap ? (n.cablesOf.get(cap.uuid) ?? await linksOfTypes(db, pid, [T.cable], linkIn([LINK.cap, LINK.start, LINK.end], '$3'), [[cap.uuid]])) : [];
    const areas = dp ? (await linksOfTypes(db, pid, [T.dpArea])).filter((a) => [dp.uuid, dp.name].includes(linkOf(a.props, LINK.dp) ?? '')) : [];
    const brief = (r: Link | undefined, keys: string[]) => (r ? { uuid: r.uuid, name: r.name, ...Object.fromEntries(keys.map((k) => [k, r.props[k] ?? null])) } : null);
    return {
      vbo: brief(vbo, ['street', 'housenumber', 'postcode', 'city']),
      cap: cap ? { ...brief(cap, ['building_type', 'demand']), status: capStatus(cap) } : null,
      dp: brief(dp, ['capacity', 'physical_capacity', 'connections']),
      dpArea: brief(areas[0], []),
      cables: cables.map((c) => brief(c, ['usage', 'cable_type'])),
      accessNetType: dp ? dpAccessNetType(dp, n) : 'NotConnected',
    };
  });
}
