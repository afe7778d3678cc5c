// Applies save requests (the batches saveRequests produces) to a model as the server applies their calls of spec 1 §7:
// a reference for the server's semantics and the check that replaying merged batches onto the last saved state gives
// the head.
// Object instance DELETE cascades the instance's attribute values and relations.
import type { Action } from './actions';
import type { AttributeValue, Id, ObjectInstance, Relation } from './types';
import { relKey, type InstanceRow, type Model, type NetworkObjectRow, type PathEdgeRow } from './model';
import { Tx, EngineError } from './tx';
import type { SaveRequest } from './save';

export function requestActions(tx: Tx, req: SaveRequest): void {
  const apply = (a: Action) => tx.apply(a);
  const list = req.items;
  switch (req.kind) {
    case 'create nodes': case 'create edges': case 'create paths':
      for (const o of list as NetworkObjectRow[]) apply({ code: 0, after: o });
      break;
    case 'edit network objects': for (const o of list as NetworkObjectRow[]) apply({ code: 1, before: must(tx.obj(o.id), o.id), after: o }); break;
    case 'delete network objects': for (const id of list as Id[]) apply({ code: 2, before: must(tx.obj(id), id) }); break;
    case 'create path edges': for (const p of list as PathEdgeRow[]) apply({ code: 3, after: p }); break;
    case 'edit path edges': for (const p of list as PathEdgeRow[]) apply({ code: 4, before: must(tx.pathEdge(p.id), p.id), after: p }); break;
    case 'delete path edges': for (const id of list as Id[]) apply({ code: 5, before: must(tx.pathEdge(id), id) }); break;
    case 'create object instances':
      for (const i of list as ObjectInstance[]) {
        const { attributeValues, relationSources: _s, relationTargets: _t, ...row } = i;
        apply({ code: 6, after: row });
        for (const v of attributeValues ?? []) apply({ code: 11, before: null, after: v });
      }
      break;
    case 'edit object instances': for (const i of list as InstanceRow[]) apply({ code: 7, before: must(tx.inst(i.id), i.id), after: i }); break;
    case 'delete object instances':
      for (const id of list as Id[]) {
        for (const k of [...tx.relationsFrom(id), ...tx.relationsTo(id)]) {
          const r = tx.relation(k);
          if (r) apply({ code: 10, before: r });
        }
        for (const n of tx.valueNames(id)) apply({ code: 11, before: tx.value(id, n)!, after: null });
        apply({ code: 8, before: must(tx.inst(id), id) });
      }
      break;
    case 'attribute values':
      for (const v of list as AttributeValue[]) apply({ code: 11, before: tx.value(v.objectInstanceId, v.attributeTypeName) ?? null, after: v });
      break;
    case 'create relations': for (const r of list as Relation[]) apply({ code: 9, after: r }); break;
    case 'delete relations':
      for (const r of list as Relation[]) {
        if (!tx.relation(relKey(r))) throw new EngineError(`unknown relation ${relKey(r)}`, 'items');
        apply({ code: 10, before: r });
      }
      break;
    default: throw new EngineError(`unknown save request ${(req as SaveRequest).kind}`, 'kind');
  }
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
