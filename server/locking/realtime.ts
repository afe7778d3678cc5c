// Realtime events over socket.io, attached to the Fastify HTTP server (path /socket.io). A client connects with
// auth {token: <session token>} and joins a project's room (handshake query projectId, or the 'join_project' event
// with an ack). Unlock notices arrive from PostgreSQL LISTEN (any app process may have unlocked) and are emitted as
// `project_unlocked` {operationId, project: {name, id, projectTypeId, step, settings}, status} to the room.
import { Server, type Socket } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { tokenDigest } from '../auth/password';
import { UNLOCK_CHANNEL, type UnlockNotice } from './lock';

export const projectRoom = (id: number) => `project:${id}`;

interface SocketUser { id: number; role: string; organisationId: number }

async function userOf(db: Db, token: unknown): Promise<SocketUser | undefined> {
  if (typeof token !== 'string' || !token || token.length > 200) return undefined;
  const r = await db.query<{ id: number; role: string; organisation_id: number }>(
    `SELECT u.id, u.role, u.organisation_id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.expires_at > now() AND u.active AND u.deleted_at IS NULL`, [tokenDigest(token)]);
  const u = r.rows[0];
  return u && { id: u.id, role: u.role, organisationId: u.organisation_id };
}

async function mayJoin(db: Db, user: SocketUser, projectId: unknown): Promise<number | undefined> {
  const id = Number(projectId);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) return undefined;
  const r = await db.query<{ organisation_id: number }>('SELECT organisation_id FROM project WHERE id = $1 AND NOT deleted', [id]);
  const p = r.rows[0];
  return p && (user.role === 'root' || p.organisation_id === user.organisationId) ? id : undefined;
}

export async function attachRealtime(app: FastifyInstance, db: Db): Promise<Server> {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: true, credentials: true } });
  io.use((socket, next) => {
    userOf(db, socket.handshake.auth?.token ?? socket.handshake.query?.token).then((u) => {
      if (!u) return next(new Error('session_does_not_exist'));
      socket.data.user = u;
      next();
    }, next);
  });
  io.on('connection', (socket: Socket) => {
    const user = socket.data.user as SocketUser;
    const join = async (projectId: unknown) => {
      const id = await mayJoin(db, user, projectId);
      if (id !== undefined) await socket.join(projectRoom(id));
      return id;
    };
    const initial = socket.handshake.query?.projectId;
    if (initial !== undefined) void join(initial);
    socket.on('join_project', (projectId: unknown, ack?: (r: { ok: boolean; projectId?: number }) => void) => {
      join(projectId).then((id) => ack?.({ ok: id !== undefined, projectId: id }), () => ack?.({ ok: false }));
    });
    socket.on('leave_project', (projectId: unknown) => { void socket.leave(projectRoom(Number(projectId))); });
  });
  const unlisten = await db.listen(UNLOCK_CHANNEL, (payload) => {
    let n: UnlockNotice;
    try { n = JSON.parse(payload) as UnlockNotice; } catch { return; }
    db.query<{ id: number; name: string; project_type_id: number; step: number; settings: unknown }>(
      'SELECT id, name, project_type_id, step, settings FROM project WHERE id = $1', [n.projectId]).then((r) => {
      const p = r.rows[0];
      if (!p) return;
      io.to(projectRoom(p.id)).emit('project_unlocked', {
        operationId: n.operationId, status: n.status,
        project: { name: p.name, id: p.id, projectTypeId: p.project_type_id, step: p.step, settings: p.settings },
      });
    }, () => undefined);
  });
  // Sockets go before HTTP closes (open websockets would keep it waiting); io.close() is not used because it
  // would close Fastify's HTTP server itself.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => { await unlisten().catch(() => undefined); });
  return io;
}
