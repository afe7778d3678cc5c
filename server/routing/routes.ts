// POST /api/project/{id}/route (our extension; the spec names no route call): route determination over the stored
// network (engine/route). Body {from: [x, y], to: [x, y], strategy, areas?, scenarioId?} → the RouteResult, or, for
// batch runs, {queries: [{from, to, strategy, areas?}, …], scenarioId?} → {results: [...]} over one graph build.
// Coordinates EPSG:3857 like the stored network; lengths in ground metres (groundLength); unit costs from the
// project's effective settings: trenchCosts entries and, where the template has it, routeDetermination.weights.
// Strategies: minimal_cost, minimal_cost_alternative, minimal_distance, minimal_private, centerline ('other' is a
// manual route: 400). The graph is built and kept in the worker thread of whole-network jobs (route-job.ts), per
// network version and unit costs: the server's event loop stays free, and queries after the first reuse it.
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { databaseId, networkVersion } from '../network/cache';
import { readNetworkArrow } from '../network/read-arrow';
import { inSnapshot } from '../network/send';
import { runInThread } from '../jobs/thread';
import { sha1, stable } from '../jobs/keys';
import type { RouteJob } from './route-job';
import { projectTemplate, storedSettings } from '../projects/settings-routes';
import { effectiveSettings } from '../../common/settings/index';
import { trenchCostEntries } from '../../engine/capex/trench-costs';
import { ROUTE_STRATEGIES, type RouteArea, type RouteQuery, type RouteWeights, shapingAreas, type ShapingFeature } from '../../engine/route/index';

const point = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } } as const;
const area = {
  type: 'object', required: ['costType', 'polygon'], additionalProperties: false,
  properties: {
    costType: { type: 'string', minLength: 1, maxLength: 100 },
    polygon: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'array', minItems: 4, maxItems: 10000, items: point } },
    multiplier: { type: 'number', minimum: 0 }, add: { type: 'number' },
  },
} as const;
const query = {
  type: 'object', required: ['from', 'to', 'strategy'], additionalProperties: false,
  properties: { from: point, to: point, strategy: { type: 'string', maxLength: 50 }, areas: { type: 'array', maxItems: 100, items: area } },
} as const;

interface Q { from: [number, number]; to: [number, number]; strategy: string; areas?: RouteArea[] }
type Body = Partial<Q> & { queries?: Q[]; scenarioId?: number };

function checkStrategy(s: string): asserts s is RouteQuery['strategy'] {
  if (s === 'other') throw new HttpError(400, 'bad_request', "Strategy 'other' is a manual route: there is nothing to compute.");
  if (!(ROUTE_STRATEGIES as readonly string[]).includes(s)) throw new HttpError(400, 'bad_request', `Unknown strategy ${s}; known: ${ROUTE_STRATEGIES.join(', ')}.`);
}

/** How the last route call got its graph (tests, benchmarks): built for it or kept; in which thread. */
export const lastRoute = { built: false, thread: 0 };

const obj = <T>(v: T | string): T => (typeof v === 'string' ? JSON.parse(v) as T : v);

export async function routeDeterminationRoutes(api: FastifyInstance): Promise<void> {
  api.post<{ Params: { projectId: number }; Body: Body }>('/project/:projectId/route', {
    onRequest: requirePolicy('network.view'), preHandler: projectHook(),
    schema: {
      params: projectParams,
      body: {
        type: 'object', additionalProperties: false,
        properties: { ...query.properties, queries: { type: 'array', minItems: 1, maxItems: 1000, items: query }, scenarioId: { type: 'integer' } },
      },
    },
  }, async (req) => {
    const b = req.body;
    const batch = b.queries !== undefined;
    if (!batch && (!b.from || !b.to || !b.strategy)) throw new HttpError(400, 'bad_request', 'Give from, to and strategy, or queries.');
    const queries: Q[] = batch ? b.queries! : [{ from: b.from!, to: b.to!, strategy: b.strategy!, areas: b.areas }];
    for (const q of queries) checkStrategy(q.strategy);
    const p = current(req);
    const q = req.server.deps.db;
    const [stored, shaping, dbId, version] = await Promise.all([
      storedSettings(q, p.id),
      q.query<ShapingFeature>(`SELECT geometry, properties FROM feature WHERE project_id = $1 AND type = 'shaping'`, [p.id]),
      databaseId(q), networkVersion(q, p.id),
    ]);
    // the project's stored shaping areas act on every query, before the query's own areas
    const projectAreas = shapingAreas(shaping.rows.map((r) => ({ geometry: obj(r.geometry), properties: obj(r.properties ?? {}) })));
    const settings = effectiveSettings(projectTemplate(p), stored) as Record<string, unknown>;
    const trenchCosts = trenchCostEntries(settings);
    const weights = ((settings.routeDetermination ?? {}) as { weights?: RouteWeights }).weights;
    const job: RouteJob = {
      kind: 'route', projectId: p.id, scenarioId: b.scenarioId, trenchCosts, weights, areas: projectAreas, queries: queries as RouteQuery[],
      graphKey: `${dbId}|${p.id}|${b.scenarioId ?? ''}|${version}|${sha1(stable([trenchCosts ?? null, weights ?? null]))}`,
    };
    let r = await runInThread(job);
    if (r.needsNetwork) {
      // the worker does not hold this graph: send the network (PostgreSQL: the worker reads it itself)
      if (q.connection) job.source = q.connection;
      else job.arrow = await inSnapshot(q, (t) => readNetworkArrow(t, p.id, { includeWithoutObjectInstances: true, scenarioId: b.scenarioId }));
      r = await runInThread(job);
    }
    lastRoute.built = r.built;
    lastRoute.thread = r.thread;
    const results = r.results!;
    return batch ? { results } : results[0];
  });
}
