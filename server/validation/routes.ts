// POST /api/project/{id}/validations: a list of {name, params} → a map of name → {passed, results}. A project passes
// when every Required result has passed (spec 2 §5). Validators: the SQL ones of validators.ts and the engine's
// network validators over the stored network (engine-validators.ts).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { VALIDATORS, type ValidationResult } from './validators';
import { ENGINE_VALIDATORS, runEngineValidator } from './engine-validators';
import { recordValidationRun } from '../statistics/validation-store';

const isEngine = (n: string): n is (typeof ENGINE_VALIDATORS)[number] => (ENGINE_VALIDATORS as readonly string[]).includes(n);

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
    const known = (n: string) => Object.prototype.hasOwnProperty.call(VALIDATORS, n) || isEngine(n);
    const unknown = req.body.find((v) => !known(v.name));
    if (unknown) throw new HttpError(400, 'unknown_validator', `Validator ${unknown.name} does not exist; known: ${[...Object.keys(VALIDATORS), ...ENGINE_VALIDATORS].join(', ')}.`);
    const p = current(req);
    const out: Record<string, { passed: boolean; results: ValidationResult[] }> = {};
    const memo = new Map<string, Promise<unknown>>();
    for (const v of req.body) {
      const params = v.params ?? {};
      const results: ValidationResult[] = isEngine(v.name)
        ? (await runEngineValidator(req.server.deps.db, p, v.name, params, memo)).map(({ validator: _v, objectId, ...r }) => ({ ...r, ...(objectId ? { id: objectId } : {}) }))
        : await VALIDATORS[v.name]({ q: req.server.deps.db, projectId: p.id, family: p.family, params });
      out[v.name] = { passed: results.every((r) => r.passed || r.severity !== 'Required'), results };
    }
    // kept for the statistics' validation pass rate (issue 16)
    await recordValidationRun(req.server.deps.db, p.id, req.user.id, out);
    return out;
  });
}
