// Bad-input checks of the fttx feature service (issue 12): every failure is a 400 whose message starts with the
// field, e.g. `uuids[3]: not a UUID` or `types: required`. Query lists come as `a,b` or as repeated keys.
import { HttpError } from '../auth/messages';
import { UUID_RE } from '../geoserver/stored-features';

export const MAX_ITEMS = 100_000;
export const UUID_LIKE = UUID_RE;

export const bad = (field: string, msg: string) => new HttpError(400, 'bad_request', `${field}: ${msg}`);

/** A path or body id that must be a UUID. */
export function uuidOf(v: unknown, field: string): string {
  if (typeof v !== 'string' || !UUID_RE.test(v)) throw bad(field, 'not a UUID');
  return v.toLowerCase();
}

/** A required, non-empty array of UUIDs (`uuids[3]: not a UUID`). */
export function uuidList(v: unknown, field: string, opts: { allowEmpty?: boolean } = {}): string[] {
  if (v === undefined || v === null) throw bad(field, 'required');
  if (!Array.isArray(v)) throw bad(field, 'must be an array of UUIDs');
  if (!v.length && !opts.allowEmpty) throw bad(field, 'must not be empty');
  if (v.length > MAX_ITEMS) throw bad(field, `at most ${MAX_ITEMS} items`);
  return [...new Set(v.map((x, i) => uuidOf(x, `${field}[${i}]`)))];
}

/** A query list (`types=a,b` or `types=a&types=b`); undefined when absent and not required. */
export function listParam(v: unknown, field: string, required: true): string[];
export function listParam(v: unknown, field: string, required?: boolean): string[] | undefined;
export function listParam(v: unknown, field: string, required = false): string[] | undefined {
  if (v === undefined || v === '') {
    if (required) throw bad(field, 'required');
    return undefined;
  }
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => {
    if (typeof x !== 'string') throw bad(field, 'must be text');
    return x.split(',');
  }).map((s) => s.trim()).filter(Boolean);
  if (!parts.length) throw bad(field, 'must name at least one value');
  parts.forEach((p, i) => { if (p.length > 200) throw bad(`${field}[${i}]`, 'longer than 200 characters'); });
  return [...new Set(parts)];
}

/** A finite number from the query (`x: not a number`). */
export function numberParam(v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw bad(field, 'not a number');
  return n;
}

/** A plain JSON object (`items[2].properties: must be an object`). */
export function objectOf(v: unknown, field: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad(field, 'must be an object');
  return v as Record<string, unknown>;
}

/** The request body as an object (an absent body is `{}`). */
export function bodyOf(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null || v === '') return {};
  return objectOf(v, 'body');
}
