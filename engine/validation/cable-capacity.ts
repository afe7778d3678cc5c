// Validator cable_capacity (Required): a cable (an instance of a cable type) whose `fibers` value is below the demand
// it serves. Served = the customer connections on the nodes the cable's path passes (start and far end of every path
// edge; for a cable on an edge its two end nodes; on a node that node) and the customer connections related to it
// directly, each once; demand = each one's `demand` value, else its type's default, else 1. A cable without a numeric
// fibers value is not checked (required_attributes reports a missing one). The catalogue has no cable → DP demand
// relation, so a feeder's DPs are not counted (choice: the smallest rule the catalogue defines).
// Dependents: the cable (row, values, relations), the cables of a path whose path edges changed, the cables over an
// edge whose end nodes changed, and the cables at the node of / related to a customer connection whose row or demand changed.
import type { Id } from '../types';
import { edgesOfNode, getInstance, getObject, instanceRowsOf, type Model } from '../model';
import { failed, isOfType, numberDefault, numberValue, shown, typeOf, type ValidationContext } from './context';
import {
  addInstancesOn, addPathInstancesOver, bothModels, eachNeighbour, edgeEndsChanged, instancesOfRow, nodesOfPath, pathsOver,
} from '../dependents';
import type { Validator } from './types';

const NAME = 'cable_capacity';
const DEMAND = 'demand';

/** The nodes the network object of a cable passes. */
function nodesOf(m: Model, objectId: Id): Id[] {
  const o = getObject(m, objectId);
  if (!o) return [];
  return o.node ? [objectId] : o.edge ? [o.edge.fromNodeId, o.edge.toNodeId] : nodesOfPath(m, objectId);
}

/** The total demand of the customer connections a cable serves. */
export function servedDemand(m: Model, cable: Id, ctx: ValidationContext): number {
  const inst = getInstance(m, cable);
  if (!inst) return 0;
  // customer connection → its object type
  const seen = new Map<Id, number>();
  for (const n of nodesOf(m, inst.networkObjectId)) {
    for (const c of instanceRowsOf(m, n)) if (ctx.customerTypes.has(c.objectTypeId)) seen.set(c.id, c.objectTypeId);
  }
  eachNeighbour(m, cable, (c) => { const t = typeOf(m, c); if (t !== undefined && ctx.customerTypes.has(t)) seen.set(c, t); });
  let sum = 0;
  for (const [c, t] of seen) sum += numberValue(m, c, DEMAND) ?? numberDefault(ctx.schema, t, DEMAND) ?? 1;
  return sum;
}

/** Adds the cables whose path (or edge) passes node `n` in model m. */
function addCablesAt(m: Model, n: Id, ctx: ValidationContext, out: Set<Id>): void {
  const add = (objectId: Id) => { for (const i of instanceRowsOf(m, objectId)) if (ctx.cableTypes.has(i.objectTypeId)) out.add(i.id); };
  add(n);
  for (const e of edgesOfNode(m, n)) {
    add(e);
    for (const p of pathsOver(m, e)) add(p);
  }
}

export const cableCapacity: Validator = {
  name: NAME,
  severity: 'Required',
  subjects: (ctx) => ctx.cableTypes,
  dependsOn(row, dc, out) {
    const { ctx } = dc;
    if (row.table === 'pathEdges') { addInstancesOn(dc, row.row.pathId, out); return; }
    if (row.table === 'networkObjects') {
      if (row.row.edge && edgeEndsChanged(dc, row.key)) { addInstancesOn(dc, row.key, out); addPathInstancesOver(dc, row.key, out); }
      return;
    }
    for (const x of instancesOfRow(row)) {
      out.add(x);
      // a customer connection's other values do not change what a cable serves: only its row and its demand do
      if (row.table === 'relations' || (row.table === 'attributeValues' && row.row.attributeTypeName !== DEMAND)) continue;
      for (const m of bothModels(dc)) {
        const inst = getInstance(m, x);
        if (!inst || !ctx.customerTypes.has(inst.objectTypeId)) continue;
        addCablesAt(m, inst.networkObjectId, ctx, out);
        eachNeighbour(m, x, (y) => { if (isOfType(m, y, ctx.cableTypes)) out.add(y); });
      }
    }
  },
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    if (!inst || !ctx.cableTypes.has(inst.objectTypeId)) return [];
    const fibers = numberValue(m, id, 'fibers');
    if (fibers === null) return [];
    const demand = servedDemand(m, id, ctx);
    return demand > fibers ? [failed(ctx, NAME, id, `Cable ${id} has ${shown(fibers)} fibres for a demand of ${shown(demand)}.`, severity)] : [];
  },
};
