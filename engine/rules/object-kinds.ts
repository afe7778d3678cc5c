// Object kinds the model rules look for (spec 1 §9, spec 3 §4 "Object kinds"): an object type is a duct, activity or
// trace by its name ('duct', or ending '_duct' / ' duct'; an exact name wins over a suffix, so 'duct' before
// 'inner_duct'), and an instance's attribute is found by a name pattern (catalogues spell 'trace_type' or 'traceType').
import type { Id, ObjectType } from '../types';
import type { Gesture } from '../gesture';

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

/** Whether object type `t` is of kind `kind` ('duct', 'activity', 'trace'). */
export const isKind = (t: ObjectType, kind: string): boolean => {
  const n = lower(t.name);
  return n === kind || n.endsWith(`_${kind}`) || n.endsWith(` ${kind}`);
};

/** The type of kind `kind` among `types`: the one named exactly so, else the first whose name ends with it. */
export function typeOfKind(types: readonly ObjectType[], kind: string): ObjectType | undefined {
  return types.find((t) => lower(t.name) === kind) ?? types.find((t) => isKind(t, kind));
}

/** The value of the first attribute of instance `iid` whose name matches `re`, or null. */
export function attributeMatching(g: Gesture, iid: Id, re: RegExp): string | null {
  for (const n of g.tx.valueNames(iid)) if (re.test(n)) return g.valueOf(iid, n);
  return null;
}
