// @vitest-environment jsdom
// Login flow (spec 1 §2, §4, §8; spec 2 §4, §7): confirm disabled while invalid; password sent as SHA-512 hex; the
// totp check adds a required code field; errors by name; email_pass_wrong clears the password; SSO only in local
// and dev; the session id is stored locally and validated.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createHash } from 'node:crypto';
import { renderApp } from '../support/render';
import { mockFetch, type Answer } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { resetNotifications } from '../../../src/shell/notification-store';
import { SESSION_STORAGE_KEY } from '../../../src/auth/session-slice';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));

const USER = { id: 3, email: 'engineer@demo.example', name: 'Demo Engineer', role: 'engineer', language: 'en', active: true, agreementVersion: '1' };
const sha = (s: string) => createHash('sha512').update(s).digest('hex');

function server(opts: { totp?: boolean; loginError?: string; environment?: string } = {}) {
  return mockFetch({
    'GET /api/user/has-no-root': { body: { hasNoRoot: false } },
    'GET /api/config': { body: { environment: opts.environment ?? 'production' } },
    'POST /api/user/totp/enabled': { body: { totpEnabled: !!opts.totp } },
    'POST /api/user/login': (c): Answer => {
      if (opts.loginError) return { status: 401, body: { error: opts.loginError, message: 'x' } };
      const b = c.body as { password: string; totp?: string };
      if (b.password !== sha('demo1234')) return { status: 401, body: { error: 'email_pass_wrong' } };
      if (opts.totp && b.totp !== '123456') return { status: 401, body: { error: 'totp_invalid' } };
      return { body: { sessionId: 'sess-1' } };
    },
    'POST /api/user/session': { body: { success: true, user: USER, totp: !!opts.totp, expiration: null } },
    'GET /api/user/policies/': { body: { project: { create_and_edit: true } } },
    'GET /api/project/all': { body: [] },
    'GET /api/project_type/all': { body: [] },
  });
}

const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value } });
const confirmButton = () => screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('login page', () => {
  it('keeps confirm disabled while invalid, sends the SHA-512 hex, stores the session and returns to the requested address', async () => {
    const f = server();
    const { router } = renderApp('/user/login?returnUrl=%2Fdashboard%3Fq%3D1');
    await screen.findByTestId('login-form');
    expect(confirmButton().disabled).toBe(true);
    type('email', 'engineer@demo.example');
    expect(confirmButton().disabled).toBe(true);
    type('password', 'demo1234');
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?q=1');
    const login = f.callsTo('POST', '/api/user/login')[0].body as Record<string, string>;
    expect(login).toMatchObject({ email: 'engineer@demo.example', password: sha('demo1234'), language: 'en' });
    expect(f.callsTo('POST', '/api/user/totp/enabled')[0].body).toEqual({ email: 'engineer@demo.example', password: sha('demo1234') });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('sess-1');
    expect(f.callsTo('POST', '/api/user/session')[0].body).toEqual({ sessionId: 'sess-1' });
  });

  it('adds a required 2FA code field when 2FA is enabled; a second submit logs in with it', async () => {
    const f = server({ totp: true });
    const { router } = renderApp('/user/login');
    await screen.findByTestId('login-form');
    type('email', 'engineer@demo.example');
    type('password', 'demo1234');
    fireEvent.click(confirmButton());
    await screen.findByLabelText('Authentication code');
    expect(f.callsTo('POST', '/api/user/login')).toHaveLength(0);
    expect(confirmButton().disabled).toBe(true);
    type('totp', '123456');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect((f.callsTo('POST', '/api/user/login')[0].body as { totp: string }).totp).toBe('123456');
  });

  it('email_pass_wrong shows its message and clears the password field', async () => {
    server();
    renderApp('/user/login');
    await screen.findByTestId('login-form');
    type('email', 'engineer@demo.example');
    type('password', 'wrong-pass1');
    fireEvent.click(confirmButton());
    expect((await screen.findByTestId('login-error')).textContent).toBe('The e-mail address or password is wrong.');
    expect((document.querySelector('input[name=password]') as HTMLInputElement).value).toBe('');
  });

  for (const [name, text] of [
    ['inactive', 'This account is not active.'],
    ['login_timeout', 'Too many sign-in attempts. Wait a while and try again.'],
    ['too_many_requests', 'Too many sign-in attempts. Wait a while and try again.'],
    ['totp_invalid', 'The authentication code is invalid.'],
    ['something_else', 'Signing in failed.'],
  ] as const) {
    it(`error ${name} shows '${text}' and keeps the password`, async () => {
      server({ loginError: name });
      renderApp('/user/login');
      await screen.findByTestId('login-form');
      type('email', 'engineer@demo.example');
      type('password', 'demo1234');
      fireEvent.click(confirmButton());
      expect((await screen.findByTestId('login-error')).textContent).toBe(text);
      expect((document.querySelector('input[name=password]') as HTMLInputElement).value).toBe('demo1234');
    });
  }

  it('offers single sign-on only in local and dev environments', async () => {
    server({ environment: 'production' });
    renderApp('/user/login');
    await screen.findByTestId('login-form');
    await waitFor(() => expect(document.querySelector('input[name=email]')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Single sign-on' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    server({ environment: 'dev' });
    renderApp('/user/login');
    expect(await screen.findByRole('button', { name: 'Single sign-on' })).toBeTruthy();
  });
});
