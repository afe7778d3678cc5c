// POST /api/project/{id}/geoserver/{product}/ows?service=WFS&version=1.1.0&request=Transaction (spec 3 §7, feature
// transaction): a WFS-T Transaction (XML body, Content-Type text/xml or application/xml, at most WFST_BODY_LIMIT
// bytes — 413 beyond) on the project's stored feature tables. Policy network.edit (viewers 403), another
// organisation's project 403 'Not authorized', unknown project 404. request=Transaction and request=Complete are the
// same operation: the answer (wfs:TransactionResponse) is sent only after the one database transaction committed.
// REQUEST and VERSION may also come from the body's root element (GDAL posts to the bare endpoint); version 1.1.0 and
// 2.0.0. The app's `X-WFS-Transaction: true` header is accepted but not required.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canAccessOrganisation, requirePolicy } from '../auth/guard';
import { findProject } from '../projects/access';
import { exceptionReport, invalid, missing, OwsError } from './ows-error';
import { parseVersion, readParams } from './query';
import { runTransaction, transactionResponseXml } from './transaction';
import { transactionActions } from './wfst-parse';
import { wfstTables } from './wfst-types';
import { parseXml, sniffRoot } from './wfst-xml';

/** Largest accepted Transaction body: 64 MiB (10 000 GDAL-written line inserts are about 5 MiB). */
export const WFST_BODY_LIMIT = 64 * 1024 * 1024;
const XML_TYPES = ['text/xml', 'application/xml'];
const OPERATIONS = new Set(['transaction', 'complete']);
const NOT_XML = 'the body must be XML (Content-Type text/xml or application/xml)';

function report(reply: FastifyReply, e: OwsError, version: string): FastifyReply {
  return reply.status(e.status).type('application/xml; charset=utf-8').send(exceptionReport(e, version.startsWith('1.') ? '1.1.0' : '2.0.0'));
}

async function transaction(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { projectId, product } = req.params as { projectId: string; product: string };
  const body = typeof req.body === 'string' ? req.body : '';
  let version = '1.1.0';
  try {
    if (!/^\d{1,9}$/.test(projectId)) throw invalid('projectId', `'${projectId.slice(0, 40)}' is not a project id`);
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(product)) throw invalid('product', `'${product.slice(0, 40)}' is not a product name`);
    const db = req.server.deps.db;
    const project = await findProject(db, Number(projectId));
    if (!project || project.deleted) return reply.status(404).send({ error: 'not_found', message: `Project ${projectId} does not exist.` });
    if (!canAccessOrganisation(req.user, project.organisation_id)) return reply.status(403).send({ error: 'not_authorized', message: 'Not authorized' });
    const p = readParams(req.query);
    const root = sniffRoot(body);
    const service = p.get('service');
    if (service !== undefined && service.toUpperCase() !== 'WFS') throw invalid('service', `'${service.slice(0, 20)}' is not offered here (WFS)`);
    if (!p.has('version') && root.version) p.set('version', root.version);
    if (!p.has('version')) p.set('version', '1.1.0');
    version = parseVersion(p);
    const request = p.get('request') ?? root.name;
    if (!request) throw missing('request');
    if (!OPERATIONS.has(request.toLowerCase())) {
      throw new OwsError('OperationNotSupported', 'request', `Operation ${request.slice(0, 40)} is not supported by POST (Transaction, Complete).`);
    }
    if (typeof req.body !== 'string') throw new OwsError('InvalidParameterValue', 'body', `Request body refused: ${NOT_XML}`, 415);
    const actions = transactionActions(parseXml(body));
    const result = await runTransaction(db, project.id, wfstTables(project.project_type_id), actions);
    return reply.type('application/xml; charset=utf-8').send(transactionResponseXml(version, result));
  } catch (e) {
    if (!(e instanceof OwsError)) throw e;
    return report(reply, e, version);
  }
}

export function registerWfsTransaction(api: FastifyInstance, path: string): void {
  api.addContentTypeParser(XML_TYPES, { parseAs: 'string', bodyLimit: WFST_BODY_LIMIT }, (_req, body, done) => done(null, body));
  api.post(path, {
    onRequest: requirePolicy('network.edit'), bodyLimit: WFST_BODY_LIMIT,
    errorHandler: (err: FastifyError, _req, reply) => {
      if (err.statusCode !== 413 && err.statusCode !== 415) throw err;
      const why = err.statusCode === 413 ? `the body is larger than ${WFST_BODY_LIMIT} bytes` : NOT_XML;
      return report(reply, new OwsError('InvalidParameterValue', 'body', `Request body refused: ${why}`, err.statusCode), '1.1.0');
    },
  }, transaction);
}
