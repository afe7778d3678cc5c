// Renders the app's routes in a memory router with a fresh store (and the shell overlays), for component tests.
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../../../src/app/App';
import { makeStore } from '../../../src/app/store';
import { appRoutes } from '../../../src/app/routes';
import { sessionStarted, sessionValidated } from '../../../src/auth/session-slice';
import type { User } from '../../../src/api/endpoints/types';

export const ENGINEER: User = { id: 3, email: 'engineer@demo.example', name: 'Demo Engineer', role: 'engineer', language: 'en', active: true, agreementVersion: '1', totp: false };

export function renderApp(path: string, opts: { user?: User | null; validated?: boolean } = {}) {
  const store = makeStore();
  if (opts.user) {
    store.dispatch(sessionStarted('token-1'));
    if (opts.validated !== false) store.dispatch(sessionValidated({ user: opts.user, totp: !!opts.user.totp, expiration: null }));
  }
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const utils = render(<App store={store} router={router} />);
  return { ...utils, store, router };
}
