// Settings validator (spec 2 §3): checks a (partial) settings document against a template's fields and says, per
// problem, which field is wrong and what it must be — e.g. `network.dp_capacity must be an integer ≥ 1`. Missing
// fields are fine (they take the template's defaults); unknown ones are problems (a typo would otherwise be lost).
import { group, isPlainObject, mergeOver, type Field, type GroupField, type NumberField } from './fields';

export interface SettingsProblem { path: string; message: string }

/** What a settingsProblems caller passes: the fields of a template plus its cross-field checks. */
export interface Checkable {
  fields: Record<string, Field>;
  /** Rules between fields, run on the merged (effective) settings when every field is valid on its own. */
  checks?: readonly ((merged: Record<string, unknown>) => SettingsProblem | undefined)[];
}

const fmt = (n: number) => String(n);

/** 'an integer ≥ 1', 'a number between 0 and 100' — the wording of every number message. */
export function numberRule(f: NumberField): string {
  if (f.options) return `one of ${f.options.join(', ')}${f.nullable ? ' or null' : ''}`;
  const what = f.integer ? 'an integer' : 'a number';
  const range = f.min !== undefined && f.max !== undefined ? ` between ${fmt(f.min)} and ${fmt(f.max)}`
    : f.min !== undefined ? ` ≥ ${fmt(f.min)}` : f.max !== undefined ? ` ≤ ${fmt(f.max)}` : '';
  return `${what}${range}${f.nullable ? ' or null' : ''}`;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

function check(f: Field, v: unknown, path: string, out: SettingsProblem[]): void {
  const say = (message: string, at = path) => out.push({ path: at, message: `${at} ${message}` });
  if (v === null && f.nullable) return;
  switch (f.type) {
    case 'number': {
      const ok = typeof v === 'number' && Number.isFinite(v) && (!f.integer || Number.isInteger(v))
        && (f.min === undefined || v >= f.min) && (f.max === undefined || v <= f.max) && (!f.options || f.options.includes(v));
      if (!ok) say(`must be ${numberRule(f)}`);
      return;
    }
    case 'boolean':
      if (typeof v !== 'boolean') say(`must be true or false${f.nullable ? ' or null' : ''}`);
      return;
    case 'text':
      if (typeof v !== 'string' || v.length > f.maxLength || (f.pattern !== undefined && !new RegExp(f.pattern).test(v))) {
        say(`must be a text of at most ${f.maxLength} characters${f.pattern ? ` matching ${f.pattern}` : ''}${f.nullable ? ' or null' : ''}`);
      }
      return;
    case 'enum':
      if (typeof v !== 'string' || !f.options.includes(v)) {
        say(f.options.length ? `must be one of ${f.options.join(', ')}${f.nullable ? ' or null' : ''}` : 'has no allowed values in this project type');
      }
      return;
    case 'list': {
      const min = f.minItems ?? 0;
      if (!Array.isArray(v) || v.length < min || v.length > f.maxItems) {
        say(`must be a list of ${min ? `${min} to ` : 'at most '}${f.maxItems} items`);
        return;
      }
      const seen = new Set<unknown>();
      v.forEach((x, i) => {
        check(f.item, x, `${path}[${i}]`, out);
        if (f.unique && seen.has(x)) say(`repeats ${show(x)}`, `${path}[${i}]`);
        seen.add(x);
      });
      return;
    }
    case 'table': {
      if (!Array.isArray(v) || v.length > f.maxItems) { say(`must be a list of at most ${f.maxItems} rows`); return; }
      const seen = new Set<unknown>();
      v.forEach((row, i) => {
        const at = `${path}[${i}]`;
        checkGroup(f.row, row, at, out, 'field');
        if (f.key === undefined || !isPlainObject(row)) return;
        const k = row[f.key];
        if (k === undefined) say('is required', join(at, f.key));
        else if (seen.has(k)) say(`repeats ${show(k)}`, join(at, f.key));
        seen.add(k);
      });
      return;
    }
    case 'map': {
      if (!isPlainObject(v) || Object.keys(v).length > f.maxItems) { say(`must be an object of at most ${f.maxItems} entries`); return; }
      const re = new RegExp(f.keyPattern);
      for (const [k, entry] of Object.entries(v)) {
        if (!re.test(k)) say(`has a name that does not match ${f.keyPattern}`, join(path, k));
        else checkGroup(f.value.fields, entry, join(path, k), out, 'field');
      }
      return;
    }
    case 'group':
      checkGroup(f.fields, v, path, out, 'setting');
  }
}

function checkGroup(fields: GroupField['fields'], v: unknown, path: string, out: SettingsProblem[], noun: string): void {
  if (!isPlainObject(v)) { out.push({ path, message: `${path} must be an object` }); return; }
  for (const [k, x] of Object.entries(v)) {
    const f = fields[k];
    if (!f) out.push({ path: join(path, k), message: `${join(path, k)} is not a known ${noun}` });
    else if (x !== undefined) check(f, x, join(path, k), out);
  }
}

/**
 * Every problem of `value` against the template, in document order; [] when it is valid. When each field is valid
 * on its own, the cross-field checks run on the effective settings (value laid over the template's defaults).
 */
export function settingsProblems(template: Checkable, value: unknown): SettingsProblem[] {
  const out: SettingsProblem[] = [];
  if (!isPlainObject(value)) return [{ path: '', message: 'settings must be an object' }];
  for (const [k, x] of Object.entries(value)) {
    const f = template.fields[k];
    if (!f) out.push({ path: k, message: `${k} is not a settings section of this project type` });
    else check(f, x, k, out);
  }
  if (out.length || !template.checks?.length) return out;
  const merged = mergeOver(group(template.fields), value) as Record<string, unknown>;
  for (const c of template.checks) { const p = c(merged); if (p) out.push(p); }
  return out;
}
