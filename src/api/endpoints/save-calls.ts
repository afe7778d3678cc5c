// The one mapping of the engine's save batches (data: kind, method, items — engine/save.ts) to the write calls of
// spec 1 §7 and spec 2 §7: which call each kind is, and each call's method, address (relative to the API base, e.g.
// /project/1/network_object), body, query and the cached data it changes. Pure (no React, no Redux), so the app's RTK
// Query endpoints (network-save.ts), the server contract tests and the browser test helpers share it.
import type { HttpMethod, SaveKind, SaveRequest } from 'engine/save';

/** The write calls of the network, by the name of their RTK Query endpoint. */
export type SaveEndpoint =
  | 'createNetworkObjects' | 'editNetworkObjects' | 'deleteNetworkObjects'
  | 'createPathEdges' | 'editPathEdges' | 'deletePathEdges'
  | 'createObjectInstances' | 'editObjectInstances' | 'deleteObjectInstances'
  | 'createRelations' | 'deleteRelations' | 'editAttributeValues';

/** Cache tags (src/api/api.ts TAG_TYPES) a write can make stale. */
export type SaveTag = 'NetworkObject' | 'PathEdge' | 'ObjectInstance' | 'Relation' | 'AttributeValue';

interface CallSpec {
  method: HttpMethod;
  /** Path under /project/{projectId}. */
  resource: 'network_object' | 'path_edge' | 'object_instance' | 'object_instance_relation' | 'attribute_value';
  /** How the items travel in the body. */
  body: (items: unknown[]) => unknown;
  /** The call takes the optional ?scenarioId. */
  scenario?: true;
  /** What it changes: its own rows, and what embeds them (network_object responses embed instances with their values
   *  and relations, and path edges). */
  tags: readonly SaveTag[];
}

const list = (items: unknown[]) => items;
const NO: SaveTag[] = ['NetworkObject'];
const PE: SaveTag[] = ['PathEdge', 'NetworkObject'];
const OI: SaveTag[] = ['ObjectInstance', 'NetworkObject'];

/** Spec 1 §7 (network_object, path_edge, object_instance_relation, attribute_value), spec 2 §7 (object_instance). */
export const SAVE_CALLS: Record<SaveEndpoint, CallSpec> = {
  createNetworkObjects: { method: 'POST', resource: 'network_object', body: list, scenario: true, tags: NO },
  editNetworkObjects: { method: 'PUT', resource: 'network_object', body: list, tags: NO },
  deleteNetworkObjects: { method: 'DELETE', resource: 'network_object', body: (l) => ({ networkObjectIds: l }), tags: NO },
  createPathEdges: { method: 'POST', resource: 'path_edge', body: list, tags: PE },
  editPathEdges: { method: 'PUT', resource: 'path_edge', body: list, tags: PE },
  deletePathEdges: { method: 'DELETE', resource: 'path_edge', body: (l) => ({ ids: l }), tags: PE },
  createObjectInstances: { method: 'POST', resource: 'object_instance', body: list, tags: OI },
  editObjectInstances: { method: 'PUT', resource: 'object_instance', body: list, tags: OI },
  // a list of ids (the server also takes instances with an id); cascades the instances' values and relations
  deleteObjectInstances: { method: 'DELETE', resource: 'object_instance', body: list, tags: [...OI, 'AttributeValue', 'Relation'] },
  createRelations: { method: 'POST', resource: 'object_instance_relation', body: list, tags: ['Relation', ...OI] },
  deleteRelations: { method: 'DELETE', resource: 'object_instance_relation', body: (l) => ({ objectInstanceRelations: l }), tags: ['Relation', ...OI] },
  editAttributeValues: { method: 'PATCH', resource: 'attribute_value', body: list, tags: ['AttributeValue', ...OI] },
};

/** The call that sends each kind of save batch. */
export const SAVE_ENDPOINT: Record<SaveKind, SaveEndpoint> = {
  'create nodes': 'createNetworkObjects',
  'create edges': 'createNetworkObjects',
  'create paths': 'createNetworkObjects',
  'create path edges': 'createPathEdges',
  'create object instances': 'createObjectInstances',
  'create relations': 'createRelations',
  'edit network objects': 'editNetworkObjects',
  'edit path edges': 'editPathEdges',
  'edit object instances': 'editObjectInstances',
  'attribute values': 'editAttributeValues',
  'delete relations': 'deleteRelations',
  'delete object instances': 'deleteObjectInstances',
  'delete path edges': 'deletePathEdges',
  'delete network objects': 'deleteNetworkObjects',
};

/** Arguments of every write endpoint: the project, the batch's items and (network object creates) the scenario. */
export interface SaveArgs { projectId: number; items: unknown[]; scenarioId?: number | null }

export interface SaveCall { method: HttpMethod; path: string; body: unknown; params?: Record<string, string> }

/** Method, path, body and query of one write call. */
export function endpointCall(endpoint: SaveEndpoint, { projectId, items, scenarioId }: SaveArgs): SaveCall {
  const c = SAVE_CALLS[endpoint];
  return {
    method: c.method, path: `/project/${projectId}/${c.resource}`, body: c.body(items),
    ...(c.scenario && scenarioId != null ? { params: { scenarioId: String(scenarioId) } } : {}),
  };
}

/** The endpoint that sends a save batch; an unknown kind, or a method other than its call's, is an error. */
export function saveEndpoint(req: SaveRequest): SaveEndpoint {
  const e = SAVE_ENDPOINT[req.kind];
  if (!e) throw new Error(`kind: unknown save batch '${String(req.kind)}'`);
  if (SAVE_CALLS[e].method !== req.method) throw new Error(`method: '${req.kind}' is sent as ${SAVE_CALLS[e].method}, not ${req.method}`);
  return e;
}

/** The call of one save batch. */
export function saveCall(projectId: number, req: SaveRequest): SaveCall {
  return endpointCall(saveEndpoint(req), { projectId, items: req.items, scenarioId: req.scenarioId });
}

/** The full address with query (for plain fetch clients: tests, tools). */
export function saveUrl(projectId: number, req: SaveRequest, base = '/api'): string {
  const c = saveCall(projectId, req);
  return `${base}${c.path}${c.params ? `?${new URLSearchParams(c.params)}` : ''}`;
}
