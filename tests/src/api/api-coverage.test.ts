// @vitest-environment jsdom
// Every call of spec 1 §7 and spec 2 §7 has an endpoint in the one RTK Query api (issue 5 item 3): for each call the
// mapped endpoint is dispatched through a real store with fetch mocked, and must send that method to that path (with
// the payload fields the spec names). One `it` per call, so a missing endpoint names itself.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { api } from '../../../src/api/api';
import '../../../src/api/endpoints/catalogue';
import '../../../src/api/endpoints/network';
import '../../../src/api/endpoints/network-save';
import '../../../src/api/endpoints/project';
import '../../../src/api/endpoints/settings';
import '../../../src/api/endpoints/upload';
import '../../../src/api/endpoints/user';
import '../../../src/api/endpoints/validation';
import { makeStore } from '../../../src/app/store';
import { sessionStarted } from '../../../src/auth/session-slice';
import { SPEC_CALLS, callName, fillPath } from '../../spec/api-calls';
import { setupI18n } from '../support/i18n';
import { mockFetch } from '../support/fetch-mock';

interface Mapping {
  endpoint: string;
  args?: unknown;
  /** Values of the spec path's {params} for this call's args. */
  path?: Record<string, string | number>;
  /** Query parameters the request must carry. */
  query?: Record<string, string>;
  /** Fields the JSON body must carry (toMatchObject). */
  body?: unknown;
}

const pid = 7;
const P = { projectId: pid };
const list = [{ id: 'a' }];

/** Spec call → endpoint. Calls of spec 3 §7 are made by the map's layer loaders, not by this api. */
const MAP: Record<string, Mapping> = {
  'PATCH /api/project/{projectId}/attribute_value': { endpoint: 'editAttributeValues', args: { projectId: pid, items: list }, path: P, body: list },
  'POST /api/project/{projectId}/object_instance_relation': { endpoint: 'createRelations', args: { projectId: pid, items: list }, path: P, body: list },
  'DELETE /api/project/{projectId}/object_instance_relation': { endpoint: 'deleteRelations', args: { projectId: pid, items: list }, path: P, body: { objectInstanceRelations: list } },
  'POST /api/project/{projectId}/path_edge': { endpoint: 'createPathEdges', args: { projectId: pid, items: list }, path: P, body: list },
  'PUT /api/project/{projectId}/path_edge': { endpoint: 'editPathEdges', args: { projectId: pid, items: list }, path: P, body: list },
  'DELETE /api/project/{projectId}/path_edge': { endpoint: 'deletePathEdges', args: { projectId: pid, items: ['a'] }, path: P, body: { ids: ['a'] } },
  'POST /api/project/{projectId}/network_object': { endpoint: 'createNetworkObjects', args: { projectId: pid, scenarioId: 3, items: list }, path: P, query: { scenarioId: '3' }, body: list },
  'PUT /api/project/{projectId}/network_object': { endpoint: 'editNetworkObjects', args: { projectId: pid, items: list }, path: P, body: list },
  'DELETE /api/project/{projectId}/network_object': { endpoint: 'deleteNetworkObjects', args: { projectId: pid, items: ['a'] }, path: P, body: { networkObjectIds: ['a'] } },
  'GET /api/project/{projectId}/network_object/{id}': { endpoint: 'networkObject', args: { projectId: pid, id: 'n-1' }, path: { ...P, id: 'n-1' } },
  'GET /api/project/{projectId}/network_object/{x}/{y}': { endpoint: 'nodeAt', args: { projectId: pid, x: 12.5, y: 40, scenarioId: 3 }, path: { ...P, x: 12.5, y: 40 }, query: { scenarioId: '3' } },
  'GET /api/project/{projectId}/network_object/all': { endpoint: 'networkObjects', args: { projectId: pid, objectTypeIds: [1, 2] }, path: P, query: { includeWithoutObjectInstances: 'false', objectTypeIds: '1,2' } },
  'DELETE /api/project/{projectId}/network_object/all': { endpoint: 'deleteAllNetworkObjects', args: { projectId: pid, objectTypeIds: [4] }, path: P, query: { objectTypeIds: '4' } },
  'POST /api/upload/file': { endpoint: 'uploadFile', args: { file: new Blob(['x']) } },
  'DELETE /api/upload/file/{uuid}': { endpoint: 'deleteUpload', args: 'u-1', path: { uuid: 'u-1' } },

  'POST /api/user/login': { endpoint: 'login', args: { email: 'a@b.c', password: 'f'.repeat(128), totp: '123456', language: 'en' }, body: { email: 'a@b.c', password: 'f'.repeat(128), totp: '123456', language: 'en' } },
  'POST /api/user/session': { endpoint: 'session', args: { sessionId: 's' }, body: { sessionId: 's' } },
  'POST /api/user/session/logout': { endpoint: 'logout' },
  'GET /api/user/heartbeat': { endpoint: 'heartbeat' },
  'GET /api/user/policies/': { endpoint: 'policies' },
  'GET /api/user/policies/{id}': { endpoint: 'policies', args: 5, path: { id: 5 } },
  'POST /api/user/tokens/password': { endpoint: 'requestPasswordToken', args: { email: 'a@b.c' }, body: { email: 'a@b.c' } },
  'POST /api/user/password/reset': { endpoint: 'resetPassword', args: { password: 'p', token: 't' }, body: { password: 'p', token: 't' } },
  'POST /api/user/totp/enabled': { endpoint: 'totpEnabled', args: { email: 'a@b.c', password: 'h' }, body: { email: 'a@b.c', password: 'h' } },
  'POST /api/user/activate': { endpoint: 'activate', args: { token: 't' }, body: { token: 't' } },
  'POST /api/user': { endpoint: 'createUser', args: { email: 'a@b.c', name: 'A', role: 'viewer' }, body: { email: 'a@b.c' } },
  'PUT /api/user/{id}': { endpoint: 'editUser', args: { id: 5, name: 'B' }, path: { id: 5 }, body: { name: 'B' } },
  'GET /api/user/all': { endpoint: 'allUsers' },
  'GET /api/user/organisation/{id}': { endpoint: 'organisationUsers', args: 2, path: { id: 2 } },
  'GET /api/user/{id}': { endpoint: 'user', args: 5, path: { id: 5 } },
  'DELETE /api/user/{id}': { endpoint: 'deleteUser', args: 5, path: { id: 5 } },
  'POST /api/user/recover/{id}': { endpoint: 'recoverUser', args: 5, path: { id: 5 } },
  'POST /api/user/agreement/accept': { endpoint: 'acceptAgreement', args: { version: '2' } },
  'POST /api/user/permission/{id}': { endpoint: 'setPermissions', args: { id: 5, permissions: { 'admin.view': true } }, path: { id: 5 } },
  'POST /api/user/email': { endpoint: 'changeEmail', args: { email: 'a@b.c' }, body: { email: 'a@b.c' } },
  'POST /api/user/signup': { endpoint: 'signup', args: { name: 'A', email: 'a@b.c', password: 'p', recaptcha: 'r' }, body: { name: 'A', email: 'a@b.c', password: 'p', recaptcha: 'r' } },
  'GET /api/user/adfs/login': { endpoint: 'adfsLoginUrl' },
  'POST /api/user/adfs/login': { endpoint: 'adfsLogin', args: { code: 'c' }, body: { code: 'c' } },
  'GET /api/user/has-no-root': { endpoint: 'hasNoRoot' },
  'POST /api/user/create-root': { endpoint: 'createRoot', args: { name: 'R', email: 'r@b.c', password: 'p' }, body: { name: 'R', email: 'r@b.c', password: 'p' } },
  'POST /api/user/verify-sso': { endpoint: 'verifySso', args: { accessToken: 'a', userInfo: { email: 'a@b.c' } }, body: { accessToken: 'a', userInfo: { email: 'a@b.c' } } },
  'GET /api/user/settings/cyclomedia': { endpoint: 'cyclomediaSettings' },
  'PATCH /api/user/settings/cyclomedia': { endpoint: 'patchCyclomediaSettings', args: { username: 'u' }, body: { username: 'u' } },
  'POST /api/cyclomedia/verify': { endpoint: 'verifyCyclomedia', args: { username: 'u', password: 'p' }, body: { username: 'u', password: 'p' } },
  'GET /api/config/streetsmart': { endpoint: 'streetsmartConfig' },
  'GET /api/config': { endpoint: 'config' },
  'GET /api/cyclomedia/atlas': { endpoint: 'cyclomediaAtlas', args: 5, query: { userId: '5' } },
  'GET /api/user/settings/profiles': { endpoint: 'profileSettings' },
  'PATCH /api/user/settings/profiles': { endpoint: 'patchProfileSettings', args: { profiles: {}, ignoreProfileRefreshTimeStamps: {} }, body: { profiles: {}, ignoreProfileRefreshTimeStamps: {} } },

  'GET /api/project/{projectId}': { endpoint: 'project', args: pid, path: P },
  'POST /api/project': { endpoint: 'createProject', args: { name: 'N', projectTypeId: 10 }, body: { name: 'N', projectTypeId: 10 } },
  'PUT /api/project/edit/{projectId}': { endpoint: 'renameProject', args: { id: pid, name: 'N' }, path: P, body: { name: 'N' } },
  'POST /api/project/{projectId}/restore': { endpoint: 'restoreProject', args: pid, path: P },
  'DELETE /api/project/{projectId}': { endpoint: 'deleteProject', args: { id: pid, permaDelete: true }, path: P, body: { permaDelete: true } },
  'PATCH /api/project/{projectId}/unlock': { endpoint: 'unlockProject', args: pid, path: P },
  'PUT /api/project/{projectId}/property/value': { endpoint: 'setPropertyValues', args: { id: pid, values: [] }, path: P, body: { values: [] } },
  'GET /api/project/{projectId}/property/value/all': { endpoint: 'propertyValues', args: pid, path: P },
  'GET /api/project/project/property/type/all': { endpoint: 'propertyTypes' },
  'POST /api/project/{projectId}/{type}/update-project-demarcation-area': { endpoint: 'updateDemarcationArea', args: { id: pid, type: 'fttx', geometry: { type: 'Polygon', coordinates: [] } }, path: { ...P, type: 'fttx' }, body: { geometry: { type: 'Polygon', coordinates: [] } } },
  'POST /api/project/{projectId}/in-use': { endpoint: 'setInUse', args: { id: pid, userId: 5 }, path: P, body: { userId: 5 } },
  'GET /api/project/{projectId}/in-use': { endpoint: 'inUse', args: pid, path: P },
  'GET /api/project_type/all': { endpoint: 'projectTypes' },
  'GET /api/state/project_type/{id}': { endpoint: 'states', args: 10, path: { id: 10 } },
  'GET /api/project/{projectId}/object_type': { endpoint: 'objectTypes', args: pid, path: P },
  'GET /api/project/{projectId}/object_relation_type': { endpoint: 'relationTypes', args: pid, path: P },
  'GET /api/project/{projectId}/object_instance/all': { endpoint: 'objectInstances', args: { projectId: pid }, path: P },
  'GET /api/project/{projectId}/object_instance/{id}': { endpoint: 'objectInstance', args: { projectId: pid, id: 'i-1' }, path: { ...P, id: 'i-1' } },
  'POST /api/project/{projectId}/object_instance': { endpoint: 'createObjectInstances', args: { projectId: pid, items: list }, path: P, body: list },
  'PUT /api/project/{projectId}/object_instance': { endpoint: 'editObjectInstances', args: { projectId: pid, items: list }, path: P, body: list },
  'DELETE /api/project/{projectId}/object_instance': { endpoint: 'deleteObjectInstances', args: { projectId: pid, items: ['a'] }, path: P, body: ['a'] },
  'GET /api/project/{projectId}/fttx/settings': { endpoint: 'fttxSettings', args: pid, path: P },
  'POST /api/project/{projectId}/fttx/settings': { endpoint: 'saveFttxSettings', args: { id: pid, settings: { k: 1 } }, path: P, body: { k: 1 } },
  'DELETE /api/project/{projectId}/fttx/settings': { endpoint: 'deleteFttxSettings', args: pid, path: P },
  'POST /api/project/{projectId}/fttx/settings/export': { endpoint: 'exportFttxSettings', args: { id: pid, settingsKey: 'trench' }, path: P, body: { settingsKey: 'trench' } },
  'GET /api/profile': { endpoint: 'profiles' },
  'GET /api/profile/profile_type/{id}': { endpoint: 'profilesByType', args: 'trench', path: { id: 'trench' } },
  'GET /api/profile/project_type/{id}': { endpoint: 'profilesByProjectType', args: 10, path: { id: 10 } },
  'POST /api/profile': { endpoint: 'createProfile', args: { name: 'p' }, body: { name: 'p' } },
  'PUT /api/profile/{uuid}': { endpoint: 'editProfile', args: { uuid: 'u-1', name: 'p' }, path: { uuid: 'u-1' }, body: { name: 'p' } },
  'DELETE /api/profile/{uuid}': { endpoint: 'deleteProfile', args: 'u-1', path: { uuid: 'u-1' } },
  'POST /api/event_log': { endpoint: 'logEvent', args: { projectId: pid, userId: 5, type: 'PROJECT_OPENED' }, body: { projectId: pid, userId: 5, type: 'PROJECT_OPENED' } },

  'GET /api/user/layer_setting/{mapContext}': { endpoint: 'layerSettings', args: 'workflow', path: { mapContext: 'workflow' } },
  'PATCH /api/user/layer_setting': { endpoint: 'saveLayerSettings', args: [{ layerName: 'ducts', mapContext: 'workflow' }], body: [{ layerName: 'ducts', mapContext: 'workflow' }] },
  'DELETE /api/user/layer_setting/{mapContext}': { endpoint: 'deleteLayerSettings', args: 'workflow', path: { mapContext: 'workflow' } },

  'GET /api/project/{projectId}/capex/rule_set': { endpoint: 'capexRuleSet', args: pid, path: P },
  'POST /api/project/{projectId}/capex/rule_set': { endpoint: 'setCapexRuleSet', args: { id: pid, ruleSet: { rules: [] } }, path: P, body: { rules: [] } },
  'GET /api/project/{projectId}/capex/rule_set/validate': { endpoint: 'capexValidation', args: pid, path: P },
  'POST /api/project/{projectId}/capex/rule_set/validate': { endpoint: 'validateCapexRuleSet', args: { id: pid, ruleSet: { rules: [] } }, path: P },
  'GET /api/project/{projectId}/capex/rule_set/existing_terminal_demands': { endpoint: 'existingTerminalDemands', args: pid, path: P },
  'POST /api/project/{projectId}/validations': { endpoint: 'validate', args: { projectId: pid, validations: [{ name: 'graph_integrity', params: {} }] }, path: P, body: [{ name: 'graph_integrity', params: {} }] },
};

const CLIENT_CALLS = SPEC_CALLS.filter((c) => c.spec !== '3 §7');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const endpoints = api.endpoints as Record<string, { initiate(arg: unknown, o?: unknown): any } | undefined>;

/** XMLHttpRequest stand-in for the upload call (it needs upload progress, which fetch lacks). */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  method = ''; url = ''; headers: Record<string, string> = {}; responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void; onerror?: () => void;
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(k: string, v: string) { this.headers[k.toLowerCase()] = v; }
  send(body: unknown) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    this.responseText = JSON.stringify({ success: true, uuid: 'u-9' });
    queueMicrotask(() => this.onload?.());
  }
}

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('spec calls → RTK Query endpoints', () => {
  for (const call of CLIENT_CALLS) {
    it(`${callName(call)} (spec ${call.spec}) is sent by an endpoint`, async () => {
      const m = MAP[callName(call)];
      expect(m, `no endpoint mapped for ${callName(call)}`).toBeDefined();
      const ep = endpoints[m.endpoint];
      expect(ep, `api.endpoints.${m.endpoint} does not exist`).toBeDefined();
      const expectedPath = fillPath(call.path, m.path ?? {});
      const store = makeStore();
      store.dispatch(sessionStarted('tok'));

      if (m.endpoint === 'uploadFile') {
        FakeXhr.sent = [];
        vi.stubGlobal('XMLHttpRequest', FakeXhr);
        const r = await store.dispatch(ep!.initiate(m.args));
        expect(r.data).toEqual({ success: true, uuid: 'u-9' });
        expect(FakeXhr.sent).toHaveLength(1);
        expect(FakeXhr.sent[0].method).toBe(call.method);
        expect(new URL(FakeXhr.sent[0].url, location.href).pathname).toBe(expectedPath);
        expect(FakeXhr.sent[0].headers.authorization).toBe('Bearer tok');
        expect((FakeXhr.sent[0].body as FormData).get('file')).toBeInstanceOf(Blob);
        return;
      }

      const f = mockFetch(Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((x) => [`${x} .*`, { body: [] }])));
      const sub = store.dispatch(ep!.initiate(m.args));
      await sub;
      sub.unsubscribe?.();
      expect(f.calls, 'the endpoint sent no request').toHaveLength(1);
      const sent = f.calls[0];
      expect(sent.method).toBe(call.method);
      expect(sent.path).toBe(expectedPath);
      expect(sent.headers.get('authorization')).toBe('Bearer tok');
      const query = Object.fromEntries(new URL(sent.url).searchParams);
      if (m.query) expect(query).toMatchObject(m.query);
      if (m.body !== undefined) expect(sent.body).toMatchObject(m.body as object);
    });
  }

  it('every mapped call is a call of the spec (the table holds no stale rows)', () => {
    const names = new Set(CLIENT_CALLS.map(callName));
    expect(Object.keys(MAP).filter((k) => !names.has(k))).toEqual([]);
  });
});
