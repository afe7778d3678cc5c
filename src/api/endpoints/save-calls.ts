// The one place that turns the engine's save batches (data: kind, method, items) into the calls of spec 1 §7 and
// spec 2 §7: address (relative to the API base, e.g. /project/1/network_object), body and query. Pure (no React), so
// the app's RTK Query endpoint, the server contract tests and the browser test helpers share it.
import type { SaveKind, SaveRequest } from 'engine/save';

export interface SaveCall { method: SaveRequest['method']; path: string; body: unknown; params?: Record<string, string> }

/** The resource each kind writes (path under /project/{id}) and how its items travel in the body. */
const CALLS: Record<SaveKind, { resource: string; body: (items: unknown[]) => unknown }> = {
  'create nodes': { resource: 'network_object', body: (l) => l },
  'create edges': { resource: 'network_object', body: (l) => l },
  'create paths': { resource: 'network_object', body: (l) => l },
  'create path edges': { resource: 'path_edge', body: (l) => l },
  'create object instances': { resource: 'object_instance', body: (l) => l },
  'create relations': { resource: 'object_instance_relation', body: (l) => l },
  'edit network objects': { resource: 'network_object', body: (l) => l },
  'edit path edges': { resource: 'path_edge', body: (l) => l },
  'edit object instances': { resource: 'object_instance', body: (l) => l },
  'attribute values': { resource: 'attribute_value', body: (l) => l },
  'delete relations': { resource: 'object_instance_relation', body: (l) => ({ objectInstanceRelations: l }) },
  'delete object instances': { resource: 'object_instance', body: (l) => l },
  'delete path edges': { resource: 'path_edge', body: (l) => ({ ids: l }) },
  'delete network objects': { resource: 'network_object', body: (l) => ({ networkObjectIds: l }) },
};

/** Which cached data a kind changes (RTK Query tags). */
export const SAVE_TAGS: Record<string, 'NetworkObject' | 'PathEdge' | 'ObjectInstance' | 'Relation' | 'AttributeValue'> = {
  network_object: 'NetworkObject', path_edge: 'PathEdge', object_instance: 'ObjectInstance',
  object_instance_relation: 'Relation', attribute_value: 'AttributeValue',
};

export function saveCall(projectId: number, req: SaveRequest): SaveCall {
  const c = CALLS[req.kind];
  if (!c) throw new Error(`kind: unknown save batch '${String(req.kind)}'`);
  return {
    method: req.method, path: `/project/${projectId}/${c.resource}`, body: c.body(req.items),
    ...(req.scenarioId != null ? { params: { scenarioId: String(req.scenarioId) } } : {}),
  };
}

/** The tag a save batch invalidates. */
export const saveTag = (req: SaveRequest) => SAVE_TAGS[CALLS[req.kind].resource];

/** The full address with query (for plain fetch clients: tests, tools). */
export function saveUrl(projectId: number, req: SaveRequest, base = '/api'): string {
  const c = saveCall(projectId, req);
  return `${base}${c.path}${c.params ? `?${new URLSearchParams(c.params)}` : ''}`;
}
