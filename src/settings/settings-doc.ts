// Pure helpers of the settings editor (spec 2 §3): settings paths as the validator writes them
// ('network.cable_types[0].fibers'), immutable writes at a path, the document Save sends (what differs from the
// template's defaults), the validator's problems by path, and the part of the settings a profile type holds.
import {
  defaultSettings, getAt, isPlainObject, PROFILE_PARTS, setAt, type ProfileType, type Settings, type SettingsProblem,
  type SettingsTemplate, type TabField,
} from 'common/settings/index';
import { deepEqual } from 'engine/equal';

export type PathKey = string | number;

/** 'network.cable_types[0].fibers' → ['network', 'cable_types', 0, 'fibers']. */
export function parsePath(path: string): PathKey[] {
  const out: PathKey[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

/** The path of a member: a row index as `[i]`, a key as `.key`. */
export const joinPath = (base: string, key: PathKey): string =>
  (typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key);

/** A copy of `doc` with `value` at `keys` (only the objects and arrays on the way are copied). */
export function updateAt(doc: unknown, keys: readonly PathKey[], value: unknown): unknown {
  if (!keys.length) return value;
  const [k, ...rest] = keys;
  if (typeof k === 'number') {
    const list = Array.isArray(doc) ? [...doc] : [];
    list[k] = updateAt(list[k], rest, value);
    return list;
  }
  const obj = isPlainObject(doc) ? { ...doc } : {};
  obj[k] = updateAt(obj[k], rest, value);
  return obj;
}

/** What `value` changes against `def`: objects (sections, groups, map entries) key by key, anything else whole. */
function diff(def: unknown, value: unknown): unknown {
  if (deepEqual(def, value)) return undefined;
  if (!isPlainObject(def) || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const d = diff(def[k], v);
    if (d !== undefined) out[k] = d;
  }
  return out;
}

/**
 * The document Save sends: only what differs from the template's defaults (the server stores it as sent and lays it
 * over the defaults on every read, so a default changed later still reaches every field the user did not change).
 * A map entry is sent with just its changed fields; tables and lists whole.
 */
export function settingsToSave(template: SettingsTemplate, draft: Settings): Settings {
  return (diff(defaultSettings(template), draft) ?? {}) as Settings;
}

/** The validator's message without the path it starts with ('must be an integer ≥ 1'). */
export const problemText = (p: SettingsProblem): string =>
  (p.path && p.message.startsWith(`${p.path} `) ? p.message.slice(p.path.length + 1) : p.message);

/** Problem texts by path (client and server problems together, each text once). */
export function problemsByPath(problems: readonly SettingsProblem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of problems) {
    const list = out.get(p.path) ?? [];
    const text = problemText(p);
    if (!list.includes(text)) list.push(text);
    out.set(p.path, list);
  }
  return out;
}

/** Whether a problem lies inside one of a tab's fields. */
export const inFields = (p: SettingsProblem, fields: readonly TabField[]): boolean =>
  fields.some((f) => p.path === f.path || p.path.startsWith(`${f.path}.`) || p.path.startsWith(`${f.path}[`));

/** The settings a profile of `type` holds, taken from `draft`: its paths, or the whole settings for mainProfile. */
export function profilePart(type: ProfileType, draft: Settings): Settings {
  const part = PROFILE_PARTS[type];
  if (part === 'all') return JSON.parse(JSON.stringify(draft)) as Settings;
  const out: Settings = {};
  for (const path of part) {
    const keys = path.split('.');
    const v = getAt(draft, keys);
    if (v !== undefined) setAt(out, keys, v);
  }
  return out;
}
