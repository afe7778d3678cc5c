// One object instance's contribution to the cost lines: its line (object type, existing or not, trench cost class, with
// the line's unit cost), its length in whole centimetres (edge: its line; path: the sum over its path edges' edges;
// rounded per edge, so sums are exact and an incremental index equals a rebuild), and whether it is unused (takes part
// in no relation). Unit costs: trench types from the trench cost entries; others from `unitCosts` by type name, else
// ap_cost / dp_cost / oap_cost per piece for AP / DP / OAP types, else 0. Existing material (an attribute named
// Existing, any case, that is 'true') costs 0. Lengths are kept for per-metre lines on edges and paths only.
import type { Id, Position } from '../types';
import { getInstance, getObject, pathEdgeRowsOf, valuesOf, type Model, type Schema } from '../model';
import { hasRelations } from '../field-reads';
import { lineLength } from '../geometry';
import { typeIdsNamed } from '../validation/context';
import { TrenchCosts } from './trench-costs';
import { DEFAULT_CAPEX_SETTINGS, DEFAULT_TRENCH_COST, type CapexConfig, type UnitCost } from './types';

/** What a line is: everything but its sums. */
export interface LineMeta {
  id: string; name: string; objectTypeId: number; existing: boolean; cost: number;
  /** Spec 2 §5: a trench or customer-connection line without length takes its count as length. */
  countAsLength: boolean;
}

export interface Contribution { line: LineMeta; lengthCm: number; unused: boolean }

export interface CapexContext {
  schema: Schema;
  trench: ReadonlySet<number>;
  lengthFromCount: ReadonlySet<number>;
  trenchCosts: TrenchCosts;
  unitCost: (typeId: number) => UnitCost | undefined;
  lengthOf: (c: readonly Position[]) => number;
  /** Object types that get a zero line with `keepZero`. */
  configured: readonly number[];
  /** Line metas made so far, by object type, then new/existing and cost class (one object per line, no key strings). */
  metas: Map<number, Map<string, LineMeta>>;
}

const EXISTING = /^existing$/i;

export function resolveCapex(model: Model, cfg: CapexConfig = {}): CapexContext {
  const schema = cfg.schema ?? model.schema;
  const s = { ...DEFAULT_CAPEX_SETTINGS, ...cfg.settings };
  const byKind: [readonly string[], number][] = [
    [cfg.apTypes ?? ['access_point'], s.ap_cost], [cfg.dpTypes ?? ['splicebox', 'enclosure'], s.dp_cost],
    [cfg.oapTypes ?? ['oap', 'optical_access_point'], s.oap_cost],
  ];
  const trenchNames = cfg.trenchTypes ?? ['trench'];
  const trench = typeIdsNamed(schema, trenchNames);
  const units = cfg.unitCosts ?? {};
  const unitCost = (typeId: number): UnitCost | undefined => {
    const name = schema.objectTypes[typeId]?.name;
    if (name === undefined) return undefined;
    if (units[name]) return units[name];
    for (const [names, cost] of byKind) if (names.includes(name)) return { cost, per: 'piece' };
    return undefined;
  };
  const trenchUnit = [...trench].map(unitCost).find(Boolean)?.cost ?? DEFAULT_TRENCH_COST;
  const configuredNames = [...Object.keys(units), ...byKind.flatMap(([n]) => n), ...trenchNames];
  return {
    schema, trench, unitCost,
    lengthFromCount: new Set([...trench, ...typeIdsNamed(schema, cfg.customerTypes ?? ['customer_connection'])]),
    trenchCosts: new TrenchCosts(cfg.trenchCosts ?? [], trenchUnit),
    lengthOf: cfg.lengthOf ?? lineLength,
    configured: [...typeIdsNamed(schema, configuredNames)].sort((a, b) => a - b),
    metas: new Map(),
  };
}

/** The line of an object type (existing or not, with a cost class, which fixes the unit cost). */
export function lineMeta(cc: CapexContext, typeId: number, existing: boolean, cost: number, costClass = ''): LineMeta {
  let byType = cc.metas.get(typeId);
  if (!byType) cc.metas.set(typeId, (byType = new Map()));
  const key = costClass ? `${existing ? 'e' : 'n'}${costClass}` : existing ? 'e' : 'n';
  let meta = byType.get(key);
  if (!meta) byType.set(key, (meta = makeMeta(cc, typeId, existing, cost, costClass)));
  return meta;
}

function makeMeta(cc: CapexContext, typeId: number, existing: boolean, cost: number, costClass: string): LineMeta {
  const type = cc.schema.objectTypes[typeId]?.name ?? `object type ${typeId}`;
  return {
    id: `${typeId}${existing ? '-existing' : ''}${costClass ? `-${costClass}` : ''}`,
    name: `${type}${costClass ? ` (${costClass})` : ''}${existing ? ' (existing)' : ''}`,
    objectTypeId: typeId, existing, cost: existing ? 0 : cost, countAsLength: cc.lengthFromCount.has(typeId),
  };
}

const cm = (cc: CapexContext, c: readonly Position[]): number => Math.round(cc.lengthOf(c) * 100);

/** Length of a network object in whole centimetres: an edge's line, a path's edges (each rounded), a node 0. */
export function lengthCm(cc: CapexContext, m: Model, objectId: Id): number {
  const o = getObject(m, objectId);
  if (!o || o.node) return 0;
  if (o.edge) return cm(cc, o.edge.geometry.coordinates);
  let sum = 0;
  for (const pe of pathEdgeRowsOf(m, objectId)) {
    const e = getObject(m, pe.edgeId)?.edge;
    if (e) sum += cm(cc, e.geometry.coordinates);
  }
  return sum;
}

/** The contribution of one instance, or null when it does not exist. */
export function contributionOf(cc: CapexContext, m: Model, iid: Id): Contribution | null {
  const inst = getInstance(m, iid);
  if (!inst) return null;
  let existing = false;
  const values = valuesOf(m, iid);
  for (const v of values) if (EXISTING.test(v.attributeTypeName) && v.value?.trim().toLowerCase() === 'true') existing = true;
  let cost = 0, costClass = '', perMetre = true;
  if (cc.trench.has(inst.objectTypeId)) ({ cost, costClass } = cc.trenchCosts.of(values));
  else {
    const u = cc.unitCost(inst.objectTypeId);
    cost = u?.cost ?? 0;
    perMetre = u?.per !== 'piece';
  }
  return {
    line: lineMeta(cc, inst.objectTypeId, existing, cost, costClass),
    lengthCm: perMetre ? lengthCm(cc, m, inst.networkObjectId) : 0,
    unused: !hasRelations(m, iid),
  };
}
