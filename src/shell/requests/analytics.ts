// Request analytics hook: listeners see every API call (method, url, status, duration) unless the call carries the
// analytics bypass header. The app registers none by default; a tracking integration plugs in here.
export interface RequestEvent { method: string; url: string; status: number | string; durationMs: number }
type Listener = (e: RequestEvent) => void;
const listeners = new Set<Listener>();

export function onRequestAnalytics(l: Listener): () => void { listeners.add(l); return () => { listeners.delete(l); }; }
export function recordRequest(e: RequestEvent): void { for (const l of listeners) l(e); }
