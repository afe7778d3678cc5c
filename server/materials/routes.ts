// Material management routes (issue 16, policy material_management): the organisation's material catalogues.
// GET /api/materials[?organisationId] — every catalogue (the organisation's rows, else the template defaults) with
// `custom` saying which; any signed-in member reads them (the settings screen offers them as choices). PUT
// /api/materials/{kind} {entries} replaces one catalogue after the settings validator's checks (400 naming row and
// column; nothing stored); DELETE /api/materials/{kind} puts it back to the defaults. Root may name another
// organisation (?organisationId); everyone else only their own (404 for another's).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessOrganisation, requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import {
  CATALOGUE_KINDS, catalogueDefs, catalogueProblems, catalogueRows, completeRows, type CatalogueKind, type CatalogueRow,
} from '../../common/materials/catalogues';
import { deleteCatalogue, saveCatalogue, storedCatalogues } from './store';

type Q = { organisationId?: number };
const query = { type: 'object', additionalProperties: false, properties: { organisationId: { type: 'integer', minimum: 1 } } } as const;
const kindParams = { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [...CATALOGUE_KINDS] } } } as const;

/** The organisation a call is about: ?organisationId (root, or one's own) or the caller's. */
async function organisationOf(req: FastifyRequest<{ Querystring: Q }>): Promise<number> {
  const id = req.query.organisationId ?? req.user.organisationId;
  const r = await req.server.deps.db.query('SELECT 1 FROM organisations WHERE id = $1', [id]);
  if (!r.rows.length || !canAccessOrganisation(req.user, id)) throw new HttpError(404, 'not_found', `Organisation ${id} does not exist.`);
  return id;
}

export async function materialRoutes(api: FastifyInstance): Promise<void> {
  const db = api.deps.db;
  const list = async (organisationId: number) => {
    const stored = new Map((await storedCatalogues(db, organisationId)).map((c) => [c.kind, c]));
    return {
      organisationId,
      catalogues: CATALOGUE_KINDS.map((kind) => {
        const s = stored.get(kind);
        const d = catalogueDefs()[kind];
        return {
          kind, custom: !!s, updatedAt: s?.updatedAt ?? null, key: d.field.key ?? null, unique: d.unique, uses: d.uses,
          entries: catalogueRows(kind, s ? { [kind]: s.entries } : {}),
        };
      }),
    };
  };

  api.get<{ Querystring: Q }>('/materials', { schema: { querystring: query } }, async (req) => list(await organisationOf(req)));

  api.put<{ Querystring: Q; Params: { kind: CatalogueKind }; Body: { entries: CatalogueRow[] } }>('/materials/:kind', {
    onRequest: requirePolicy('material_management'),
    schema: {
      querystring: query, params: kindParams,
      body: { type: 'object', required: ['entries'], additionalProperties: false, properties: { entries: { type: 'array', maxItems: 2000, items: { type: 'object' } } } },
    },
  }, async (req, reply) => {
    const org = await organisationOf(req);
    const problems = catalogueProblems(req.params.kind, req.body.entries);
    if (problems.length) return reply.status(400).send({ error: 'invalid_catalogue', message: problems[0].message, problems });
    await db.tx((q) => saveCatalogue(q, org, req.params.kind, completeRows(req.params.kind, req.body.entries), req.user.id));
    return list(org);
  });

  api.delete<{ Querystring: Q; Params: { kind: CatalogueKind } }>('/materials/:kind', {
    onRequest: requirePolicy('material_management'), schema: { querystring: query, params: kindParams },
  }, async (req) => {
    const org = await organisationOf(req);
    await deleteCatalogue(db, org, req.params.kind);
    return list(org);
  });
}
