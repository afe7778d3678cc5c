// The one deck.gl factory: a catalogue entry (feature, network, wfst or highlight) plus features → deck.gl layers with
// binary attributes, opacity, zoom range, draw order and labels from the label threshold. No per-layer code.
import { PathLayer, ScatterplotLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import type { Layer } from '@deck.gl/core';
import type { LayerEntry, StyleContext } from '../types';
import { getStyle } from '../styles';
import { featureLabel } from '../styles/format';
import { notVectorLayer } from '../errors';
import { labelRule } from '../labels';
import { buildAttributes, type BinaryAttributes } from './binary';
import { anchor, parts, type LayerFeature } from './features';

export interface DeckLayerOptions {
  zoom: number;
  /** Resolved visibility and opacity (visibility.ts); default: the entry's defaults. */
  visible?: boolean;
  opacity?: number;
  /** Chosen style (one of entry.styles); default the first. */
  style?: string | null;
  ctx?: StyleContext;
  onClick?: (featureIndex: number) => void;
}

export interface DeckLayerDescriptor {
  name: string;
  drawOrder: number;
  /** Whether anything is drawn at this zoom (visible and inside the zoom range). */
  active: boolean;
  attributes: BinaryAttributes;
  layers: Layer[];
}

export function inZoomRange(entry: LayerEntry, zoom: number): boolean {
  return zoom >= entry.minZoom && zoom <= entry.maxZoom;
}

export interface LabelDatum { position: [number, number]; text: string }

/** Labels of the drawn features when the zoom reaches the entry's label threshold (default zoom 17); a network entry
 *  without a label field labels by the feature's `name` property (its display name, spec 1 §3). */
export function buildLabels(entry: LayerEntry, features: readonly LayerFeature[], attrs: BinaryAttributes, zoom: number): LabelDatum[] {
  const rule = labelRule(entry);
  if (!rule || zoom < rule.minZoom) return [];
  const field = rule.field ?? 'name';
  const out: LabelDatum[] = [];
  let last = -1;
  for (let o = 0; o < attrs.length; o++) {
    const fi = attrs.featureIndex[o];
    if (fi === last) continue; // one label per feature (first part)
    last = fi;
    const f = features[fi];
    const text = featureLabel(f.properties ?? {}, field);
    const p = parts(f, entry.geometry)[0];
    if (text && p && p.length) out.push({ position: anchor(p, entry.geometry), text });
  }
  return out;
}

export function createDeckLayers(entry: LayerEntry, features: readonly LayerFeature[], opts: DeckLayerOptions): DeckLayerDescriptor {
  if (entry.type === 'image') throw notVectorLayer(entry.name);
  const styleName = opts.style && entry.styles.includes(opts.style) ? opts.style : entry.styles[0];
  const style = getStyle(styleName);
  const active = (opts.visible ?? entry.defaultVisible) && inZoomRange(entry, opts.zoom);
  const attrs = active ? buildAttributes(features, entry.geometry, style.fn, opts.zoom, opts.ctx) : buildAttributes([], entry.geometry, style.fn, opts.zoom);
  const opacity = opts.opacity ?? entry.opacity;
  const pickable = entry.type !== 'highlight';
  const id = `${entry.name}:${styleName}`;
  const common = { opacity, visible: active, pickable, updateTriggers: { all: [styleName, opts.zoom] } };
  const onClick = opts.onClick ? (info: { index: number }) => { opts.onClick!(attrs.featureIndex[info.index]); return true; } : undefined;
  const layers: Layer[] = [];

  if (entry.geometry === 'point') {
    layers.push(new ScatterplotLayer({
      ...common, id, onClick, radiusUnits: 'pixels', stroked: false, filled: true,
      data: { length: attrs.length, attributes: {
        getPosition: { value: attrs.positions, size: 2 },
        getFillColor: { value: attrs.colors, size: 4, normalized: true },
        getRadius: { value: attrs.widths, size: 1 },
      } },
    }));
  } else {
    if (entry.geometry === 'polygon') {
      layers.push(new SolidPolygonLayer({
        ...common, id: `${id}:fill`, onClick, _normalize: false, _windingOrder: 'CCW',
        data: { length: attrs.length, startIndices: attrs.startIndices!, attributes: {
          getPolygon: { value: attrs.positions, size: 2 },
          getFillColor: { value: attrs.fillColors!, size: 4, normalized: true },
          // pre-triangulated with the holes cut (polygon-binary.ts)
          indices: { value: attrs.triangles!, size: 1 },
        } },
      }));
    }
    // outlines: one closed path per ring (outer and holes)
    const rings = entry.geometry === 'polygon' ? attrs.ringStartIndices! : attrs.startIndices!;
    layers.push(new PathLayer({
      ...common, id: entry.geometry === 'polygon' ? `${id}:outline` : id, onClick: entry.geometry === 'line' ? onClick : undefined,
      widthUnits: 'pixels', capRounded: true, jointRounded: true, _pathType: entry.geometry === 'polygon' ? 'loop' : 'open',
      data: { length: rings.length - 1, startIndices: rings, attributes: {
        getPath: { value: attrs.positions, size: 2 },
        getColor: { value: attrs.colors, size: 4, normalized: true },
        getWidth: { value: attrs.widths, size: 1 },
      } },
    }));
  }

  const labels = active ? buildLabels(entry, features, attrs, opts.zoom) : [];
  if (labels.length) {
    layers.push(new TextLayer<LabelDatum>({
      // characterSet 'auto': the glyph atlas holds the characters of the labels (the '…' of a cut label, accents);
      // deck.gl's default set is ASCII only and draws nothing for them
      id: `${id}:labels`, data: labels, opacity, visible: active, pickable: false, characterSet: 'auto', fontFamily: 'sans-serif',
      getPosition: (d) => d.position, getText: (d) => d.text, getSize: 12, sizeUnits: 'pixels',
      getColor: [20, 20, 20, 255], outlineWidth: 2, outlineColor: [255, 255, 255, 255], fontSettings: { sdf: true },
      getPixelOffset: entry.geometry === 'point' ? [0, -14] : [0, 0],
    }));
  }
  return { name: entry.name, drawOrder: entry.drawOrder, active, attributes: attrs, layers };
}

/** Flattens descriptors bottom-to-top by draw order (stable for equal orders). */
export function orderDeckLayers(descriptors: readonly DeckLayerDescriptor[]): Layer[] {
  return [...descriptors].sort((a, b) => a.drawOrder - b.drawOrder).flatMap((d) => d.layers);
}
