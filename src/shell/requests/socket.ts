// Realtime socket (spec 1 §7, spec 2 §7, §9): socket.io with 3 reconnection attempts, delay 1 s up to 3 s, secure
// on https; delivers project_unlocked events (operationId, project, status). A connect error disconnects.
import { io, type Socket } from 'socket.io-client';
import { handleProjectUnlocked, onProjectLocked, type ProjectUnlockedEvent } from './project-lock';

export const SOCKET_OPTIONS = { reconnection: true, reconnectionAttempts: 3, reconnectionDelay: 1000, reconnectionDelayMax: 3000 } as const;
export const PROJECT_UNLOCKED_EVENT = 'project_unlocked';
export const JOIN_PROJECT_EVENT = 'join_project';
export const LEAVE_PROJECT_EVENT = 'leave_project';

let socket: Socket | null = null;
/** Project rooms followed, with how many followers (the open workflow, a lock waiting for its unlock). */
const joined = new Map<number, number>();

/** Opens (or re-authenticates) the socket for a signed-in session. */
export function connectSocket(token: string, url?: string): Socket {
  if (socket) {
    if ((socket.auth as { token?: string }).token === token) return socket;
    socket.disconnect();
  }
  const secure = globalThis.location?.protocol === 'https:';
  const s = io(url ?? '/', { ...SOCKET_OPTIONS, secure, auth: { token }, transports: ['websocket', 'polling'] });
  s.on(PROJECT_UNLOCKED_EVENT, (e: ProjectUnlockedEvent) => {
    if (awaitingUnlock.delete(e.project?.id)) leaveProjectRoom(e.project.id);
    handleProjectUnlocked(e);
  });
  s.on('connect', () => { for (const id of joined.keys()) s.emit(JOIN_PROJECT_EVENT, id); });
  s.on('connect_error', () => { if (!s.active) s.disconnect(); });
  socket = s;
  return s;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
}

/** Follows a project's events (its room on the server); pair every join with a leave. */
export function joinProjectRoom(projectId: number): void {
  const n = joined.get(projectId) ?? 0;
  joined.set(projectId, n + 1);
  if (n === 0) socket?.emit(JOIN_PROJECT_EVENT, projectId);
}

export function leaveProjectRoom(projectId: number): void {
  const n = joined.get(projectId) ?? 0;
  if (n <= 1) {
    joined.delete(projectId);
    if (n === 1) socket?.emit(LEAVE_PROJECT_EVENT, projectId);
  } else joined.set(projectId, n - 1);
}

const awaitingUnlock = new Set<number>();
/** A locked project: keep following its room until its project_unlocked event arrives. */
export function awaitUnlock(projectId: number): void {
  if (awaitingUnlock.has(projectId)) return;
  awaitingUnlock.add(projectId);
  joinProjectRoom(projectId);
}

export function currentSocket(): Socket | null { return socket; }

onProjectLocked(awaitUnlock);
