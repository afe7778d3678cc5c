// Distribution-point calls of the fttx feature service (spec 3 §7): POST /dp/update-connections (each dp's
// `connections` recounted from the caps linked to it), GET /dp/{id}/access-net-type → {accessNetType} and
// GET /dp/area-access-net-types → {[dpAreaUuid]: accessNetType} (an area's type is that of the dp its `DP` names;
// NotConnected when it names none). Rules of the types: access-net.ts.
import type { FastifyInstance } from 'fastify';
import { projectId, readOpts, writeOpts } from './access';
import { dpAccessNetType, dpNeighbourhood, isConnected } from './access-net';
import { LINK, linkOf, rowOr404, linksOfTypes, T, writeProps, type Link } from './rows';
import { bodyOf, uuidOf } from './validate';

/** Connections a cap takes at its dp: its `demand` (units behind it, default 1) unless its status is dontConnect. */
export function capConnections(cap: Link): number {
  if (!isConnected(cap)) return 0;
  const d = Number(cap.props.demand ?? 1);
  return Number.isFinite(d) && d >= 0 ? Math.round(d) : 1;
}

export async function dpRoutes(api: FastifyInstance): Promise<void> {
  const base = '/project/:projectId/fttx/dp';

  api.post(`${base}/update-connections`, writeOpts(), async (req) => {
    bodyOf(req.body);
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const dps = await linksOfTypes(q, pid, [T.dp]);
      const { capsOf } = await dpNeighbourhood(q, pid, dps);
      const connections: Record<string, number> = {};
      const updates = dps.flatMap((dp) => {
        const n = capsOf(dp).reduce((s, c) => s + capConnections(c), 0);
        connections[dp.uuid] = n;
        return dp.props.connections === n ? [] : [{ uuid: dp.uuid, props: { ...dp.props, connections: n } }];
      });
      return { updateCount: await writeProps(q, pid, updates), connections };
    });
  });

  api.get(`${base}/area-access-net-types`, readOpts(), async (req) => {
    const { db } = req.server.deps;
    const pid = projectId(req);
    const [areas, dps] = await Promise.all([linksOfTypes(db, pid, [T.dpArea]), linksOfTypes(db, pid, [T.dp])]);
    const n = await dpNeighbourhood(db, pid, dps);
    const byUuid = new Map(dps.map((d) => [d.uuid, d]));
    const byName = new Map(dps.filter((d) => d.name).map((d) => [d.name!, d]));
    const types = new Map<Link, string>();
    const out: Record<string, string> = {};
    for (const area of areas) {
      const link = linkOf(area.props, LINK.dp);
      const dp = link ? byUuid.get(link) ?? byName.get(link) : undefined;
      if (dp && !types.has(dp)) types.set(dp, dpAccessNetType(dp, n));
      out[area.uuid] = dp ? types.get(dp)! : 'NotConnected';
    }
    return out;
  });

  api.get<{ Params: { id: string } }>(`${base}/:id/access-net-type`, readOpts(true), async (req) => {
    const { db } = req.server.deps;
    const pid = projectId(req);
    const dp = await rowOr404(db, pid, uuidOf(req.params.id, 'id'), T.dp);
    return { accessNetType: dpAccessNetType(dp, await dpNeighbourhood(db, pid, [dp])) };
  });
}
