// Spec 1 §4 Side effects: "Only one trace object per network object: the one with trace type 'BIS' is kept, otherwise
// the newer wins"; §5: removing one warns 'route overlapping'; §9: trace type value 'BIS'.
import type { Id } from '../types';
import type { Gesture } from '../gesture';
import { attributeMatching, isKind } from './object-kinds';

/** Trace type value that wins (spec 1 §9). */
export const TRACE_TYPE_BIS = 'BIS';
export const WARNING_ROUTE_OVERLAPPING = 'route overlapping';
const TRACE_TYPE = /^trace_?type$/i;

function isTraceType(g: Gesture, typeId: number): boolean {
  const rules = g.cfg.familyRules ?? [];
  if (rules.some((r) => r.traceTypeId === typeId)) return true;
  const t = g.tx.base.schema.objectTypes[typeId];
  return !!t && isKind(t, 'trace');
}

/** One trace per network object: the 'BIS' trace is kept, otherwise the newer wins; a removed trace warns. */
export function traceRule(g: Gesture, created: Id[]): void {
  for (const iid of created) {
    const inst = g.tx.inst(iid);
    if (!inst || !isTraceType(g, inst.objectTypeId)) continue;
    for (const other of [...g.tx.instancesOf(inst.networkObjectId)]) {
      if (other === iid || !g.tx.inst(other) || !isTraceType(g, g.tx.inst(other)!.objectTypeId)) continue;
      const oldBis = attributeMatching(g, other, TRACE_TYPE) === TRACE_TYPE_BIS;
      const newBis = attributeMatching(g, iid, TRACE_TYPE) === TRACE_TYPE_BIS;
      if (oldBis && !newBis) { g.deleteInstance(iid); break; }
      g.deleteInstance(other);
      g.warn(WARNING_ROUTE_OVERLAPPING);
    }
  }
}

