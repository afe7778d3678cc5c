// Field metadata of the project settings templates (spec 2 §3): what a generic typed editor needs (type, unit,
// min/max, enum options, table columns) and the default of every field. Constructors keep the templates short;
// `defaultsOf` builds a default value from a field and `mergeOver` lays stored settings over a template's defaults.
// Pure data and functions, shared by the server and the web app.

export type Unit = '€' | '€/m' | 'm' | 'mm' | '%' | '°C' | '°' | 'kVA' | 'A' | 'W/m' | 'W/(m·K)' | 'm³/h' | 'm/s' | 'kPa' | 'floors' | 'items';

interface Base {
  /** Text for the editor (English; the app may translate by the field's path instead). */
  label?: string;
  /** null is accepted (and means "not set"). */
  nullable?: boolean;
}
export interface NumberField extends Base {
  type: 'number'; integer?: boolean; min?: number; max?: number; unit?: Unit;
  /** The only values allowed (a select in the editor), e.g. the fibre counts. */
  options?: readonly number[];
  default: number | null;
}
export interface BooleanField extends Base { type: 'boolean'; default: boolean }
export interface TextField extends Base { type: 'text'; maxLength: number; pattern?: string; default: string | null }
export interface EnumField extends Base { type: 'enum'; options: readonly string[]; default: string | null }
/** A list of scalars (numbers, texts or enum values): a multi-select or chip list in the editor. */
export interface ListField extends Base {
  type: 'list'; item: NumberField | TextField | EnumField; unique?: boolean; minItems?: number; maxItems: number; default: unknown[];
}
/** A list of rows: a table in the editor. `key` names the column whose values must differ between rows. */
export interface TableField extends Base {
  type: 'table'; row: Record<string, Field>; key?: string; maxItems: number; default: Record<string, unknown>[];
}
/** Named entries of one shape (e.g. trench costs by cost type): a table with the key as its first column. */
export interface MapField extends Base {
  type: 'map'; keyPattern: string; value: GroupField; maxItems: number; default: Record<string, Record<string, unknown>>;
}
/** A fixed set of named fields (a section or a nested block). */
export interface GroupField extends Base { type: 'group'; fields: Record<string, Field> }

export type Field = NumberField | BooleanField | TextField | EnumField | ListField | TableField | MapField | GroupField;
export type Settings = Record<string, unknown>;

type Opt<T> = Omit<T, 'type' | 'default'>;

export const num = (def: number | null, o: Opt<NumberField> = {}): NumberField => ({ type: 'number', default: def, ...o });
export const int = (def: number | null, o: Opt<NumberField> = {}): NumberField => ({ type: 'number', integer: true, default: def, ...o });
export const bool = (def: boolean, o: Opt<BooleanField> = {}): BooleanField => ({ type: 'boolean', default: def, ...o });
export const text = (def: string | null, o: Partial<Opt<TextField>> = {}): TextField => ({ type: 'text', maxLength: 200, default: def, ...o });
export const oneOf = (options: readonly string[], def: string | null, o: Opt<Omit<EnumField, 'options'>> = {}): EnumField =>
  ({ type: 'enum', options, default: def, ...o });
export const list = (item: ListField['item'], def: unknown[], o: Partial<Opt<Omit<ListField, 'item'>>> = {}): ListField =>
  ({ type: 'list', item, maxItems: 1000, default: def, ...o });
export const table = (row: Record<string, Field>, def: Record<string, unknown>[], o: Partial<Opt<Omit<TableField, 'row'>>> = {}): TableField =>
  ({ type: 'table', row, maxItems: 1000, default: def, ...o });
export const group = (fields: Record<string, Field>, o: Base = {}): GroupField => ({ type: 'group', fields, ...o });
export const entries = (value: GroupField, def: MapField['default'], o: Partial<Opt<Omit<MapField, 'value'>>> = {}): MapField =>
  ({ type: 'map', keyPattern: '^[a-z][a-z0-9_]{0,99}$', value, maxItems: 200, default: def, ...o });

const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The default value of a field (a fresh copy; table rows and map entries completed with their columns' defaults). */
export function defaultsOf(f: Field): unknown {
  switch (f.type) {
    case 'group': return Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, defaultsOf(sub)]));
    case 'table': return mergeOver(f, f.default);
    case 'map': return mergeOver(f, {});
    default: return clone(f.default);
  }
}

/** A new table row with every column at its default (for an editor's "add row"). */
export const defaultRow = (t: TableField): Record<string, unknown> => defaultsOf(group(t.row)) as Record<string, unknown>;

/**
 * `stored` laid over the field's defaults: groups merge key by key (keys the field does not know are dropped), map
 * entries merge by name over the default entries, table rows keep their order with missing columns defaulted, and
 * any other stored value (even one of the wrong type: that is for the validator to say) replaces the default.
 */
export function mergeOver(f: Field, stored: unknown): unknown {
  if (stored === undefined) return defaultsOf(f);
  if (f.type === 'group') {
    if (!isPlainObject(stored)) return defaultsOf(f);
    return Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, mergeOver(sub, stored[k])]));
  }
  if (f.type === 'map') {
    if (!isPlainObject(stored)) return mergeOver(f, {});
    const out: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(f.default), ...Object.keys(stored)])) {
      out[k] = mergeOver(f.value, stored[k] === undefined ? f.default[k] : isPlainObject(stored[k]) ? { ...f.default[k], ...stored[k] } : stored[k]);
    }
    return out;
  }
  if (f.type === 'table' && Array.isArray(stored)) {
    return stored.map((r) => (isPlainObject(r) ? { ...defaultRow(f), ...r } : clone(r)));
  }
  return clone(stored);
}

/** Writes `value` at a dotted path inside `target` (creating groups on the way); returns target. */
export function setAt(target: Settings, path: readonly string[], value: unknown): Settings {
  let node = target;
  for (const k of path.slice(0, -1)) {
    if (!isPlainObject(node[k])) node[k] = {};
    node = node[k] as Settings;
  }
  node[path[path.length - 1]] = clone(value);
  return target;
}

/** The value at a dotted path, or undefined. */
export function getAt(source: unknown, path: readonly string[]): unknown {
  let node = source;
  for (const k of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[k];
  }
  return node;
}

/** The field at a dotted path inside a group (sections, then nested groups), or undefined. */
export function fieldAt(root: GroupField, path: readonly string[]): Field | undefined {
  let f: Field | undefined = root;
  for (const k of path) f = f?.type === 'group' ? f.fields[k] : undefined;
  return f;
}
