// Legend of a layer: its chosen style's legend samples run through the same style function as the map, giving the
// swatch colour, fill and width per item (spec 3 §2 legend catalogue).
import type { LayerEntry, Rgba } from './types';
import { getStyle } from './styles';

export interface LegendSwatch {
  /** i18n key under `layers.` */
  label: string;
  geometry: LayerEntry['geometry'];
  color: Rgba;
  fillColor?: Rgba;
  width: number;
}

/** Swatches at a zoom where the style draws (max of the layer's min zoom and 20). */
export function legendFor(entry: LayerEntry, styleName?: string | null, dpMinimumUsage?: number): LegendSwatch[] {
  const style = getStyle(styleName && entry.styles.includes(styleName) ? styleName : entry.styles[0]);
  const zoom = Math.max(entry.minZoom, 20);
  const out: LegendSwatch[] = [];
  for (const item of style.legend) {
    const s = style.fn(item.sample, zoom, { dpMinimumUsage });
    if (!s) continue;
    out.push({ label: item.label || `names.${entry.name}`, geometry: entry.geometry, color: s.color, fillColor: s.fillColor, width: s.width });
  }
  return out;
}
