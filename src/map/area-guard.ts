// Area loading of large projects: the tiles a list of stored unsaved actions needs loaded before it can be applied
// again. (Which points a gesture touches — the "edit only inside the loaded area" guard — is the engine operation's
// own `touched`, checked by the editor binding.)
import type { Id, Position } from 'engine/types';
import { getInstance, getObject, type InstanceRow, type Model, type NetworkObjectRow } from 'engine/model';
import type { Action } from 'engine/actions';

/**
 * The tiles a list of stored actions needs loaded before it can be applied again (restoring unsaved edits of a large
 * project): the tiles of the network objects it creates, changes or removes, and of the objects whose instances,
 * path edges, relations or attribute values it touches. `model` is the session's model when the actions were stored.
 */
export function tilesOfActions(model: Model, actions: readonly Action[], tileOf: (p: Position) => string): string[] {
  const rows = new Map<Id, NetworkObjectRow>();
  const instObj = new Map<Id, Id>();
  for (const a of actions) {
    const r = 'after' in a && a.after ? a.after : 'before' in a ? a.before : null;
    if (!r) continue;
    if (a.code <= 2) rows.set((r as NetworkObjectRow).id, r as NetworkObjectRow);
    else if (a.code >= 6 && a.code <= 8) instObj.set((r as InstanceRow).id, (r as InstanceRow).networkObjectId);
  }
  const objectOf = (iid: Id) => instObj.get(iid) ?? getInstance(model, iid)?.networkObjectId;
  const out = new Set<string>();
  const at = (id: Id | undefined) => {
    const o = id ? rows.get(id) ?? getObject(model, id) : undefined;
    if (o?.node) out.add(tileOf(o.node.geometry.coordinates));
    else if (o?.edge) { const c = o.edge.geometry.coordinates; out.add(tileOf(c[0])); out.add(tileOf(c[c.length - 1])); }
  };
  for (const a of actions) {
    const r = ('after' in a && a.after ? a.after : 'before' in a ? a.before : null) as unknown as Record<string, Id> | null;
    if (!r) continue;
    if (a.code <= 2) at(r.id);
    else if (a.code <= 5) { at(r.edgeId); at(r.pathId); }
    else if (a.code <= 8) at(r.networkObjectId);
    else if (a.code <= 10) { at(objectOf(r.fromId)); at(objectOf(r.toId)); }
    else at(objectOf(r.objectInstanceId));
  }
  return [...out];
}
