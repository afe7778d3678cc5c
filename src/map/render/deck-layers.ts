// deck.gl layers of the map: one PathLayer and one ScatterplotLayer per network chunk (binary attributes, stable data
// objects so untouched chunks never re-upload) with its render group's visibility, opacity, zoom range and draw order
// as layer props, its labels (a TextLayer shown from the group's label threshold, spec 3 §9), plus small overlays for
// the selection and the tool sketch (its label is drawn in the DOM).
import { COORDINATE_SYSTEM, type Layer } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { Position } from 'engine/types';
import type { Extent } from '../geometry';
import { toLngLat } from 'engine/mercator';
import type { Sketch } from '../tools/types';
import type { Chunk, ChunkLabel } from './network-chunks';
import { groupShown, labelsShown, UNMATCHED, type GroupState } from './catalogue-style';

export interface OverlayInput {
  /** Selected/highlighted geometries (map units). */
  selectedLines: Position[][];
  selectedPoints: Position[];
  sketch: Sketch | null;
  /** Multiplier on network line widths (6 vs 3 around the edit resolution). */
  widthScale: number;
  /** Visible extent in map units, for chunk culling (null = all visible). */
  view: Extent | null;
  cellSize: number;
  /** Render-group states by catalogue layer name (absent: everything drawn at opacity 1). */
  groups?: ReadonlyMap<string, GroupState>;
  /** Current (spec) zoom, for the groups' zoom ranges. */
  zoom?: number;
}

function chunkVisible(c: Chunk, view: Extent | null, cellSize: number): boolean {
  if (!view) return true;
  const [cx, cy] = c.key.split('_').map(Number);
  const pad = cellSize; // edges may reach into the neighbouring cell
  const x0 = cx * cellSize - pad, y0 = cy * cellSize - pad, x1 = (cx + 1) * cellSize + pad, y1 = (cy + 1) * cellSize + pad;
  return x1 >= view[0] && x0 <= view[2] && y1 >= view[1] && y0 <= view[3];
}

/** The layers last made for a chunk, reused while the chunk (same buffers) and its props are unchanged: deck.gl then
 *  skips the layer at once (same props object) instead of diffing a new one — most chunks on every frame. */
const made = new WeakMap<Chunk, Made>();
interface Made { props: string; call: number; edges?: Layer; nodes?: Layer; labels?: Layer }
/** Calls of chunkLayers: an instance is reused only by the call right after the one that handed it to deck.gl (a
 *  layer left out of one render is finalized by deck.gl and must not come back). */
let calls = 0;
/** Chunks whose labels have been shown: their TextLayer is made the first time the zoom reaches the group's label
 *  threshold (with the chunk in view) and is kept from then on, hidden by its `visible` prop below the threshold (no
 *  rebuild when zooming); a chunk never labelled makes no TextLayer (no glyph work for labels nobody sees). */
const labelledOnce = new WeakSet<Chunk>();
const labelPosition = (d: ChunkLabel) => d.position as never;
const labelText = (d: ChunkLabel) => d.text;

export function chunkLayers(chunks: Chunk[], o: Pick<OverlayInput, 'widthScale' | 'view' | 'cellSize' | 'groups' | 'zoom'>): Layer[] {
  const lines: [number, Layer][] = [], points: [number, Layer][] = [], texts: [number, Layer][] = [];
  const call = ++calls;
  for (const c of chunks) {
    const g = o.groups?.get(c.group) ?? UNMATCHED;
    const inView = chunkVisible(c, o.view, o.cellSize);
    const visible = inView && (o.groups ? groupShown(g, o.zoom ?? 0) : true);
    // labels from the group's threshold (spec 3 §9): a layer prop, no rebuild when zooming
    const labelled = inView && labelsShown(g, o.zoom ?? 0);
    if (labelled) labelledOnce.add(c);
    const opacity = o.groups ? g.opacity : 1;
    const props = `${visible}|${labelled}|${opacity}|${o.widthScale}`;
    const prev = made.get(c);
    if (prev && prev.props === props && prev.call === call - 1) {
      prev.call = call;
      if (prev.edges) lines.push([g.drawOrder, prev.edges]);
      if (prev.nodes) points.push([g.drawOrder, prev.nodes]);
      if (prev.labels) texts.push([g.drawOrder, prev.labels]);
      continue;
    }
    const id = c.group ? `${c.key}-${c.group}` : c.key;
    const common = { coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS, coordinateOrigin: c.origin, visible, opacity, pickable: false };
    const entry: Made = { props, call };
    if (c.edges.length) {
      lines.push([g.drawOrder, entry.edges = new PathLayer({
        id: `net-edges-${id}`, ...common, data: c.edges as never, _pathType: 'open',
        widthUnits: 'pixels', widthScale: o.widthScale, widthMinPixels: 1, capRounded: true, jointRounded: true,
      })]);
    }
    if (c.nodes.length) {
      points.push([g.drawOrder, entry.nodes = new ScatterplotLayer({
        id: `net-nodes-${id}`, ...common, data: c.nodes as never, radiusUnits: 'pixels', radiusScale: o.widthScale / 3,
        stroked: true, getLineColor: [255, 255, 255, 255], lineWidthUnits: 'pixels', getLineWidth: 1,
      })]);
    }
    if (labelledOnce.has(c) && c.labels.length) {
      // system font: the glyph atlas is drawn on a canvas, nothing is fetched
      texts.push([g.drawOrder, entry.labels = new TextLayer<ChunkLabel>({
        id: `net-labels-${id}`, ...common, visible: labelled, data: c.labels, characterSet: 'auto', fontFamily: 'sans-serif',
        getPosition: labelPosition, getText: labelText, getSize: 12, sizeUnits: 'pixels',
        getColor: [20, 20, 20, 255], outlineWidth: 2, outlineColor: [255, 255, 255, 255], fontSettings: { sdf: true },
        getPixelOffset: [0, -14],
      })]);
    }
    made.set(c, entry);
  }
  // lines below points, labels on top; within each, the catalogue draw order (stable for equal orders)
  const byOrder = (a: [number, Layer], b: [number, Layer]) => a[0] - b[0];
  return [...lines.sort(byOrder), ...points.sort(byOrder), ...texts.sort(byOrder)].map(([, l]) => l);
}

const ll = (p: Position) => toLngLat(p);

export function overlayLayers(o: OverlayInput): Layer[] {
  const out: Layer[] = [];
  if (o.selectedLines.length || o.selectedPoints.length) {
    out.push(new PathLayer<Position[]>({ id: 'selection-lines', data: o.selectedLines, getPath: (d) => d.map(ll) as never, getColor: [255, 200, 0, 200], getWidth: 10, widthUnits: 'pixels' }));
    out.push(new ScatterplotLayer<Position>({ id: 'selection-points', data: o.selectedPoints, getPosition: (d) => ll(d) as never, getFillColor: [255, 200, 0, 200], getRadius: 9, radiusUnits: 'pixels' }));
  }
  const s = o.sketch;
  if (s) {
    out.push(new PathLayer<Position[]>({ id: 'sketch-lines', data: s.lines, getPath: (d) => d.map(ll) as never, getColor: [255, 120, 0, 255], getWidth: 3, widthUnits: 'pixels' }));
    out.push(new ScatterplotLayer<Position>({ id: 'sketch-points', data: s.points, getPosition: (d) => ll(d) as never, getFillColor: [255, 255, 255, 255], getLineColor: [255, 120, 0, 255], stroked: true, lineWidthUnits: 'pixels', getLineWidth: 2, getRadius: 5, radiusUnits: 'pixels' }));
  }
  return out;
}
