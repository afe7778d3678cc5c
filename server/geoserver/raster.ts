// Plain TypeScript rasteriser for the project WMS: GeoJSON geometries drawn into an RGBA buffer. Each layer is drawn
// into a coverage mask first (lines as round-capped strokes, points as filled discs, polygon rings as strokes; edge
// pixels anti-aliased by distance) and the mask is then composited source-over in the layer colour, so crossings of
// one layer do not darken. Segments are clipped to the canvas before scanning, so huge features cost little.

export type Rgba = readonly [number, number, number, number];
export type Pixel = (p: number[]) => [number, number];
interface Geometry { type: string; coordinates: unknown }

export class Canvas {
  readonly data: Uint8Array;
  constructor(readonly width: number, readonly height: number, background: Rgba = [0, 0, 0, 0]) {
    this.data = new Uint8Array(width * height * 4);
    if (background[3] !== 0) {
      for (let i = 0; i < this.data.length; i += 4) this.data.set(background, i);
    }
  }

  /** Composites a coverage mask (0…1 per pixel) in `color`, source-over (straight alpha). */
  composite(mask: Float32Array, color: Rgba): void {
    const d = this.data;
    for (let i = 0; i < mask.length; i++) {
      const m = mask[i];
      if (m <= 0) continue;
      const sa = (m * color[3]) / 255;
      const o = i * 4;
      const da = d[o + 3] / 255;
      const oa = sa + da * (1 - sa);
      for (let c = 0; c < 3; c++) d[o + c] = Math.round((color[c] * sa + d[o + c] * da * (1 - sa)) / oa);
      d[o + 3] = Math.round(oa * 255);
    }
  }
}

/** Coverage mask of one layer. */
export class Mask {
  readonly m: Float32Array;
  constructor(readonly width: number, readonly height: number) { this.m = new Float32Array(width * height); }

  private put(px: number, py: number, cov: number): void {
    const i = py * this.width + px;
    if (cov > this.m[i]) this.m[i] = cov > 1 ? 1 : cov;
  }

  /** A round-capped stroke of half width r (pixels) from (x0,y0) to (x1,y1). */
  segment(x0: number, y0: number, x1: number, y1: number, r: number): void {
    const c = clip(x0, y0, x1, y1, -r - 2, -r - 2, this.width + r + 2, this.height + r + 2);
    if (!c) return;
    [x0, y0, x1, y1] = c;
    const dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy, len = Math.sqrt(len2);
    const lox = Math.min(x0, x1) - r - 1, hix = Math.max(x0, x1) + r + 1;
    const ylo = Math.max(0, Math.floor(Math.min(y0, y1) - r - 1)), yhi = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + r + 1));
    for (let py = ylo; py <= yhi; py++) {
      const cy = py + 0.5;
      let xa = lox, xb = hix;
      if (Math.abs(dy) > 1e-9) {
        const xc = x0 + ((cy - y0) * dx) / dy, half = ((r + 1) * len) / Math.abs(dy);
        xa = Math.max(xa, xc - half); xb = Math.min(xb, xc + half);
      }
      const pxa = Math.max(0, Math.floor(xa)), pxb = Math.min(this.width - 1, Math.ceil(xb));
      for (let px = pxa; px <= pxb; px++) {
        const cx = px + 0.5;
        let t = len2 > 0 ? ((cx - x0) * dx + (cy - y0) * dy) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = x0 + t * dx - cx, ey = y0 + t * dy - cy;
        const cov = r + 0.5 - Math.sqrt(ex * ex + ey * ey);
        if (cov > 0) this.put(px, py, cov);
      }
    }
  }

  /** A filled disc of radius r (pixels). */
  disc(x: number, y: number, r: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const xa = Math.max(0, Math.floor(x - r - 1)), xb = Math.min(this.width - 1, Math.ceil(x + r + 1));
    const ya = Math.max(0, Math.floor(y - r - 1)), yb = Math.min(this.height - 1, Math.ceil(y + r + 1));
    for (let py = ya; py <= yb; py++) {
      for (let px = xa; px <= xb; px++) {
        const cov = r + 0.5 - Math.hypot(px + 0.5 - x, py + 0.5 - y);
        if (cov > 0) this.put(px, py, cov);
      }
    }
  }

  polyline(coords: unknown, toPixel: Pixel, r: number): void {
    if (!Array.isArray(coords) || coords.length === 0) return;
    let prev = toPixel(coords[0] as number[]);
    if (coords.length === 1) { this.disc(prev[0], prev[1], r); return; }
    for (let i = 1; i < coords.length; i++) {
      const p = toPixel(coords[i] as number[]);
      this.segment(prev[0], prev[1], p[0], p[1], r);
      prev = p;
    }
  }
}

/** Liang–Barsky: the part of a segment inside a rectangle, or null (also for non-finite input). */
export function clip(x0: number, y0: number, x1: number, y1: number, xmin: number, ymin: number, xmax: number, ymax: number): [number, number, number, number] | null {
  if (![x0, y0, x1, y1].every(Number.isFinite)) return null;
  const dx = x1 - x0, dy = y1 - y0;
  let t0 = 0, t1 = 1;
  const edges: [number, number][] = [[-dx, x0 - xmin], [dx, xmax - x0], [-dy, y0 - ymin], [dy, ymax - y0]];
  for (const [p, q] of edges) {
    if (p === 0) { if (q < 0) return null; continue; }
    const t = q / p;
    if (p < 0) { if (t > t1) return null; if (t > t0) t0 = t; } else { if (t < t0) return null; if (t < t1) t1 = t; }
  }
  return [x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy];
}

export interface DrawStyle { lineHalfWidth: number; pointRadius: number }

/** Draws one GeoJSON geometry (the six simple kinds) into the mask. */
export function drawGeometry(mask: Mask, g: Geometry | null, toPixel: Pixel, s: DrawStyle): void {
  if (!g) return;
  const c = g.coordinates as unknown[];
  if (!Array.isArray(c)) return;
  switch (g.type) {
    case 'Point': { const p = toPixel(c as number[]); mask.disc(p[0], p[1], s.pointRadius); break; }
    case 'MultiPoint': for (const q of c) { const p = toPixel(q as number[]); mask.disc(p[0], p[1], s.pointRadius); } break;
    case 'LineString': mask.polyline(c, toPixel, s.lineHalfWidth); break;
    case 'MultiLineString': case 'Polygon': for (const l of c) mask.polyline(l, toPixel, s.lineHalfWidth); break;
    case 'MultiPolygon': for (const poly of c) for (const l of poly as unknown[]) mask.polyline(l, toPixel, s.lineHalfWidth); break;
    default: break;
  }
}
