// One OGC service route (`…/geoserver/{product}/ows` for WFS, `…/wms` for WMS, and the reference-data services of
// server/geodata/): the SERVICE and REQUEST parameters, and OWS errors answered as the service's own exception report.
// What a route is bound to (a project: existence 404, organisation 403; or nothing) is its context; the services
// differ only in what they answer (`handle`, `report`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canAccessOrganisation, requirePolicy } from '../auth/guard';
import { findProject, type ProjectRow } from '../projects/access';
import { invalid, missing, OwsError } from './ows-error';
import { readParams, type Params } from './query';

const PRODUCT_RE = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** The service parameters of one request plus the route's context (e.g. the project). */
export type OwsCall<C> = C & { p: Params; version: string; request: string };

export interface OwsService<C = ProjectContext> {
  name: 'WFS' | 'WMS';
  /** How the service names its parameters in error locators ('service' / 'SERVICE'). */
  param(name: 'service' | 'request'): string;
  /** The version asked for (its default when absent); throws OwsError on a bad one. */
  version(p: Params): string;
  defaultVersion: string;
  handle(req: FastifyRequest, reply: FastifyReply, q: OwsCall<C>): Promise<FastifyReply>;
  report(reply: FastifyReply, e: OwsError, version: string): FastifyReply;
}

/** Resolves a route's context from the request, or answers itself (returns the reply) when the request stops here. */
export type OwsContext<C> = (req: FastifyRequest, reply: FastifyReply) => Promise<C | FastifyReply>;

/** GET `path` as the OGC service `s` (policy network.view) with the context `context` resolves. */
export function registerOwsService<C extends object>(api: FastifyInstance, path: string, s: OwsService<C>, context: OwsContext<C>): void {
  api.get(path, { onRequest: requirePolicy('network.view') }, async (req, reply) => {
    let version = s.defaultVersion;
    try {
      const c = await context(req, reply);
      if (c === reply) return reply;
      const p = readParams(req.query);
      const service = p.get('service');
      if (service !== undefined && service.toUpperCase() !== s.name) throw invalid(s.param('service'), `'${service.slice(0, 20)}' is not offered here (${s.name})`);
      version = s.version(p);
      const request = p.get('request');
      if (!request) throw missing(s.param('request'));
      return await s.handle(req, reply, { ...(c as C), p, version, request });
    } catch (e) {
      if (!(e instanceof OwsError)) throw e;
      return s.report(reply, e, version);
    }
  });
}

export interface ProjectContext { project: ProjectRow; product: string }

/** The project of `/project/:projectId/geoserver/:product/…`: 404 unknown or deleted, 403 another organisation. */
export async function projectContext(req: FastifyRequest, reply: FastifyReply): Promise<ProjectContext | FastifyReply> {
  const { projectId, product } = req.params as { projectId: string; product: string };
  if (!/^\d{1,9}$/.test(projectId)) throw invalid('projectId', `'${projectId.slice(0, 40)}' is not a project id`);
  if (!PRODUCT_RE.test(product)) throw invalid('product', `'${product.slice(0, 40)}' is not a product name`);
  const project = await findProject(req.server.deps.db, Number(projectId));
  if (!project || project.deleted) return reply.status(404).send({ error: 'not_found', message: `Project ${projectId} does not exist.` });
  if (!canAccessOrganisation(req.user, project.organisation_id)) {
    return reply.status(403).send({ error: 'not_authorized', message: 'Not authorized' });
  }
  return { project, product };
}

/** A service of one project (`/project/:projectId/geoserver/:product/…`). */
export function registerOwsRoute(api: FastifyInstance, path: string, s: OwsService<ProjectContext>): void {
  registerOwsService(api, path, s, projectContext);
}
