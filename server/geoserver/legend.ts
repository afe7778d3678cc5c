// WMS GetLegendGraphic: one swatch per layer drawn with the same rasteriser and colour as GetMap — a disc for point
// layers, a line for line layers, a filled square with its outline for polygon layers (both for mixed geometry).
// Parameters: LAYER (required), FORMAT image/png (default), WIDTH/HEIGHT (default 20, at most 512).
import { invalid, missing } from './ows-error';
import type { Params } from './query';
import { Canvas, Mask, type Rgba } from './raster';
import type { GeometryName } from './feature-types';

export interface LegendRequest { layer: string; width: number; height: number }

const MAX_LEGEND = 512;

function side(p: Params, name: 'WIDTH' | 'HEIGHT'): number {
  const v = p.get(name.toLowerCase());
  if (v === undefined || v.trim() === '') return 20;
  if (!/^\d{1,4}$/.test(v.trim()) || Number(v) < 1 || Number(v) > MAX_LEGEND) throw invalid(name, `must be a whole number of pixels from 1 to ${MAX_LEGEND}`);
  return Number(v);
}

export function parseLegendGraphic(p: Params): LegendRequest {
  const layer = p.get('layer')?.trim();
  if (!layer) throw missing('LAYER');
  const format = p.get('format');
  if (format !== undefined && format.trim() !== '' && !/^image\/png$/i.test(format.trim())) {
    throw invalid('FORMAT', `'${format.slice(0, 40)}' is not offered; use image/png`);
  }
  return { layer, width: side(p, 'WIDTH'), height: side(p, 'HEIGHT') };
}

/** The swatch of a layer of `geometry` in `color` on a transparent canvas. */
export function legendCanvas(w: number, h: number, geometry: GeometryName, color: Rgba): Canvas {
  const canvas = new Canvas(w, h);
  const m = new Mask(w, h);
  const r = Math.max(1, Math.min(w, h) / 4);
  if (geometry === 'Point') m.disc(w / 2, h / 2, r);
  else if (geometry === 'LineString') m.segment(w * 0.15, h * 0.8, w * 0.85, h * 0.2, Math.max(1, Math.min(w, h) / 12));
  else {
    const fill = new Mask(w, h);
    for (let y = Math.floor(h * 0.2); y < Math.ceil(h * 0.8); y++) for (let x = Math.floor(w * 0.2); x < Math.ceil(w * 0.8); x++) fill.m[y * w + x] = 1;
    canvas.composite(fill.m, [color[0], color[1], color[2], Math.round(color[3] * 0.35)]);
    const [x1, y1, x2, y2] = [w * 0.2, h * 0.2, w * 0.8, h * 0.8];
    for (const [a, b, c, d] of [[x1, y1, x2, y1], [x2, y1, x2, y2], [x2, y2, x1, y2], [x1, y2, x1, y1]]) m.segment(a, b, c, d, 1);
  }
  canvas.composite(m.m, color);
  return canvas;
}
