// Uploads (spec 1 §7): POST /api/upload/file with multipart field `file` → {success, uuid} or {success: false,
// reason}; DELETE /api/upload/file/{uuid}. Files are kept in the database (any app process can serve them), per
// organisation, limited to UPLOAD_MAX_BYTES and the allowed types of file-types.ts.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { checkFile, MAX_UPLOAD_BYTES } from './file-types';
import { bytesParam } from './content';

export async function uploadRoutes(api: FastifyInstance): Promise<void> {
  await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 } });

  api.post('/upload/file', { onRequest: requirePolicy('upload.create') }, async (req, reply) => {
    if (!req.isMultipart()) return reply.status(400).send({ success: false, reason: 'the request must be multipart/form-data with a field file' });
    let part;
    try { part = await req.file(); } catch (e) {
      return reply.status(400).send({ success: false, reason: `unreadable upload: ${(e as Error).message}` });
    }
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      return reply.status(400).send({ success: false, reason: 'the field file is missing' });
    }
    let bytes: Buffer;
    try { bytes = await part.toBuffer(); } catch (e) {
      const tooLarge = (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
      return reply.status(tooLarge ? 413 : 400).send({ success: false, reason: tooLarge ? `the file is larger than ${MAX_UPLOAD_BYTES} bytes` : `unreadable upload: ${(e as Error).message}` });
    }
    if (part.file.truncated) return reply.status(413).send({ success: false, reason: `the file is larger than ${MAX_UPLOAD_BYTES} bytes` });
    const filename = (part.filename || 'upload').slice(0, 255);
    const ok = checkFile(filename, bytes);
    if ('reason' in ok) return reply.status(415).send({ success: false, reason: ok.reason });
    const uuid = randomUUID();
    const { db } = req.server.deps;
    const [content, value] = bytesParam(db, 7, bytes);
    await db.query(
      `INSERT INTO upload (organisation_id, uuid, user_id, filename, mime, size, content) VALUES ($1, $2, $3, $4, $5, $6, ${content})`,
      [req.user.organisationId, uuid, req.user.id, filename, ok.mime, bytes.length, value]);
    return reply.status(201).send({ success: true, uuid });
  });

  api.delete<{ Params: { uuid: string } }>('/upload/file/:uuid', {
    onRequest: requirePolicy('upload.create'),
    schema: { params: { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } } } },
  }, async (req, reply) => {
    const r = await req.server.deps.db.query('DELETE FROM upload WHERE organisation_id = $1 AND uuid = $2', [req.user.organisationId, req.params.uuid]);
    if (!r.rowCount) return reply.status(404).send({ success: false, error: 'not_found', reason: `Upload ${req.params.uuid} does not exist.`, message: `Upload ${req.params.uuid} does not exist.` });
    return { success: true, uuid: req.params.uuid };
  });
}
