// Network styling from the layer catalogue: each node/edge instance is drawn by every offered network layer naming its
// object type whose instance filter it passes (derived layers: reserved trenches, trenches by drilling or coverage
// type, OAP vs AP…), coloured by that layer's chosen style function; the resolved layer settings give each render
// group (one per layer) its visibility, opacity, zoom range and draw order.
import { drawOrderFor, getStyle, labelRule, matchesFilter, type LayerEntry, type Props, type ResolvedLayer, type StyleContext, type StyleFn } from 'layers';
import { featureLabel } from 'layers/styles/format';
import { defaultStyle, type ObjectStyle, type StyleResolver } from './network-style';

/** Zoom at which style functions are evaluated for the buffers (the layer's zoom range decides visibility). */
export const STYLE_ZOOM = 20;

/** A render group's settings; `labelMinZoom`: labels from this zoom (spec 3 §9 thresholds), null: no labels. */
export interface GroupState { visible: boolean; opacity: number; minZoom: number; maxZoom: number; drawOrder: number; labelMinZoom: number | null }

/** Render group of objects no catalogue layer claims: always drawn, default colours, no labels. */
export const UNMATCHED: GroupState = { visible: true, opacity: 1, minZoom: 0, maxZoom: 30, drawOrder: drawOrderFor('line'), labelMinZoom: null };

const key = (kind: 'node' | 'edge', typeName: string) => `${kind}:${typeName}`;
const NO_PROPS: Props = Object.freeze({}) as Props;

/** `node:type` / `edge:type` → every offered network layer drawing that type, in catalogue order: layers naming the
 * type (same geometry), each with its own instance filter (derived layers such as reserved trenches). A layer split
 * only by a server-side feature type (the four cable kinds, told apart by their path ends) draws the objects whose
 * `feature_type` property it lists (render/path-geometry.ts derives it for cables as the server does). */
export function layersByObjectType(entries: readonly LayerEntry[]): Map<string, LayerEntry[]> {
  const out = new Map<string, LayerEntry[]>();
  const serverSplit = new Map<string, LayerEntry[]>();
  for (const e of entries) {
    const kind = e.geometry === 'point' ? 'node' : e.geometry === 'line' ? 'edge' : null;
    if (e.type !== 'network' || !kind) continue;
    for (const t of e.objectTypes) {
      const k = key(kind, t);
      const target = e.featureTypes?.length && !e.filter ? serverSplit : out;
      target.set(k, [...(target.get(k) ?? []), e]);
    }
  }
  // split by a server-side feature type (the cable kinds): each draws the objects whose feature_type it lists
  for (const [k, list] of serverSplit) out.set(k, [...(out.get(k) ?? []), ...list]);
  return out;
}

/** Every offered network layer that draws some object type (each one is a render group). */
export function networkLayers(entries: readonly LayerEntry[]): LayerEntry[] {
  return [...new Set([...layersByObjectType(entries).values()].flat())];
}

function chosenStyle(e: LayerEntry, resolved: ReadonlyMap<string, ResolvedLayer>): string {
  const s = resolved.get(e.name)?.style;
  return s && e.styles.includes(s) ? s : e.styles[0];
}

/** The style resolver for the chunks: one style per layer drawing the object (its filter passed; an object may be in
 * several render groups), none when the type's layers all filter it out, the default for types no layer names. */
export function catalogueStyle(entries: readonly LayerEntry[], resolved: readonly ResolvedLayer[], ctx?: StyleContext): StyleResolver {
  const settings = new Map(resolved.map((r) => [r.layerName, r]));
  // per `kind:type`: the layers and their chosen style functions, looked up once
  const byType = new Map([...layersByObjectType(entries)].map(([k, list]) => [k, list.map((e) => {
    let fn: StyleFn | null = null, fixed = false;
    try { const def = getStyle(chosenStyle(e, settings)); fn = def.fn; fixed = def.readsProps === false; } catch { fn = null; }
    return { e, fn, fixed, rule: labelRule(e) };
  })] as const));
  // layers sharing a type told apart only by the server's feature type (the four cable kinds) check `feature_type`;
  // a layer that is the only one naming its type draws all of it
  const byFeature = new Set<LayerEntry>();
  for (const list of byType.values()) {
    const split = list.filter(({ e }) => e.featureTypes?.length && !e.filter);
    if (split.length > 1) for (const { e } of split) byFeature.add(e);
  }
  return (kind, typeName, props) => {
    const list = typeName ? byType.get(key(kind, typeName)) : undefined;
    if (!list) return defaultStyle(kind, typeName);
    let p: Props | undefined;
    const read = () => (p ??= props ? props() : {});
    const out: ObjectStyle[] = [];
    for (const { e, fn, fixed, rule } of list) {
      if (e.filter && !matchesFilter(e.filter, typeName, read())) continue;
      if (byFeature.has(e) && !e.featureTypes!.includes(String(read().feature_type ?? ''))) continue;
      let s = null;
      // a fixed style reads no property: the object's values are not gathered for it
      try { s = fn ? fn(fixed ? NO_PROPS : read(), STYLE_ZOOM, ctx) : null; } catch { s = null; }
      // label (layers/labels.ts): the attribute the layer names or a high-rise building name, formatted (cut at 25,
      // Ja/Nee); null: the display name, read by the chunks from the source; absent: the layer labels nothing
      const label = rule ? featureLabel(read(), rule.field) : undefined;
      // one literal of a fixed shape (spreads made three objects a style: ≈ 0.5 s of a 100 000-edge chunk build)
      const d = s ? null : (defaultStyle(kind, typeName) as ObjectStyle);
      const st: ObjectStyle = { color: s ? s.color : d!.color, width: s ? s.width : d!.width, group: e.name };
      if (label !== undefined) st.label = label;
      out.push(st);
    }
    return out;
  };
}

/** Changes exactly when `catalogueStyle` would colour differently (offered network layers, their chosen styles and
 *  the project settings styles read). */
export function styleKey(entries: readonly LayerEntry[], resolved: readonly ResolvedLayer[], ctx?: StyleContext): string {
  const settings = new Map(resolved.map((r) => [r.layerName, r]));
  return `${networkLayers(entries).map((e) => `${e.name}=${chosenStyle(e, settings)}`).join(',')}|dpMin=${ctx?.dpMinimumUsage ?? ''}`;
}

/** What styles read of the project's settings: the distribution point minimum usage (network.dp_minimum_usage, spec 3
 *  §9; absent or not a number: the style's default 75). */
export function styleContextOf(settings: unknown): StyleContext {
  const network = (settings as { network?: { dp_minimum_usage?: unknown } } | null | undefined)?.network;
  const v = Number(network?.dp_minimum_usage);
  return network?.dp_minimum_usage != null && Number.isFinite(v) ? { dpMinimumUsage: v } : {};
}

/** Visibility, opacity, zoom range and draw order per render group (catalogue layer name). */
export function groupStates(entries: readonly LayerEntry[], resolved: readonly ResolvedLayer[]): Map<string, GroupState> {
  const settings = new Map(resolved.map((r) => [r.layerName, r]));
  const out = new Map<string, GroupState>([['', UNMATCHED]]);
  for (const e of networkLayers(entries)) {
    const r = settings.get(e.name);
    out.set(e.name, {
      visible: r?.visible ?? e.defaultVisible, opacity: r?.opacity ?? e.opacity, minZoom: e.minZoom, maxZoom: e.maxZoom, drawOrder: e.drawOrder,
      labelMinZoom: labelRule(e)?.minZoom ?? null,
    });
  }
  return out;
}

/** Whether a group's labels show at a zoom: the group is drawn and the zoom reached its label threshold. */
export function labelsShown(g: GroupState | undefined, zoom: number): boolean {
  return !!g && g.labelMinZoom !== null && zoom >= g.labelMinZoom && groupShown(g, zoom);
}

/** Whether a group draws at a zoom (bounds inclusive, as the catalogue's zoom ranges). */
export function groupShown(g: GroupState | undefined, zoom: number): boolean {
  const s = g ?? UNMATCHED;
  return s.visible && s.opacity > 0 && zoom >= s.minZoom && zoom <= s.maxZoom;
}
