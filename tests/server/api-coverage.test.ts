// Every call of the spec (spec 1 §7, spec 2 §7, and spec 3 §7's proxy and surface types) has a route on the running
// server, and answers without a session only where the call is public (issue 4: "Bearer session token on every call
// except the public ones"). One `it` per call, so a missing route names itself.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { SPEC_CALLS, callName, fastifyPath, fillPath } from '../spec/api-calls';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ demoProject: false }); });
afterAll(async () => { await s?.close(); });

/** Sample values for the path parameters (an unauthenticated call is refused before they are looked up). */
const SAMPLE = { projectId: 1, id: 1, x: 10, y: 20, uuid: '00000000-0000-4000-8000-000000000000', type: 'fttx', mapContext: 'workflow', product: 'fttx', topologyId: 't-1', z: 15, layer: 'cocon_dp' };
const SESSION_ERRORS = ['session_does_not_exist', 'session_expired'];

describe('spec calls → server routes', () => {
  for (const call of SPEC_CALLS) {
    it(`${callName(call)} (spec ${call.spec}) has a route`, () => {
      expect(s.server.app.hasRoute({ method: call.method, url: fastifyPath(call.path) }), `no route for ${callName(call)}`).toBe(true);
    });
  }
});

describe('spec calls → session required unless public', () => {
  for (const call of SPEC_CALLS) {
    const what = call.public ? 'answers without a session' : 'answers 401 session_does_not_exist without a session';
    it(`${callName(call)} ${what}`, async () => {
      const r = await s.api().request(call.method, fillPath(call.path, SAMPLE), call.method === 'GET' ? {} : { body: {} });
      // A 404 is allowed only from the handler (e.g. sso_disabled), never the router's "Route … not found".
      expect(r.status === 404 && /^Route /.test(String(r.body?.message)), r.text).toBe(false);
      if (call.public) {
        expect(SESSION_ERRORS, r.text).not.toContain(r.body?.error);
      } else {
        expect(r.status, r.text).toBe(401);
        expect(r.body.error).toBe('session_does_not_exist');
      }
    });
  }
});

describe('the table itself', () => {
  it('lists each call once and only /api paths', () => {
    const names = SPEC_CALLS.map(callName);
    expect(new Set(names).size).toBe(names.length);
    expect(SPEC_CALLS.every((c) => c.path.startsWith('/api/'))).toBe(true);
  });
});
