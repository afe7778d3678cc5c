// Validator unconnected_customer_connections (Recommended): a customer connection (an instance of a customer type) on
// a node that no edge reaches. Dependents: the instance (its row: created, moved by a node merge, deleted) and the
// instances at the end nodes of an edge that was added, removed or re-pointed.
import { edgesOfNode, getInstance, getObject } from '../model';
import { failed } from './context';
import { addInstancesOn, edgeEndsChanged, endNodesOfRow } from '../dependents';
import type { Validator } from './types';

const NAME = 'unconnected_customer_connections';

export const unconnectedCustomers: Validator = {
  name: NAME,
  severity: 'Recommended',
  subjects: (ctx) => ctx.customerTypes,
  dependsOn(row, dc, out) {
    if (row.table === 'objectInstances') out.add(row.key);
    else if (row.table === 'networkObjects' && row.row.edge && edgeEndsChanged(dc, row.key)) for (const n of endNodesOfRow(row)) addInstancesOn(dc, n, out);
  },
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    if (!inst || !ctx.customerTypes.has(inst.objectTypeId) || !getObject(m, inst.networkObjectId)?.node) return [];
    return edgesOfNode(m, inst.networkObjectId).length ? [] : [failed(ctx, NAME, id, `Customer connection ${id} is not connected: no edge reaches its node.`, severity)];
  },
};
