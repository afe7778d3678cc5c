// The postMessage protocol between the map and the street-level viewer frame (spec 3 §2; README.md in this folder):
// the messages each side sends and a strict reader of the frame's messages (anything else is dropped).

/** Parent (map) → frame. */
export type ParentMessage =
  | { type: 'init'; apiKey: string; username: string; password: string; srs: string }
  | { type: 'open'; lng: number; lat: number }
  | { type: 'features'; features: GeoJsonFeatureCollection };

/** Frame → parent. `status` is the HTTP status of the viewer's failed call when it has one (401/403 → 'Not authorized'). */
export type FrameMessage =
  | { type: 'ready' }
  | { type: 'opened'; lng: number; lat: number }
  | { type: 'open_failed'; status?: number; message?: string }
  | { type: 'init_failed'; status?: number; message?: string }
  | { type: 'orientation'; yaw: number; hFov: number; lng: number; lat: number };

export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; id: string | number; geometry: { type: 'Point' | 'LineString'; coordinates: unknown }; properties: Record<string, unknown> }[];
}

/** The spatial reference handed to the viewer with init: the map's coordinates are sent as WGS84 lng/lat. */
export const VIEWER_SRS = 'EPSG:4326';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optStatus = (v: unknown): number | undefined => (finite(v) ? v : undefined);
const optText = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, 500) : undefined);

/** Reads one frame message; null for anything that is not a well-formed frame → parent message. */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  switch (d.type) {
    case 'ready': return { type: 'ready' };
    case 'opened': return finite(d.lng) && finite(d.lat) ? { type: 'opened', lng: d.lng, lat: d.lat } : null;
    case 'open_failed':
    case 'init_failed': return { type: d.type, status: optStatus(d.status), message: optText(d.message) };
    case 'orientation':
      return finite(d.yaw) && finite(d.hFov) && finite(d.lng) && finite(d.lat)
        ? { type: 'orientation', yaw: d.yaw, hFov: d.hFov, lng: d.lng, lat: d.lat } : null;
    default: return null;
  }
}
