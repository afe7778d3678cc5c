// Model rules run at the end of each gesture (spec 1 §4 Side effects, §5, §9): the duct laying-activity rule, one
// trace object per network object ('BIS' kept, else the newer; 'route overlapping'), paths without path edges and
// empty orphaned network objects deleted. They look only at what the gesture touched — never the whole network.
import type { Id, ObjectRelationType, ObjectType } from './types';
import type { Schema } from './model';
import type { Gesture } from './gesture';

/** Trace type value that wins (spec 1 §9). */
export const TRACE_TYPE_BIS = 'BIS';
export const WARNING_ROUTE_OVERLAPPING = 'route overlapping';

export interface FamilyRule {
  family: string;
  ductTypeId: number;
  activityTypeId: number;
  traceTypeId?: number;
  /** Relation type linking the activity to the duct it lays (activity contains duct). */
  relationTypeName?: string;
  /** The cost object type the laying activity carries (attribute costAttributeName); default the duct type. */
  costObjectTypeId?: number;
  costAttributeName?: string;
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase();
const isName = (t: ObjectType, n: string) => lower(t.name) === n || lower(t.name).endsWith(`_${n}`) || lower(t.name).endsWith(` ${n}`);

/**
 * The two default project families (spec 1 §9: each with duct, activity and trace object types): the catalogue's fibre
 * family 'fttx' and 'gzm', the two families of spec 3 §4 "Object kinds" that have all three ('zpi' is a legacy variant
 * of fibre and is left out).
 */
export const DEFAULT_DUCT_FAMILIES: readonly string[] = ['fttx', 'gzm'];

const COST_ATTRIBUTE = /^cost_?object_?type(_?id)?$/i;

/** Family rules derived from the schema: per family, its duct, activity and trace object types (spec 1 §9); the
 *  laying activity carries the duct's type id as its cost object type, in the activity type's cost attribute. */
export function familyRulesFromSchema(schema: Schema, families: readonly string[] = DEFAULT_DUCT_FAMILIES): FamilyRule[] {
  const out: FamilyRule[] = [];
  const types = Object.values(schema.objectTypes);
  for (const family of families) {
    const inFam = types.filter((t) => t.family === family);
    const duct = inFam.find((t) => isName(t, 'duct'));
    const activity = inFam.find((t) => isName(t, 'activity'));
    const trace = inFam.find((t) => isName(t, 'trace'));
    if (!duct || !activity) continue;
    const rel: ObjectRelationType | undefined = schema.relationTypes.find((r) => r.fromObjectTypeId === activity.id && r.toObjectTypeId === duct.id);
    const cost = activity.attributeTypes?.find((a) => COST_ATTRIBUTE.test(a.name))?.name;
    out.push({ family, ductTypeId: duct.id, activityTypeId: activity.id, traceTypeId: trace?.id, relationTypeName: rel?.name,
      costObjectTypeId: duct.id, costAttributeName: cost ?? 'costObjectTypeId' });
  }
  return out;
}

const attr = (g: Gesture, iid: Id, re: RegExp): string | null => {
  for (const n of g.tx.valueNames(iid)) if (re.test(n)) return g.valueOf(iid, n);
  return null;
};
const EXISTING = /^existing$/i;
const TRACE_TYPE = /^trace_?type$/i;

function layingActivities(g: Gesture, rule: FamilyRule, ductId: Id): Id[] {
  const out: Id[] = [];
  for (const k of g.tx.relationsTo(ductId)) {
    const r = g.tx.relation(k)!;
    if (g.tx.inst(r.fromId)?.objectTypeId === rule.activityTypeId) out.push(r.fromId);
  }
  if (!rule.relationTypeName) {
    const duct = g.tx.inst(ductId);
    if (duct) for (const iid of g.tx.instancesOf(duct.networkObjectId)) if (g.tx.inst(iid)!.objectTypeId === rule.activityTypeId) out.push(iid);
  }
  return out;
}

/** Duct rule: a new duct gets its laying activity unless Existing is 'true'; Existing becoming 'true' deletes it. */
function ductRule(g: Gesture, created: Id[], edited: [Id, string][]): void {
  const rules = g.cfg.familyRules ?? [];
  if (!rules.length) return;
  for (const iid of created) {
    const inst = g.tx.inst(iid);
    const rule = inst && rules.find((r) => r.ductTypeId === inst.objectTypeId);
    if (!inst || !rule || attr(g, iid, EXISTING) === 'true' || layingActivities(g, rule, iid).length) continue;
    const act = g.createInstance(inst.networkObjectId, rule.activityTypeId, { [rule.costAttributeName ?? 'costObjectTypeId']: String(rule.costObjectTypeId ?? rule.ductTypeId) });
    if (rule.relationTypeName) g.createRelation({ fromId: act, toId: iid, objectRelationTypeName: rule.relationTypeName });
  }
  for (const [iid, name] of edited) {
    if (!EXISTING.test(name)) continue;
    const inst = g.tx.inst(iid);
    const rule = inst && rules.find((r) => r.ductTypeId === inst.objectTypeId);
    if (!inst || !rule || g.valueOf(iid, name) !== 'true') continue;
    for (const act of layingActivities(g, rule, iid)) g.deleteInstance(act);
  }
}

function isTraceType(g: Gesture, typeId: number): boolean {
  const rules = g.cfg.familyRules ?? [];
  if (rules.some((r) => r.traceTypeId === typeId)) return true;
  const t = g.tx.base.schema.objectTypes[typeId];
  return !!t && isName(t, 'trace');
}

/** One trace per network object: the 'BIS' trace is kept, otherwise the newer wins; a removed trace warns. */
function traceRule(g: Gesture, created: Id[]): void {
  for (const iid of created) {
    const inst = g.tx.inst(iid);
    if (!inst || !isTraceType(g, inst.objectTypeId)) continue;
    for (const other of [...g.tx.instancesOf(inst.networkObjectId)]) {
      if (other === iid || !g.tx.inst(other) || !isTraceType(g, g.tx.inst(other)!.objectTypeId)) continue;
      const oldBis = attr(g, other, TRACE_TYPE) === TRACE_TYPE_BIS;
      const newBis = attr(g, iid, TRACE_TYPE) === TRACE_TYPE_BIS;
      if (oldBis && !newBis) { g.deleteInstance(iid); break; }
      g.deleteInstance(other);
      g.warn(WARNING_ROUTE_OVERLAPPING);
    }
  }
}

/** Paths without path edges, then empty orphaned network objects (repeated while deleting frees more). */
function cleanup(g: Gesture): void {
  for (const pid of g.paths) {
    const p = g.obj(pid);
    if (p && !p.node && !p.edge && g.tx.pathEdgesOf(pid).length === 0) g.deleteObject(pid);
  }
  for (let guard = 0; g.lost.size && guard < 10; guard++) {
    const ids = [...g.lost];
    g.lost.clear();
    for (const id of ids) {
      const o = g.obj(id);
      if (!o || g.tx.instancesOf(id).length) continue;
      if (o.node && g.tx.edgesOf(id).length === 0) g.deleteObject(id);
      else if (o.edge && g.tx.pathEdgesOver(id).length === 0) g.deleteObject(id);
      else if (!o.node && !o.edge && g.tx.pathEdgesOf(id).length === 0) g.deleteObject(id);
    }
  }
}

export function runRules(g: Gesture): void {
  const created = g.createdInstances.splice(0);
  const edited = g.editedValues.splice(0);
  ductRule(g, created, edited);
  traceRule(g, created);
  cleanup(g);
}

export type { Schema };
