// A fake server for the settings screen tests: the project, its settings laid over the real template
// (common/settings, as the server does), the validator on POST (400 naming the field), DELETE, export, profiles and
// the profile refresh state.
import { effectiveSettings, settingsProblems, templateFor } from 'common/settings/index';
import { mockFetch, type Answer, type Handler } from '../support/fetch-mock';
import type { ProjectProfiles, SettingsProfile } from '../../../src/api/endpoints/types';

export const EDITOR_POLICY = { project: { view: true, settings: { edit: true }, create_and_edit: true }, profile: { edit: true } };
export const VIEWER_POLICY = { project: { view: true } };
export const TYPES = [{ id: 10, key: 'fttx', name: 'FTTX' }, { id: 30, key: 'lowVoltage', name: 'Low voltage' }];

export interface FakeOptions {
  projectTypeId?: number;
  policy?: Record<string, unknown>;
  stored?: Record<string, unknown>;
  profiles?: SettingsProfile[];
  refresh?: ProjectProfiles;
  extra?: Record<string, Handler | Answer>;
}

export const NO_REFRESH: ProjectProfiles = { profiles: [], changed: [], ignoredAt: null, refresh: false };

export function settingsServer(o: FakeOptions = {}) {
  const typeId = o.projectTypeId ?? 10;
  const t = templateFor(typeId);
  const state = { stored: o.stored ?? {} };
  const f = mockFetch({
    'GET /api/config': { body: {} },
    // the organisation's material catalogues (issue 16): none changed, so the templates' defaults apply
    'GET /api/materials': { body: { organisationId: 1, catalogues: [] } },
    'GET /api/user/policies/': { body: o.policy ?? EDITOR_POLICY },
    'GET /api/project_type/all': { body: TYPES },
    'GET /api/project/\\d+': (c) => ({ body: { id: Number(c.path.split('/').pop()), name: 'Zeist', projectTypeId: typeId, step: 0, settings: {} } }),
    'GET /api/project/\\d+/fttx/settings': () => ({ body: effectiveSettings(t, state.stored) }),
    'POST /api/project/\\d+/fttx/settings': (c) => {
      const problems = settingsProblems(t, c.body);
      if (problems.length) return { status: 400, body: { error: 'invalid_settings', message: problems[0].message, problems } };
      state.stored = c.body as Record<string, unknown>;
      return { body: effectiveSettings(t, state.stored) };
    },
    'DELETE /api/project/\\d+/fttx/settings': () => { state.stored = {}; return { body: { deleted: 1 } }; },
    'POST /api/project/\\d+/fttx/settings/export': (c) => {
      const key = (c.body as { settingsKey: string }).settingsKey;
      return { body: { settingsKey: key, settings: effectiveSettings(t, state.stored)[key] } };
    },
    'GET /api/project/\\d+/fttx/settings/profiles': { body: o.refresh ?? NO_REFRESH },
    'POST /api/project/\\d+/fttx/settings/profiles/apply': () => ({ body: { settings: effectiveSettings(t, state.stored), applied: {} } }),
    'POST /api/project/\\d+/fttx/settings/profiles/ignore': { body: { ignoredAt: '2024-05-01T00:00:00.000Z' } },
    'GET /api/profile/project_type/\\d+': { body: o.profiles ?? [] },
    'POST /api/profile': (c) => ({ status: 201, body: { ...(c.body as object), uuid: '00000000-0000-4000-8000-000000000009' } }),
    'PUT /api/profile/[0-9a-f-]+': (c) => ({ body: c.body }),
    'DELETE /api/profile/[0-9a-f-]+': { body: { deleted: 1 } },
    'GET /api/state/project_type/\\d+': { body: [{ id: 1, name: 'Design', step: 0, projectTypeId: typeId }] },
    'POST /api/event_log': { body: {} },
    ...o.extra,
  });
  return { ...f, state };
}
