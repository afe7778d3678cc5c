// Network styling from the layer catalogue: each node/edge object type is drawn by the first offered network layer
// naming it (same geometry, no feature-type filter), coloured by that layer's chosen style function; the resolved
// layer settings give each render group its visibility, opacity, zoom range and draw order.
import { drawOrderFor, getStyle, type LayerEntry, type ResolvedLayer, type StyleContext, type StyleFn } from 'layers';
import { defaultStyle, type StyleResolver } from './network-style';

/** Zoom at which style functions are evaluated for the buffers (the layer's zoom range decides visibility). */
export const STYLE_ZOOM = 20;

export interface GroupState { visible: boolean; opacity: number; minZoom: number; maxZoom: number; drawOrder: number }

/** Render group of objects no catalogue layer claims: always drawn, default colours. */
export const UNMATCHED: GroupState = { visible: true, opacity: 1, minZoom: 0, maxZoom: 30, drawOrder: drawOrderFor('line') };

const key = (kind: 'node' | 'edge', typeName: string) => `${kind}:${typeName}`;

/** `node:type` / `edge:type` → the offered network layer drawing it: the first one naming the type without a
 * feature-type filter, else the only one naming it with a filter (cable kinds shared by four layers get none). */
export function layerByObjectType(entries: readonly LayerEntry[]): Map<string, LayerEntry> {
  const out = new Map<string, LayerEntry>();
  const filtered = new Map<string, LayerEntry[]>();
  for (const e of entries) {
    const kind = e.geometry === 'point' ? 'node' : e.geometry === 'line' ? 'edge' : null;
    if (e.type !== 'network' || !kind) continue;
    for (const t of e.objectTypes) {
      const k = key(kind, t);
      if (e.featureTypes?.length) filtered.set(k, [...(filtered.get(k) ?? []), e]);
      else if (!out.has(k)) out.set(k, e);
    }
  }
  for (const [k, list] of filtered) if (!out.has(k) && list.length === 1) out.set(k, list[0]);
  return out;
}

function chosenStyle(e: LayerEntry, resolved: ReadonlyMap<string, ResolvedLayer>): string {
  const s = resolved.get(e.name)?.style;
  return s && e.styles.includes(s) ? s : e.styles[0];
}

/** The style resolver for the chunks: catalogue style functions where a layer matches, the default otherwise. */
export function catalogueStyle(entries: readonly LayerEntry[], resolved: readonly ResolvedLayer[], ctx?: StyleContext): StyleResolver {
  const settings = new Map(resolved.map((r) => [r.layerName, r]));
  // per `kind:type`: the layer and its chosen style function, looked up once
  const byType = new Map([...layerByObjectType(entries)].map(([k, e]) => {
    let fn: StyleFn | null = null;
    try { fn = getStyle(chosenStyle(e, settings)).fn; } catch { fn = null; }
    return [k, { e, fn }] as const;
  }));
  return (kind, typeName, props) => {
    const m = typeName ? byType.get(key(kind, typeName)) : undefined;
    if (!m) return defaultStyle(kind, typeName);
    let s = null;
    try { s = m.fn ? m.fn(props ? props() : {}, STYLE_ZOOM, ctx) : null; } catch { s = null; }
    if (!s) return { ...defaultStyle(kind, typeName), group: m.e.name };
    return { color: s.color, width: s.width, group: m.e.name };
  };
}

/** Changes exactly when `catalogueStyle` would colour differently (offered network layers and their chosen styles). */
export function styleKey(entries: readonly LayerEntry[], resolved: readonly ResolvedLayer[]): string {
  const settings = new Map(resolved.map((r) => [r.layerName, r]));
  return [...new Set(layerByObjectType(entries).values())].map((e) => `${e.name}=${chosenStyle(e, settings)}`).join(',');
}

/** Visibility, opacity, zoom range and draw order per render group (catalogue layer name). */
export function groupStates(entries: readonly LayerEntry[], resolved: readonly ResolvedLayer[]): Map<string, GroupState> {
  const settings = new Map(resolved.map((r) => [r.layerName, r]));
  const out = new Map<string, GroupState>([['', UNMATCHED]]);
  for (const e of new Set(layerByObjectType(entries).values())) {
    const r = settings.get(e.name);
    out.set(e.name, { visible: r?.visible ?? e.defaultVisible, opacity: r?.opacity ?? e.opacity, minZoom: e.minZoom, maxZoom: e.maxZoom, drawOrder: e.drawOrder });
  }
  return out;
}

/** Whether a group draws at a zoom (bounds inclusive, as the catalogue's zoom ranges). */
export function groupShown(g: GroupState | undefined, zoom: number): boolean {
  const s = g ?? UNMATCHED;
  return s.visible && s.opacity > 0 && zoom >= s.minZoom && zoom <= s.maxZoom;
}
