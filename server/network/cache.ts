// Per-process cache of whole-project network reads, keyed by project, filter and the project's network_version
// (bumped in the same transaction as every network write, so any app process sees a change at once). Holds the
// JSON pages of a few recent reads, bounded in bytes.
import type { Queryable } from '../db/db';

interface Entry { version: string; pages: string[]; bytes: number }
const MAX_BYTES = Number(process.env.NETWORK_CACHE_BYTES ?? 768 * 1024 * 1024);
const entries = new Map<string, Entry>();
let total = 0;

export async function networkVersion(q: Queryable, projectId: number): Promise<string> {
  const r = await q.query<{ v: string | number }>('SELECT network_version AS v FROM project WHERE id = $1', [projectId]);
  return String(r.rows[0]?.v ?? 0);
}

export async function bumpNetworkVersion(q: Queryable, projectId: number): Promise<void> {
  await q.query('UPDATE project SET network_version = network_version + 1, updated_at = now() WHERE id = $1', [projectId]);
}

export function cached(key: string, version: string): string[] | undefined {
  const e = entries.get(key);
  if (!e || e.version !== version) return undefined;
  entries.delete(key);
  entries.set(key, e); // most recently used last
  return e.pages;
}

export function remember(key: string, version: string, pages: string[]): void {
  const bytes = pages.reduce((s, p) => s + p.length, 0);
  if (bytes > MAX_BYTES) return;
  const old = entries.get(key);
  if (old) { total -= old.bytes; entries.delete(key); }
  for (const [k, e] of entries) {
    if (total + bytes <= MAX_BYTES) break;
    entries.delete(k);
    total -= e.bytes;
  }
  entries.set(key, { version, pages, bytes });
  total += bytes;
}
