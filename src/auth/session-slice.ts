// Session state (spec 2 §4): no id means signed out; after login the id is stored locally and then validated; an
// invalid or expired session is cleared.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../api/endpoints/types';

export const SESSION_STORAGE_KEY = 'sessionId';
export type SessionStatus = 'signed_out' | 'unvalidated' | 'valid';

export interface SessionState {
  sessionId: string | null;
  user: SessionUser | null;
  totp: boolean;
  expiration: string | null;
  status: SessionStatus;
}

export function readStoredSessionId(): string | null {
  try { return globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? null; } catch { return null; }
}

function writeStoredSessionId(id: string | null) {
  try {
    if (id) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, id);
    else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch { /* storage unavailable */ }
}

function initial(): SessionState {
  const sessionId = readStoredSessionId();
  return { sessionId, user: null, totp: false, expiration: null, status: sessionId ? 'unvalidated' : 'signed_out' };
}

const slice = createSlice({
  name: 'session',
  initialState: initial,
  reducers: {
    sessionStarted(state, { payload }: PayloadAction<string>) {
      writeStoredSessionId(payload);
      state.sessionId = payload;
      state.status = 'unvalidated';
    },
    sessionValidated(state, { payload }: PayloadAction<{ user: SessionUser; totp: boolean; expiration: string | null }>) {
      state.user = payload.user;
      state.totp = payload.totp;
      state.expiration = payload.expiration;
      state.status = 'valid';
    },
    userUpdated(state, { payload }: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...payload };
    },
    sessionCleared() {
      writeStoredSessionId(null);
      return { sessionId: null, user: null, totp: false, expiration: null, status: 'signed_out' as const };
    },
  },
});

/** Injected into the root reducer by src/app/store.ts. */
export const sessionSlice = slice;
export const { sessionStarted, sessionValidated, sessionCleared, userUpdated } = slice.actions;

type WithSession = { session?: SessionState };
export const selectSession = (state: unknown): SessionState => (state as WithSession).session ?? initial();
export const selectSessionId = (state: unknown) => selectSession(state).sessionId;
export const selectUser = (state: unknown) => selectSession(state).user;
