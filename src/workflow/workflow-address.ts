// The workflow address (spec 1 §2, spec 2 §2): /workflow/{projectId}/{project type key}/{step} with the settings as a
// URI-encoded JSON fragment, and the short form /workflow/{projectId}/{step}. The fragment is read back here; a map
// view fragment (zoom;x;y) is not settings and reads as none.

export function workflowAddress(projectId: number, typeKey: string, step: number, settings?: Record<string, unknown> | null): string {
  const fragment = settings && Object.keys(settings).length ? `#${encodeURIComponent(JSON.stringify(settings))}` : '';
  return `/workflow/${projectId}/${encodeURIComponent(typeKey)}/${step}${fragment}`;
}

/** The settings object of a workflow fragment ('#%7B…%7D' or '#{…}'), or null when the fragment holds none. */
export function settingsOfFragment(hash: string): Record<string, unknown> | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let text: string;
  try { text = decodeURIComponent(raw); } catch { return null; }
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A route segment that is a project id or step number (a non-negative integer written plainly). */
export function idOfSegment(s: string | undefined, min = 0): number | undefined {
  if (!s || !/^\d{1,10}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= min && n <= 2147483647 ? n : undefined;
}
