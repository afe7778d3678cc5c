// One OGC service route of a project (`…/geoserver/{product}/ows` for WFS, `…/wms` for WMS): the path checks, the
// project's existence (404) and organisation (403), the SERVICE and REQUEST parameters, and OWS errors answered as
// the service's own exception report. The services differ only in what they answer (`handle`, `report`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canAccessOrganisation, requirePolicy } from '../auth/guard';
import { findProject, type ProjectRow } from '../projects/access';
import { invalid, missing, OwsError } from './ows-error';
import { readParams, type Params } from './query';

const PRODUCT_RE = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

export interface OwsService {
  name: 'WFS' | 'WMS';
  /** How the service names its parameters in error locators ('service' / 'SERVICE'). */
  param(name: 'service' | 'request'): string;
  /** The version asked for (its default when absent); throws OwsError on a bad one. */
  version(p: Params): string;
  defaultVersion: string;
  handle(req: FastifyRequest, reply: FastifyReply, q: { p: Params; project: ProjectRow; product: string; version: string; request: string }): Promise<FastifyReply>;
  report(reply: FastifyReply, e: OwsError, version: string): FastifyReply;
}

export function registerOwsRoute(api: FastifyInstance, path: string, s: OwsService): void {
  api.get(path, { onRequest: requirePolicy('network.view') }, async (req, reply) => {
    const { projectId, product } = req.params as { projectId: string; product: string };
    let version = s.defaultVersion;
    try {
      if (!/^\d{1,9}$/.test(projectId)) throw invalid('projectId', `'${projectId.slice(0, 40)}' is not a project id`);
      if (!PRODUCT_RE.test(product)) throw invalid('product', `'${product.slice(0, 40)}' is not a product name`);
      const project = await findProject(req.server.deps.db, Number(projectId));
      if (!project || project.deleted) return reply.status(404).send({ error: 'not_found', message: `Project ${projectId} does not exist.` });
      if (!canAccessOrganisation(req.user, project.organisation_id)) {
        return reply.status(403).send({ error: 'not_authorized', message: 'Not authorized' });
      }
      const p = readParams(req.query);
      const service = p.get('service');
      if (service !== undefined && service.toUpperCase() !== s.name) throw invalid(s.param('service'), `'${service.slice(0, 20)}' is not offered here (${s.name})`);
      version = s.version(p);
      const request = p.get('request');
      if (!request) throw missing(s.param('request'));
      return await s.handle(req, reply, { p, project, product, version, request });
    } catch (e) {
      if (!(e instanceof OwsError)) throw e;
      return s.report(reply, e, version);
    }
  });
}
