// Applies save requests (the calls of spec 1 §7 produced by saveRequests) to a model, as the server would: a reference
// for the server's semantics and the check that replaying merged batches onto the last saved state gives the head.
// Object instance DELETE cascades the instance's attribute values and relations.
import type { Action } from './actions';
import type { AttributeValue, Id, ObjectInstance, Relation } from './types';
import { avKey, relKey, type InstanceRow, type Model, type NetworkObjectRow, type PathEdgeRow } from './model';
import { Tx, EngineError } from './tx';
import type { SaveRequest } from './save';

export function requestActions(tx: Tx, req: SaveRequest): void {
  const route = req.path.replace(/\?.*$/, '').split('/').pop();
  const apply = (a: Action) => tx.apply(a);
  const list = req.body as unknown[];
  switch (`${req.method} ${route}`) {
    case 'POST network_object': for (const o of list as NetworkObjectRow[]) apply({ code: 0, after: o }); break;
    case 'PUT network_object': for (const o of list as NetworkObjectRow[]) apply({ code: 1, before: must(tx.obj(o.id), o.id), after: o }); break;
    case 'DELETE network_object':
      for (const id of (req.body as { networkObjectIds: Id[] }).networkObjectIds) apply({ code: 2, before: must(tx.obj(id), id) });
      break;
    case 'POST path_edge': for (const p of list as PathEdgeRow[]) apply({ code: 3, after: p }); break;
    case 'PUT path_edge': for (const p of list as PathEdgeRow[]) apply({ code: 4, before: must(tx.pathEdge(p.id), p.id), after: p }); break;
    case 'DELETE path_edge': for (const id of (req.body as { ids: Id[] }).ids) apply({ code: 5, before: must(tx.pathEdge(id), id) }); break;
    case 'POST object_instance':
      for (const i of list as ObjectInstance[]) {
        const { attributeValues, relationSources: _s, relationTargets: _t, ...row } = i;
        apply({ code: 6, after: row });
        for (const v of attributeValues ?? []) apply({ code: 11, before: null, after: v });
      }
      break;
    case 'PUT object_instance': for (const i of list as InstanceRow[]) apply({ code: 7, before: must(tx.inst(i.id), i.id), after: i }); break;
    case 'DELETE object_instance':
      for (const id of list as Id[]) {
        for (const k of [...tx.relationsFrom(id), ...tx.relationsTo(id)]) {
          const r = tx.relation(k);
          if (r) apply({ code: 10, before: r });
        }
        for (const n of tx.valueNames(id)) apply({ code: 11, before: tx.value(id, n)!, after: null });
        apply({ code: 8, before: must(tx.inst(id), id) });
      }
      break;
    case 'PATCH attribute_value':
      for (const v of list as AttributeValue[]) apply({ code: 11, before: tx.value(v.objectInstanceId, v.attributeTypeName) ?? null, after: v });
      break;
    case 'POST object_instance_relation': for (const r of list as Relation[]) apply({ code: 9, after: r }); break;
    case 'DELETE object_instance_relation':
      for (const r of (req.body as { objectInstanceRelations: Relation[] }).objectInstanceRelations) {
        if (!tx.relation(relKey(r))) throw new EngineError(`unknown relation ${relKey(r)}`, 'objectInstanceRelations');
        apply({ code: 10, before: r });
      }
      break;
    default: throw new EngineError(`unknown save request ${req.method} ${req.path}`, 'path');
  }
  void avKey;
}

function must<T>(x: T | undefined, id: Id): T {
  if (x === undefined) throw new EngineError(`unknown id ${id}`, 'id');
  return x;
}

/** Replays save requests onto a model (all or nothing). */
export function applySaveRequests(model: Model, requests: readonly SaveRequest[]): Model {
  const tx = new Tx(model);
  for (const r of requests) requestActions(tx, r);
  return tx.finish().model;
}
