// The loaded network as binary attribute buffers in spatial chunks (grid cells in map units). Each chunk holds typed
// arrays for one deck.gl PathLayer (edges) and one ScatterplotLayer (nodes), positions as float32 lng/lat offsets from
// the chunk origin (COORDINATE_SYSTEM.LNGLAT_OFFSETS). Within a cell the objects are split by render group (the
// catalogue layer styling them) so a layer's visibility and opacity are layer props, not a rebuild; each chunk also
// carries the labels of its labelled objects (chunk-labels.ts), made when first read, rebuilt with its buffers. An edit marks only
// the cells its diff touches as dirty (and, for a renamed path, the cells of the edges whose labels show its name).
import type { Id, Position } from 'engine/types';
import type { Props } from 'layers/types';
import { toLngLat } from 'engine/mercator';
import { defaultStyle, type ObjectStyle, type StyleResolver } from './network-style';
import { chunkLabels, type ChunkLabel, type LabelledObject } from './chunk-labels';

export type { ChunkLabel } from './chunk-labels';

export interface SourceObject {
  kind: 'node' | 'edge'; coords: readonly Position[]; typeName: string | null; props?: () => Props;
  /** Every instance's type (an edge may carry a trench and a duct): the object is drawn in each matched group. */
  instances?: readonly { typeName: string | null; props: () => Props }[];
  /** A path drawn along its edges: only in the groups of catalogue layers that name its type (never by default). */
  path?: boolean;
  /** A path: the edges it runs over (their display names, hence labels, include the path's name). */
  over?: () => readonly Id[];
}

export interface NetworkSource {
  /** Every node and edge once (build), as `get` gives it. */
  forEach(cb: (id: Id, o: SourceObject) => void): void;
  /** One object by id (rebuild); undefined when deleted or not a node/edge. `props` reads its attributes lazily. */
  get(id: Id): SourceObject | undefined;
  /** The feature's display name (spec 1 §3): the label of objects whose layer names no label attribute (or whose
   *  attribute is empty). Read when the object's chunk is built. */
  labelOf(id: Id): string;
}

export interface BinaryPaths {
  length: number;
  startIndices: Uint32Array;
  attributes: { getPath: { value: Float32Array; size: 2 }; getColor: { value: Uint8Array; size: 4 }; getWidth: { value: Float32Array; size: 1 } };
}
export interface BinaryPoints {
  length: number;
  attributes: { getPosition: { value: Float32Array; size: 2 }; getFillColor: { value: Uint8Array; size: 4 }; getRadius: { value: Float32Array; size: 1 } };
}

export interface Chunk {
  /** Cell key `cx_cy` (several chunks of one cell differ by group). */
  key: string;
  /** Render group: the catalogue layer styling these objects, '' for unmatched ones. */
  group: string;
  /** lng/lat origin of the offsets. */
  origin: [number, number, number];
  /** Bumped on each rebuild (deck layers compare data by reference). */
  version: number;
  edges: BinaryPaths;
  nodes: BinaryPoints;
  /** Labels of the group's labelled objects (made on first read, kept with the buffers; empty when the layer labels
   *  nothing). */
  readonly labels: ChunkLabel[];
  /** Order of ids in the buffers (index → id), for picking by index if needed. */
  edgeIds: Id[];
  nodeIds: Id[];
}

/** A grid cell: its objects with their coordinates and styles as last computed (undefined: to compute at the next
 *  flush; null: not drawn) — a cell rebuild restyles only what changed — and its chunks. */
interface Cell { key: string; cx: number; cy: number; edges: Map<Id, Prepared | null | undefined>; nodes: Map<Id, Prepared | null | undefined>; chunks: Chunk[]; dirty: boolean }

export class NetworkChunks {
  private cells = new Map<string, Cell>();
  private where = new Map<Id, Cell>();
  /** Per path: the edges it runs over and its display name, as last read (an edge's label includes the names of the
   *  paths over it, so renaming a path, or moving it onto other edges, rebuilds the cells of those edges). */
  private paths = new Map<Id, PathLabel>();
  private versions = 0;
  /** The cell place() put the last object in (objects come in runs of one cell: no key made for those). */
  private lastCell: Cell | null = null;
  cellSize: number;

  constructor(private source: NetworkSource, opts: { cellSize?: number; style?: StyleResolver } = {}) {
    this.cellSize = opts.cellSize ?? 2000;
    this.style = opts.style ?? defaultStyle;
  }
  private style: StyleResolver;

  /** A new style resolver (another style chosen, other layers offered): every cell is rebuilt. */
  restyle(style: StyleResolver): string[] {
    this.style = style;
    for (const c of this.cells.values()) {
      c.dirty = true;
      for (const id of c.edges.keys()) c.edges.set(id, undefined);
      for (const id of c.nodes.keys()) c.nodes.set(id, undefined);
    }
    return this.flush();
  }

  /** Chooses a cell size giving about `perChunk` objects per chunk over the data extent (24 000: deck.gl sets up a
   *  layer or two per chunk and group — ≈ 0.45 → 0.3 s of the first draw at 100 000 edges against 8 000 — while an
   *  edit's cell rebuild stays ≈ 3 ms, bench:chunks). */
  static chooseCellSize(extentWidth: number, extentHeight: number, count: number, perChunk = 24000): number {
    const cells = Math.max(1, Math.ceil(count / perChunk));
    const area = Math.max(1, extentWidth) * Math.max(1, extentHeight);
    return Math.max(250, Math.sqrt(area / cells));
  }

  private cell(p: Position): Cell {
    const cx = Math.floor(p[0] / this.cellSize), cy = Math.floor(p[1] / this.cellSize);
    const last = this.lastCell;
    if (last !== null && last.cx === cx && last.cy === cy) return last; // (flush forgets it when it drops a cell)
    const key = `${cx}_${cy}`;
    let c = this.cells.get(key);
    if (!c) { c = { key, cx, cy, edges: new Map(), nodes: new Map(), chunks: [], dirty: true }; this.cells.set(key, c); }
    return (this.lastCell = c);
  }

  private place(id: Id, kind: 'node' | 'edge', coords: readonly Position[], prepared?: Prepared | null): void {
    const c = this.cell(coords[0]);
    (kind === 'node' ? c.nodes : c.edges).set(id, prepared);
    c.dirty = true;
    this.where.set(id, c);
  }

  private unplace(id: Id): void {
    const c = this.where.get(id);
    if (c === undefined) return;
    c.edges.delete(id); c.nodes.delete(id); c.dirty = true;
    this.where.delete(id);
  }

  /** Assigns every object to its cell and builds all buffers. */
  build(): void {
    this.cells.clear(); this.where.clear(); this.paths.clear(); this.lastCell = null;
    // each object is styled as the walk describes it (not read again by id: ≈ 0.3 s of lookups at 100 000 edges) and
    // kept with it in its cell
    this.source.forEach((id, o) => { if (o.coords.length) this.place(id, o.kind, o.coords, this.prepareFrom(id, o)); });
    this.flush();
  }

  /** Re-places the given ids (added, changed or removed) and rebuilds only their chunks. Returns the chunk keys. */
  update(ids: Iterable<Id>): string[] {
    for (const id of ids) {
      this.unplace(id);
      const o = this.source.get(id);
      if (o && o.coords.length) this.place(id, o.kind, o.coords);
      const before = this.paths.get(id);
      if (before || o?.path) this.pathChanged(id, before, o);
    }
    return this.flush();
  }

  /** Marks dirty the cells of the edges whose display name a path's change alters: all its edges (before and after)
   *  when its name changed, else the edges it left or joined. Cost: the path's edges, never the network. */
  private pathChanged(id: Id, before: PathLabel | undefined, o: SourceObject | undefined): void {
    const after = o?.path && o.over ? { over: o.over(), name: this.source.labelOf(id) } : undefined;
    if (after) this.paths.set(id, after); else this.paths.delete(id);
    if (!before?.name && !after?.name) return;
    const renamed = before?.name !== after?.name;
    const was = new Set(before?.over ?? []), now = new Set(after?.over ?? []);
    for (const e of was) if (renamed || !now.has(e)) this.touch(e);
    for (const e of now) if (renamed || !was.has(e)) this.touch(e);
  }

  /** Marks an object's cell dirty (rebuilt by the next flush). */
  private touch(id: Id): void {
    const c = this.where.get(id);
    if (c !== undefined) c.dirty = true;
  }

  /** Rebuilds dirty chunks; returns their keys. */
  flush(): string[] {
    const rebuilt: string[] = [];
    for (const c of this.cells.values()) {
      if (!c.dirty) continue;
      c.dirty = false;
      if (c.edges.size === 0 && c.nodes.size === 0) { this.cells.delete(c.key); if (this.lastCell === c) this.lastCell = null; rebuilt.push(c.key); continue; }
      c.chunks = this.buildChunks(c);
      rebuilt.push(c.key);
    }
    return rebuilt;
  }

  chunks(): Chunk[] {
    const out: Chunk[] = [];
    for (const c of this.cells.values()) for (const k of c.chunks) out.push(k);
    return out;
  }

  chunkOf(id: Id): string | undefined { return this.where.get(id)?.key; }

  /** One style per render group the object belongs to (every layer drawing one of its instances); unmatched types:
   * the default group; none when the layers naming its types all filter it out. */
  private stylesOf(o: SourceObject): readonly ObjectStyle[] {
    if (o.path) return asList(this.style(o.kind, o.typeName, o.props)).filter((st) => !!st.group);
    if (!o.instances || o.instances.length < 2) return asList(this.style(o.kind, o.typeName, o.props));
    const out = new Map<string, ObjectStyle>();
    let fallback: ObjectStyle | undefined;
    for (const t of o.instances) {
      for (const s of asList(this.style(o.kind, t.typeName, t.props))) {
        if (s.group) { if (!out.has(s.group)) out.set(s.group, s); } else fallback ??= s;
      }
    }
    return out.size ? [...out.values()] : fallback ? [fallback] : [];
  }

  /** The object's coordinates and styles (kept in its cell until it changes or the style does). */
  private prepareFrom(id: Id, o: SourceObject | undefined): Prepared | null {
    const p = o ? { coords: o.coords, styles: this.stylesOf(o) } : null;
    if (o?.path && o.over && !this.paths.has(id)) this.paths.set(id, { over: o.over(), name: this.source.labelOf(id) });
    return p;
  }

  private prepareIn(objects: Map<Id, Prepared | null | undefined>, id: Id): Prepared | null {
    const p = this.prepareFrom(id, this.source.get(id));
    objects.set(id, p);
    return p;
  }

  /** Builds the cell's buffers, one chunk per render group. */
  private buildChunks(c: Cell): Chunk[] {
    const ox = (c.cx + 0.5) * this.cellSize, oy = (c.cy + 0.5) * this.cellSize;
    const [olng, olat] = toLngLat([ox, oy]);
    // per group, the objects as parallel lists (no object made per object and style)
    const groups = new Map<string, { edges: Styled; nodes: Styled }>();
    const bucket = (g: string) => { let b = groups.get(g); if (!b) { b = { edges: styled(), nodes: styled() }; groups.set(g, b); } return b; };
    let lastGroup: string | null = null, last: { edges: Styled; nodes: Styled } | null = null;
    const add = (into: 'edges' | 'nodes', id: Id, coords: readonly Position[], s: ObjectStyle) => {
      const g = s.group ?? '';
      if (g !== lastGroup) { lastGroup = g; last = bucket(g); }
      const l = last![into];
      l.ids.push(id); l.coords.push(coords); l.styles.push(s);
    };
    for (const [id, p] of c.edges) {
      const o = p !== undefined ? p : this.prepareIn(c.edges, id);
      if (!o || o.coords.length < 2) continue;
      for (const s of o.styles) add('edges', id, o.coords, s);
    }
    for (const [id, p] of c.nodes) {
      const o = p !== undefined ? p : this.prepareIn(c.nodes, id);
      if (!o || !o.coords.length) continue;
      for (const s of o.styles) add('nodes', id, o.coords, s);
    }
    const out: Chunk[] = [];
    for (const [group, b] of groups) out.push(this.buffers(c.key, group, [olng, olat], b.edges, b.nodes));
    return out;
  }

  private buffers(key: string, group: string, [olng, olat]: [number, number], edges: Styled, nodes: Styled): Chunk {
    let vertices = 0;
    const ne = edges.ids.length;
    for (let i = 0; i < ne; i++) vertices += edges.coords[i].length;
    const startIndices = new Uint32Array(ne + 1);
    const path = new Float32Array(vertices * 2), color = new Uint8Array(vertices * 4), width = new Float32Array(vertices);
    let v = 0;
    for (let i = 0; i < ne; i++) {
      startIndices[i] = v;
      const st = edges.styles[i], c = st.color, w = st.width;
      for (const p of edges.coords[i]) {
        const [lng, lat] = toLngLat(p);
        path[v * 2] = lng - olng; path[v * 2 + 1] = lat - olat;
        color[v * 4] = c[0]; color[v * 4 + 1] = c[1]; color[v * 4 + 2] = c[2]; color[v * 4 + 3] = c[3]; width[v] = w;
        v++;
      }
    }
    startIndices[ne] = v;
    const n = nodes.ids.length;
    const nPos = new Float32Array(n * 2), nCol = new Uint8Array(n * 4), nRad = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const [lng, lat] = toLngLat(nodes.coords[i][0]);
      nPos[i * 2] = lng - olng; nPos[i * 2 + 1] = lat - olat; nCol.set(nodes.styles[i].color, i * 4); nRad[i] = nodes.styles[i].width;
    }
    // labels are made when first read (deck-layers.ts reads them once the group's label threshold is reached and the
    // chunk is in view): a project opened below that zoom makes none (≈ 0.4 s of the first frame at 100 000 edges);
    // until then the chunk keeps only its labelled objects (none where the group's layer labels nothing)
    let labels: ChunkLabel[] | undefined, labelled: LabelledObject[] | null = [...labelledOf(nodes), ...labelledOf(edges)];
    const source = this.source;
    return {
      key, group, origin: [olng, olat, 0], version: ++this.versions,
      get labels() {
        if (!labels) { labels = chunkLabels(labelled!, [olng, olat], (id) => source.labelOf(id)); labelled = null; }
        return labels;
      },
      edgeIds: edges.ids, nodeIds: nodes.ids,
      edges: { length: ne, startIndices, attributes: { getPath: { value: path, size: 2 }, getColor: { value: color, size: 4 }, getWidth: { value: width, size: 1 } } },
      nodes: { length: n, attributes: { getPosition: { value: nPos, size: 2 }, getFillColor: { value: nCol, size: 4 }, getRadius: { value: nRad, size: 1 } } },
    };
  }
}

const asList = (s: ObjectStyle | readonly ObjectStyle[]): readonly ObjectStyle[] => (Array.isArray(s) ? s : [s as ObjectStyle]);

/** A group's objects of one kind in a cell: id, coordinates and style of each, as parallel lists. */
interface Styled { ids: Id[]; coords: (readonly Position[])[]; styles: ObjectStyle[] }
const styled = (): Styled => ({ ids: [], coords: [], styles: [] });
/** The objects a style labels (text from it, or null: the display name). */
function labelledOf(s: Styled): LabelledObject[] {
  const out: LabelledObject[] = [];
  for (let i = 0; i < s.ids.length; i++) if (s.styles[i].label !== undefined) out.push({ id: s.ids[i], coords: s.coords[i], label: s.styles[i].label });
  return out;
}
interface Prepared { coords: readonly Position[]; styles: readonly ObjectStyle[] }
interface PathLabel { over: readonly Id[]; name: string }
