// Keys of work kept per network version (validation results, route graphs): JSON with sorted object keys (equal
// values give equal keys; maps as their entries) and its SHA-1.
import { createHash } from 'node:crypto';

export function stable(v: unknown): string {
  if (v instanceof Map) return stable([...v.entries()]);
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

export const sha1 = (s: string): string => createHash('sha1').update(s).digest('hex');
