// POST /api/project/{id}/validations: a list of {name, params} → a map of name → {passed, results}. A project passes
// when every Required result has passed (spec 2 §5).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { VALIDATORS, type ValidationResult } from './validators';

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
    const unknown = req.body.find((v) => !Object.prototype.hasOwnProperty.call(VALIDATORS, v.name));
    if (unknown) throw new HttpError(400, 'unknown_validator', `Validator ${unknown.name} does not exist; known: ${Object.keys(VALIDATORS).join(', ')}.`);
    const p = current(req);
    const out: Record<string, { passed: boolean; results: ValidationResult[] }> = {};
    for (const v of req.body) {
      const results = await VALIDATORS[v.name]({ q: req.server.deps.db, projectId: p.id, family: p.family, params: v.params ?? {} });
      out[v.name] = { passed: results.every((r) => r.passed || r.severity !== 'Required'), results };
    }
    return out;
  });
}
