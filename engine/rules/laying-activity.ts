// Spec 1 §4 Side effects: "A duct of the two default project families gets a laying activity with a cost object type
// created automatically, unless attribute Existing is 'true'; when Existing becomes true the laying activity is
// deleted." §9: "Default duct families: two project families, each with duct, activity and trace object types."
import type { Id, ObjectRelationType } from '../types';
import type { Schema } from '../model';
import type { Gesture } from '../gesture';
import { attributeMatching, typeOfKind } from './object-kinds';

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

/**
 * The two default project families (spec 1 §9: each with duct, activity and trace object types): the catalogue's fibre
 * family 'fttx' and 'gzm', the two families of spec 3 §4 "Object kinds" that have all three ('zpi' is a legacy variant
 * of fibre and is left out).
 */
export const DEFAULT_DUCT_FAMILIES: readonly string[] = ['fttx', 'gzm'];

/** The activity's cost object type attribute: 'cost_object_type' in the catalogue (case and underscores ignored). */
const COST_ATTRIBUTE = /^cost_?object_?type(_?id)?$/i;
const lower = (s: string | undefined) => (s ?? '').toLowerCase();

/** Family rules derived from the schema: per family, its duct, activity and trace object types (spec 1 §9); the
 *  laying activity carries the duct's type id as its cost object type, in the activity type's cost attribute. */
export function familyRulesFromSchema(schema: Schema, families: readonly string[] = DEFAULT_DUCT_FAMILIES): FamilyRule[] {
  const out: FamilyRule[] = [];
  const types = Object.values(schema.objectTypes);
  for (const family of families) {
    const inFam = types.filter((t) => lower(t.family) === lower(family));
    const duct = typeOfKind(inFam, 'duct');
    const activity = typeOfKind(inFam, 'activity');
    const trace = typeOfKind(inFam, 'trace');
    if (!duct || !activity) continue;
    const rel: ObjectRelationType | undefined = schema.relationTypes.find((r) => r.fromObjectTypeId === activity.id && r.toObjectTypeId === duct.id);
    const cost = activity.attributeTypes?.find((a) => COST_ATTRIBUTE.test(a.name))?.name;
    out.push({ family, ductTypeId: duct.id, activityTypeId: activity.id, traceTypeId: trace?.id, relationTypeName: rel?.name,
      costObjectTypeId: duct.id, costAttributeName: cost ?? 'costObjectTypeId' });
  }
  return out;
}

const EXISTING = /^existing$/i;

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
export function ductRule(g: Gesture, created: Id[], edited: [Id, string][]): void {
  const rules = g.cfg.familyRules ?? [];
  if (!rules.length) return;
  for (const iid of created) {
    const inst = g.tx.inst(iid);
    const rule = inst && rules.find((r) => r.ductTypeId === inst.objectTypeId);
    if (!inst || !rule || attributeMatching(g, iid, EXISTING) === 'true' || layingActivities(g, rule, iid).length) continue;
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

