// Network read answers in one order for comparison (neither the JSON nor the Arrow form promises one): objects and
// their instances by id, attribute values and relations in text order.
import type { NetworkObject } from '../../../engine/types';

export type Inst = { id: string; attributeValues?: unknown[]; relationSources?: unknown[]; relationTargets?: unknown[] };
export type Obj = NetworkObject & { objectInstances?: Inst[] };

const byText = (l?: unknown[]) => l && [...l].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));

/** The objects by id, each one's instances by id, lists in text order. */
export function sorted<T extends { id: string; objectInstances?: Inst[] }>(a: T[]): T[] {
  return [...a].sort((x, y) => (x.id < y.id ? -1 : 1)).map((o) => (o.objectInstances ? {
    ...o, objectInstances: [...o.objectInstances].sort((x, y) => (x.id < y.id ? -1 : 1)).map((i) => ({
      ...i, attributeValues: byText(i.attributeValues), relationSources: byText(i.relationSources), relationTargets: byText(i.relationTargets) })),
  } : o));
}
