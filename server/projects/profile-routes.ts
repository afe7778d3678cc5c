// Settings profiles (spec 2 §3, §4, §7): CRUD per organisation (GET /profile, by profile type, by project type; POST;
// PUT /{uuid}; DELETE /{uuid}) with the profile's settings checked against its part of the project type's template
// (common/settings/profiles.ts), and the profile refresh flow of a project: which applied profiles changed since
// they were applied, applying (refreshing) profiles onto the project's settings, and "don't show again".
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import type { Queryable } from '../db/db';
import { projectParams } from '../network/schemas';
import { getUserSettings, patchUserSettings } from '../users/settings-routes';
import { current, projectHook } from './access';
import { projectTemplate, sendProblems, storedSettings } from './settings-routes';
import {
  applyProfiles, effectiveSettings, PROFILE_TYPES, profileProblems, profilesToRefresh, profileTypesFor, settingsProblems, type ProfileType,
} from '../../common/settings/index';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
interface ProfileRow { uuid: string; name: string; project_type_id: number | null; type: string; organisation_id: number; settings: unknown; created_at: Date | string; updated_at: Date | string }
const iso = (t: Date | string) => new Date(t).toISOString();
const profileWire = (r: ProfileRow) => ({
  uuid: r.uuid, name: r.name, project_type_id: r.project_type_id, type: r.type, organisation_id: r.organisation_id,
  settings: r.settings, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
});

/** The wire profile; uuid, organisation_id, created_at and updated_at are read-only (accepted, and ignored, so the
 *  app can send back what it read; a uuid on POST is used when free). */
const profileBody = {
  type: 'object', required: ['name', 'type', 'settings'], additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 }, type: { type: 'string', enum: PROFILE_TYPES },
    project_type_id: { type: ['integer', 'null'] }, settings: { type: 'object', maxProperties: 500 },
    uuid: { type: 'string', pattern: UUID }, organisation_id: { type: ['integer', 'null'] },
    created_at: { type: ['string', 'null'] }, updated_at: { type: ['string', 'null'] },
  },
} as const;
type ProfileBody = { uuid?: string; name: string; type: ProfileType; project_type_id?: number | null; settings: Record<string, unknown> };
const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', pattern: UUID } } } as const;
const applyBody = {
  type: 'object', additionalProperties: false,
  properties: { uuids: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: UUID } } },
} as const;
type P = { projectId: number };
type Stamps = Record<string, string>;

async function dbNow(q: Queryable): Promise<string> {
  return iso((await q.query<{ now: Date | string }>('SELECT now() AS now')).rows[0].now);
}

export async function profileRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps;
  const list = async (req: FastifyRequest, where = '', params: unknown[] = []) => (await db.query<ProfileRow>(
    `SELECT * FROM profile WHERE organisation_id = $1 ${where} ORDER BY name, uuid`, [req.user.organisationId, ...params])).rows.map(profileWire);

  /** 400 when the project type is unknown, or the profile's type or settings do not fit its template. */
  const checked = async (b: ProfileBody) => {
    const id = b.project_type_id ?? null;
    if (id !== null && !(await db.query('SELECT 1 FROM project_type WHERE id = $1', [id])).rows.length) {
      throw new HttpError(400, 'unknown_project_type', `project_type_id ${id} does not exist.`);
    }
    return profileProblems(b.type, b.settings, id);
  };

  api.get('/profile', { onRequest: requirePolicy('project.view') }, async (req) => list(req));
  api.get<{ Params: { id: string } }>('/profile/profile_type/:id', {
    onRequest: requirePolicy('project.view'), schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', enum: PROFILE_TYPES } } } },
  }, async (req) => list(req, 'AND type = $2', [req.params.id]));
  // A project type's profiles: those made for it, and those without project type whose profile type applies to it.
  api.get<{ Params: { id: number } }>('/profile/project_type/:id', {
    onRequest: requirePolicy('project.view'), schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 0, maximum: 2147483647 } } } },
  }, async (req) => list(req, 'AND (project_type_id = $2 OR (project_type_id IS NULL AND type = ANY($3::text[])))', [req.params.id, profileTypesFor(req.params.id)]));
  api.post<{ Body: ProfileBody }>('/profile', { onRequest: requirePolicy('profile.edit'), schema: { body: profileBody } }, async (req, reply) => {
    const problems = await checked(req.body);
    if (problems.length) return sendProblems(reply, 'invalid_profile', problems);
    const r = await db.query<ProfileRow>(
      `INSERT INTO profile (organisation_id, uuid, name, project_type_id, type, settings) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING *`,
      [req.user.organisationId, req.body.uuid ?? randomUUID(), req.body.name, req.body.project_type_id ?? null, req.body.type, JSON.stringify(req.body.settings)]);
    return reply.status(201).send(profileWire(r.rows[0]));
  });
  api.put<{ Params: { uuid: string }; Body: ProfileBody }>('/profile/:uuid', { onRequest: requirePolicy('profile.edit'), schema: { params: uuidParams, body: profileBody } }, async (req, reply) => {
    const problems = await checked(req.body);
    if (problems.length) return sendProblems(reply, 'invalid_profile', problems);
    const r = await db.query<ProfileRow>(
      `UPDATE profile SET name = $3, project_type_id = $4, type = $5, settings = $6::jsonb, updated_at = now()
        WHERE organisation_id = $1 AND uuid = $2 RETURNING *`,
      [req.user.organisationId, req.params.uuid, req.body.name, req.body.project_type_id ?? null, req.body.type, JSON.stringify(req.body.settings)]);
    if (!r.rows[0]) throw new HttpError(404, 'not_found', `Profile ${req.params.uuid} does not exist.`);
    return profileWire(r.rows[0]);
  });
  api.delete<{ Params: { uuid: string } }>('/profile/:uuid', { onRequest: requirePolicy('profile.edit'), schema: { params: uuidParams } }, async (req) => {
    const r = await db.query('DELETE FROM profile WHERE organisation_id = $1 AND uuid = $2', [req.user.organisationId, req.params.uuid]);
    if (!r.rowCount) throw new HttpError(404, 'not_found', `Profile ${req.params.uuid} does not exist.`);
    return { deleted: 1 };
  });

  // ---- profile refresh of a project (our calls; spec 2 §4) ----
  const view = { onRequest: requirePolicy('project.view'), preHandler: projectHook() };
  const edit = { onRequest: requirePolicy('project.settings.edit'), preHandler: projectHook() };
  const base = '/project/:projectId/fttx/settings/profiles';
  const appliedOf = async (q: Queryable, projectId: number): Promise<Stamps> =>
    (await q.query<{ applied_profiles: Stamps }>('SELECT applied_profiles FROM fttx_settings WHERE project_id = $1', [projectId])).rows[0]?.applied_profiles ?? {};
  const profilesOf = async (q: Queryable, org: number, uuids: string[]) => uuids.length
    ? (await q.query<ProfileRow>('SELECT * FROM profile WHERE organisation_id = $1 AND uuid = ANY($2::uuid[]) ORDER BY name, uuid', [org, uuids])).rows : [];

  api.get<{ Params: P }>(base, { ...view, schema: { params: projectParams } }, async (req) => {
    const p = current(req);
    const applied = await appliedOf(db, p.id);
    const rows = (await profilesOf(db, req.user.organisationId, Object.keys(applied))).map(profileWire);
    const ignoredAt = ((await getUserSettings(db, req.user.id, 'profiles')).ignoreProfileRefreshTimeStamps as Stamps | undefined)?.[p.id] ?? null;
    const changed = profilesToRefresh(rows, applied);
    return {
      profiles: rows.map((r) => ({ uuid: r.uuid, name: r.name, type: r.type, updated_at: r.updated_at, applied_at: applied[r.uuid], changed: changed.includes(r.uuid) })),
      changed, ignoredAt, refresh: profilesToRefresh(rows, applied, ignoredAt).length > 0,
    };
  });

  api.post<{ Params: P; Body: { uuids?: string[] } }>(`${base}/apply`, { ...edit, schema: { params: projectParams, body: applyBody } }, async (req, reply) => {
    const p = current(req);
    const t = projectTemplate(p);
    const result = await db.tx(async (q) => {
      const applied = await appliedOf(q, p.id);
      const uuids = req.body?.uuids ?? Object.keys(applied);
      if (!uuids.length) throw new HttpError(400, 'no_profiles', `Project ${p.id} has no applied profiles to refresh; name them in uuids.`);
      const rows = await profilesOf(q, req.user.organisationId, uuids);
      const missing = uuids.find((u) => !rows.some((r) => r.uuid.toLowerCase() === u.toLowerCase()));
      if (missing) throw new HttpError(404, 'not_found', `Profile ${missing} does not exist.`);
      const types = profileTypesFor(p.project_type_id);
      const wrong = rows.find((r) => !types.includes(r.type as ProfileType));
      if (wrong) throw new HttpError(400, 'profile_not_applicable', `profile type ${wrong.type} does not apply to project type ${p.project_type_id}`);
      const ordered = uuids.map((u) => rows.find((r) => r.uuid.toLowerCase() === u.toLowerCase())!);
      const next = applyProfiles(await storedSettings(q, p.id), ordered);
      const problems = settingsProblems(t, next);
      if (problems.length) return { problems };
      const now = await dbNow(q);
      const stamps = { ...applied, ...Object.fromEntries(ordered.map((r) => [r.uuid, now])) };
      await q.query(`INSERT INTO fttx_settings (project_id, settings, applied_profiles) VALUES ($1, $2::jsonb, $3::jsonb)
        ON CONFLICT (project_id) DO UPDATE SET settings = EXCLUDED.settings, applied_profiles = EXCLUDED.applied_profiles, updated_at = now()`,
      [p.id, JSON.stringify(next), JSON.stringify(stamps)]);
      return { next, stamps, ordered, now };
    });
    if ('problems' in result) return sendProblems(reply, 'invalid_settings', result.problems!);
    await patchUserSettings(db, req.user.id, 'profiles', {
      profiles: Object.fromEntries(result.ordered.map((r) => [r.uuid, { uuid: r.uuid, updated_at: iso(r.updated_at), applied_at: result.now }])),
    }, 1);
    return { settings: effectiveSettings(t, result.next), applied: result.stamps };
  });

  api.post<{ Params: P }>(`${base}/ignore`, { ...view, schema: { params: projectParams } }, async (req) => {
    const p = current(req);
    const now = await dbNow(db);
    const s = await patchUserSettings(db, req.user.id, 'profiles', { ignoreProfileRefreshTimeStamps: { [p.id]: now } }, 1);
    return { projectId: p.id, ignoredAt: now, ignoreProfileRefreshTimeStamps: s.ignoreProfileRefreshTimeStamps };
  });
}
