// Layer model (spec 3 §2–§3, §9): the shape of a catalogue entry, its enumerations, and the style contract that the
// factory and the legend share.

export const LAYER_TYPES = ['image', 'feature', 'network', 'wfst', 'highlight'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

export const CATEGORIES = [
  'Background', 'Reference', 'Network', 'As-built', 'Upload', 'UploadKlic', 'Other', 'Custom', 'CustomExternal',
  'ExternalEnexis', 'ExternalWfs',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const GROUPS = ['general', 'fttx', 'capex', 'cocon', 'geotrace', 'ghs', 'gw', 'hc', 'hqs', 'lv', 'esdl', 'water', 'external'] as const;
export type Group = (typeof GROUPS)[number];

export const GEOMETRIES = ['point', 'line', 'polygon'] as const;
export type GeometryKind = (typeof GEOMETRIES)[number];

/** Image sources: WMS (geoserver or geodata), WMTS / XYZ tiles. `proxy` sends tile requests through /api/proxy. */
export interface WmsSource {
  kind: 'wms';
  /** Base URL; `{projectId}` and `{product}` are filled in for project layers. */
  url: string;
  layers: string;
  styles?: string;
  /** Project layers get CQL_FILTER project_id plus type filter (spec 3 §7). */
  projectFilter?: boolean;
  version?: string;
  proxy?: boolean;
}
export interface TileSource {
  kind: 'wmts' | 'xyz';
  /** URL template with {z}/{x}/{y} (WMTS in REST form). */
  url: string;
  tileSize?: number;
  proxy?: boolean;
  /** The tile address is not fixed but read at run time from this call (the street-level atlas:
   * `GET /api/cyclomedia/atlas?userId` → `{atlas}`); `url` is then the placeholder `{atlas}`. */
  addressFrom?: string;
}
/** Vector loaders: project WFS (geoserver ows), geodata WFS, cocon WFS, external WFS. */
export interface WfsSource {
  kind: 'wfs';
  url: string;
  typeName: string;
  version?: string;
  /** Project feature layers: cql_filter = project_id + type filter (+ bbox). */
  projectFilter?: boolean;
}
export type LayerSource = WmsSource | TileSource | WfsSource;

/** An attribute test on a network object instance: `values` (compared as text; booleans as 'true'/'false',
 * case-insensitive), `present` (any non-blank value), or `prefix` (text starting with it, case-insensitive); `not`
 * negates. `types` limits the test to those object types (instances of the layer's other types always pass). */
export interface InstanceFilter {
  field: string;
  values?: string[];
  present?: boolean;
  prefix?: string;
  not?: boolean;
  types?: string[];
}

export interface LayerEntry {
  name: string;
  type: LayerType;
  category: Category;
  group: Group;
  geometry: GeometryKind;
  defaultVisible: boolean;
  minZoom: number;
  maxZoom: number;
  /** Absolute draw order (z-index); see draw-order.ts. */
  drawOrder: number;
  /** Property giving the label text (dotted path allowed). Network layers without one are labelled with the object's
   * display name; feature layers without one draw no labels (labels.ts). */
  labelField?: string;
  /** Labels from this zoom (spec 3 §9 thresholds); default 17 (spec 3 §2). */
  labelMinZoom?: number;
  opacity: number;
  /** Project type ids that get this layer; empty = every project type. */
  projectTypes: number[];
  /** Organisation ids that additionally get this layer; empty = no organisation restriction. */
  organisations: number[];
  attributions: string[];
  /** Network object type names (by name) whose objects feed this layer. */
  objectTypes: string[];
  /** Stored feature type filter value(s) for WFS/WMS (feature table `type`). */
  featureTypes?: string[];
  /** Network layers: which instances of `objectTypes` this layer draws (derived layers of one object type, e.g.
   * reserved trenches); absent = every instance. See filter.ts. */
  filter?: InstanceFilter;
  /** Style names offered in the style selector; the first is the default. Keys of the style registry. */
  styles: string[];
  source?: LayerSource;
  /** Only offered with a permission (e.g. 'cyclomedia.coverage'). */
  requiresPermission?: string;
}

export type Rgba = [number, number, number, number];

/** What a style function yields for one feature at one zoom; null = nothing drawn. */
export interface FeatureStyle {
  color: Rgba;
  fillColor?: Rgba;
  /** Line width in pixels or point radius in pixels. */
  width: number;
}

export type Props = Record<string, unknown>;
/** Project settings a style may read (network.dp_minimum_usage). */
export interface StyleContext { dpMinimumUsage?: number }
export type StyleFn = (props: Props, zoom: number, ctx?: StyleContext) => FeatureStyle | null;

export interface LegendItem {
  /** i18n key under `layers.` (e.g. 'legend.connect'); empty = the layer's own name. */
  label: string;
  /** Sample properties run through the style function to draw the swatch. */
  sample: Props;
}

export interface StyleDef {
  name: string;
  fn: StyleFn;
  legend: LegendItem[];
  /** false: the style reads no property of the object (a fixed style), so the map need not gather them */
  readsProps?: false;
}
