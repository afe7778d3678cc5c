// POST /api/project/{id}/validations: a list of {name, params} → a map of name → {passed, results}. A project passes
// when every Required result has passed (spec 2 §5). Validators: the SQL ones of validators.ts, and the whole-network
// ones (graph_integrity and the engine's network validators: network-job.ts), which run together as one job per
// scenario in the validation worker thread, or come from the results kept for the same network version
// (network-validation.ts).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { VALIDATORS, type ValidationResult } from './validators';
import { NETWORK_VALIDATORS } from './network-job';
import { keptResults, runNetworkValidators, validationScope } from './network-validation';
import { recordValidationRun } from '../statistics/validation-store';

const isNetwork = (n: string): boolean => NETWORK_VALIDATORS.includes(n);
const scenarioOf = (p: Record<string, unknown>) => (typeof p.scenarioId === 'number' ? p.scenarioId : undefined);

type Body = { name: string; params?: Record<string, unknown> }[];

export async function validationRoutes(api: FastifyInstance): Promise<void> {
  api.post<{ Params: { projectId: number }; Body: Body }>('/project/:projectId/validations', {
    onRequest: requirePolicy('validation.run'), preHandler: projectHook(),
    schema: {
      params: projectParams,
      body: {
        type: 'array', maxItems: 50,
        items: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, params: { type: ['object', 'null'], maxProperties: 50 } } },
      },
    },
  }, async (req) => {
    const known = (n: string) => Object.prototype.hasOwnProperty.call(VALIDATORS, n) || isNetwork(n);
    const unknown = req.body.find((v) => !known(v.name));
    if (unknown) throw new HttpError(400, 'unknown_validator', `Validator ${unknown.name} does not exist; known: ${[...NETWORK_VALIDATORS.slice(0, 1), ...Object.keys(VALIDATORS), ...NETWORK_VALIDATORS.slice(1)].join(', ')}.`);
    const p = current(req);
    const db = req.server.deps.db;
    const scope = await validationScope(db, p);
    // the whole-network validators: one job per scenario asked
    const network = new Map<string, ValidationResult[]>();
    const byScenario = new Map<number | undefined, { name: string; params: Record<string, unknown> }[]>();
    for (const v of req.body) {
      if (!isNetwork(v.name)) continue;
      const params = v.params ?? {};
      const s = scenarioOf(params);
      byScenario.set(s, [...(byScenario.get(s) ?? []), { name: v.name, params }]);
    }
    for (const [s, items] of byScenario) {
      const r = await runNetworkValidators(db, p, scope, s, items);
      items.forEach((i, n) => network.set(`${i.name}|${JSON.stringify(i.params)}`, r[n]));
    }
    const out: Record<string, { passed: boolean; results: ValidationResult[] }> = {};
    for (const v of req.body) {
      const params = v.params ?? {};
      const results = isNetwork(v.name) ? network.get(`${v.name}|${JSON.stringify(params)}`)! : await keptResults(db, scope, p.id, { name: v.name, params }, () => VALIDATORS[v.name]({ q: db, projectId: p.id, family: p.family, params }));
      out[v.name] = { passed: results.every((r) => r.passed || r.severity !== 'Required'), results };
    }
    // kept for the statistics' validation pass rate (issue 16)
    await recordValidationRun(req.server.deps.db, p.id, req.user.id, out);
    return out;
  });
}
