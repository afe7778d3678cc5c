// The loaded network as binary attribute buffers in spatial chunks (grid cells in map units). Each chunk holds typed
// arrays for one deck.gl PathLayer (edges) and one ScatterplotLayer (nodes), positions as float32 lng/lat offsets from
// the chunk origin (COORDINATE_SYSTEM.LNGLAT_OFFSETS). An edit marks only the chunks its diff touches as dirty.
import type { Id, Position } from 'engine/types';
import { toLngLat } from '../geometry';
import { defaultStyle, type StyleResolver } from './network-style';

export interface NetworkSource {
  /** Every node and edge once (build). */
  forEach(cb: (id: Id, kind: 'node' | 'edge', coords: readonly Position[], typeName: string | null) => void): void;
  /** One object by id (rebuild); undefined when deleted or not a node/edge. */
  get(id: Id): { kind: 'node' | 'edge'; coords: readonly Position[]; typeName: string | null } | undefined;
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
  key: string;
  /** lng/lat origin of the offsets. */
  origin: [number, number, number];
  /** Bumped on each rebuild (deck layers compare data by reference). */
  version: number;
  edges: BinaryPaths;
  nodes: BinaryPoints;
  /** Order of ids in the buffers (index → id), for picking by index if needed. */
  edgeIds: Id[];
  nodeIds: Id[];
}

interface Cell { key: string; cx: number; cy: number; edges: Set<Id>; nodes: Set<Id>; chunk: Chunk | null; dirty: boolean }

export class NetworkChunks {
  private cells = new Map<string, Cell>();
  private where = new Map<Id, string>();
  private versions = 0;
  cellSize: number;

  constructor(private source: NetworkSource, opts: { cellSize?: number; style?: StyleResolver } = {}) {
    this.cellSize = opts.cellSize ?? 2000;
    this.style = opts.style ?? defaultStyle;
  }
  private style: StyleResolver;

  /** Chooses a cell size giving about `perChunk` objects per chunk over the data extent. */
  static chooseCellSize(extentWidth: number, extentHeight: number, count: number, perChunk = 8000): number {
    const cells = Math.max(1, Math.ceil(count / perChunk));
    const area = Math.max(1, extentWidth) * Math.max(1, extentHeight);
    return Math.max(250, Math.sqrt(area / cells));
  }

  private cellKey(p: Position): [string, number, number] {
    const cx = Math.floor(p[0] / this.cellSize), cy = Math.floor(p[1] / this.cellSize);
    return [`${cx}_${cy}`, cx, cy];
  }

  private cell(p: Position): Cell {
    const [key, cx, cy] = this.cellKey(p);
    let c = this.cells.get(key);
    if (!c) { c = { key, cx, cy, edges: new Set(), nodes: new Set(), chunk: null, dirty: true }; this.cells.set(key, c); }
    return c;
  }

  private place(id: Id, kind: 'node' | 'edge', coords: readonly Position[]): void {
    const c = this.cell(coords[0]);
    (kind === 'node' ? c.nodes : c.edges).add(id);
    c.dirty = true;
    this.where.set(id, c.key);
  }

  private unplace(id: Id): void {
    const key = this.where.get(id);
    if (key === undefined) return;
    const c = this.cells.get(key)!;
    c.edges.delete(id); c.nodes.delete(id); c.dirty = true;
    this.where.delete(id);
  }

  /** Assigns every object to its cell and builds all buffers. */
  build(): void {
    this.cells.clear(); this.where.clear();
    this.source.forEach((id, kind, coords) => { if (coords.length) this.place(id, kind, coords); });
    this.flush();
  }

  /** Re-places the given ids (added, changed or removed) and rebuilds only their chunks. Returns the chunk keys. */
  update(ids: Iterable<Id>): string[] {
    for (const id of ids) {
      this.unplace(id);
      const o = this.source.get(id);
      if (o && o.coords.length) this.place(id, o.kind, o.coords);
    }
    return this.flush();
  }

  /** Rebuilds dirty chunks; returns their keys. */
  flush(): string[] {
    const rebuilt: string[] = [];
    for (const c of this.cells.values()) {
      if (!c.dirty) continue;
      c.dirty = false;
      if (c.edges.size === 0 && c.nodes.size === 0) { this.cells.delete(c.key); rebuilt.push(c.key); continue; }
      c.chunk = this.buildChunk(c);
      rebuilt.push(c.key);
    }
    return rebuilt;
  }

  chunks(): Chunk[] {
    const out: Chunk[] = [];
    for (const c of this.cells.values()) if (c.chunk) out.push(c.chunk);
    return out;
  }

  chunkOf(id: Id): string | undefined { return this.where.get(id); }

  private buildChunk(c: Cell): Chunk {
    const ox = (c.cx + 0.5) * this.cellSize, oy = (c.cy + 0.5) * this.cellSize;
    const [olng, olat] = toLngLat([ox, oy]);
    const edgeIds: Id[] = [], edgeCoords: (readonly Position[])[] = [], edgeTypes: (string | null)[] = [];
    let vertices = 0;
    for (const id of c.edges) {
      const o = this.source.get(id);
      if (!o || o.coords.length < 2) continue;
      edgeIds.push(id); edgeCoords.push(o.coords); edgeTypes.push(o.typeName);
      vertices += o.coords.length;
    }
    const startIndices = new Uint32Array(edgeIds.length + 1);
    const path = new Float32Array(vertices * 2), color = new Uint8Array(vertices * 4), width = new Float32Array(vertices);
    let v = 0;
    for (let i = 0; i < edgeIds.length; i++) {
      startIndices[i] = v;
      const s = this.style('edge', edgeTypes[i]);
      for (const p of edgeCoords[i]) {
        const [lng, lat] = toLngLat(p);
        path[v * 2] = lng - olng; path[v * 2 + 1] = lat - olat;
        color.set(s.color, v * 4); width[v] = s.width;
        v++;
      }
    }
    startIndices[edgeIds.length] = v;
    const nodeIds: Id[] = [];
    const nPos = new Float32Array(c.nodes.size * 2), nCol = new Uint8Array(c.nodes.size * 4), nRad = new Float32Array(c.nodes.size);
    let n = 0;
    for (const id of c.nodes) {
      const o = this.source.get(id);
      if (!o || !o.coords.length) continue;
      const [lng, lat] = toLngLat(o.coords[0]);
      const s = this.style('node', o.typeName);
      nPos[n * 2] = lng - olng; nPos[n * 2 + 1] = lat - olat; nCol.set(s.color, n * 4); nRad[n] = s.width;
      nodeIds.push(id); n++;
    }
    return {
      key: c.key, origin: [olng, olat, 0], version: ++this.versions, edgeIds, nodeIds,
      edges: { length: edgeIds.length, startIndices: startIndices.subarray(0, edgeIds.length + 1), attributes: { getPath: { value: path, size: 2 }, getColor: { value: color, size: 4 }, getWidth: { value: width, size: 1 } } },
      nodes: { length: n, attributes: { getPosition: { value: nPos.subarray(0, n * 2), size: 2 }, getFillColor: { value: nCol.subarray(0, n * 4), size: 4 }, getRadius: { value: nRad.subarray(0, n), size: 1 } } },
    };
  }
}
