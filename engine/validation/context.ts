// What the validators read besides the model, resolved once per configuration: settings with their defaults, the
// object type ids of the named kinds (DP, customer connection, link, cable), required and List attribute types per
// object type, the demarcation polygon with its box, and the small reads they share (an instance's type, a number value).
import type { Id, Position } from '../types';
import { getInstance, getValueText, type Model, type Schema } from '../model';
import { bboxOf } from '../geometry';
import { DEFAULT_VALIDATION_SETTINGS, type Severity, type ValidationConfig, type ValidationResult, type ValidationSettings } from './types';

export interface ValidationContext {
  schema: Schema;
  settings: ValidationSettings;
  stateId: number | null;
  demarcation: Position[][] | null;
  demarcationBox: [number, number, number, number] | null;
  dpTypes: ReadonlySet<number>;
  customerTypes: ReadonlySet<number>;
  linkTypes: ReadonlySet<number>;
  cableTypes: ReadonlySet<number>;
  /** Object type id → names of its required attribute types. */
  required: ReadonlyMap<number, readonly string[]>;
  /** Object type id → List attribute name → allowed values. */
  lists: ReadonlyMap<number, ReadonlyMap<string, ReadonlySet<string>>>;
}

export const DEFAULT_DP_TYPES = ['splicebox', 'enclosure'];
export const DEFAULT_CUSTOMER_TYPES = ['customer_connection'];
export const DEFAULT_LINK_TYPES = ['technical_path'];
export const DEFAULT_CABLE_TYPES = ['cable'];

/** Ids of the object types with one of these names (every family). */
export function typeIdsNamed(schema: Schema, names: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (const t of Object.values(schema.objectTypes)) if (names.includes(t.name)) out.add(t.id);
  return out;
}

export function resolveContext(model: Model, cfg: ValidationConfig = {}): ValidationContext {
  const schema = cfg.schema ?? model.schema;
  const required = new Map<number, string[]>();
  const lists = new Map<number, Map<string, Set<string>>>();
  for (const t of Object.values(schema.objectTypes)) {
    const req = t.attributeTypes.filter((a) => a.required).map((a) => a.name);
    if (req.length) required.set(t.id, req);
    const l = new Map<string, Set<string>>();
    for (const a of t.attributeTypes) if (a.type === 'List' && a.allowedValues) l.set(a.name, new Set(a.allowedValues));
    if (l.size) lists.set(t.id, l);
  }
  const poly = cfg.demarcation?.length ? cfg.demarcation : null;
  return {
    schema,
    settings: { ...DEFAULT_VALIDATION_SETTINGS, ...cfg.settings },
    stateId: cfg.stateId ?? null,
    demarcation: poly,
    demarcationBox: poly ? bboxOf(poly[0]) : null,
    dpTypes: typeIdsNamed(schema, cfg.dpTypes ?? DEFAULT_DP_TYPES),
    customerTypes: typeIdsNamed(schema, cfg.customerTypes ?? DEFAULT_CUSTOMER_TYPES),
    linkTypes: typeIdsNamed(schema, cfg.linkTypes ?? DEFAULT_LINK_TYPES),
    cableTypes: typeIdsNamed(schema, cfg.cableTypes ?? DEFAULT_CABLE_TYPES),
    required,
    lists,
  };
}

/** A failed result of `validator` about `objectId`. */
export function failed(ctx: ValidationContext, validator: string, objectId: Id, message: string, severity: Severity): ValidationResult {
  return { validator, objectId, message, stateId: ctx.stateId, severity, passed: false };
}

/** The object type id of an instance, or undefined when it does not exist. */
export const typeOf = (m: Model, iid: Id): number | undefined => getInstance(m, iid)?.objectTypeId;

/** Whether the instance exists in the model and is of one of the types. */
export const isOfType = (m: Model, iid: Id, types: ReadonlySet<number>): boolean => {
  const t = typeOf(m, iid);
  return t !== undefined && types.has(t);
};

/** The value of an attribute as a finite number, or null when absent, blank or not a number. */
export function numberValue(m: Model, iid: Id, name: string): number | null {
  const v = getValueText(m, iid, name);
  if (v === null || v === undefined || v.trim() === '') return null;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** The attribute's default value on the object type as a finite number, or null. */
export function numberDefault(schema: Schema, typeId: number | undefined, name: string): number | null {
  const d = typeId === undefined ? undefined : schema.objectTypes[typeId]?.attributeTypes.find((a) => a.name === name)?.defaultValue;
  const n = d === null || d === undefined || d.trim() === '' ? NaN : Number(d);
  return Number.isFinite(n) ? n : null;
}

/** A number as shown (spec 2 §9): 2 decimals when fractional. */
export const shown = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));
