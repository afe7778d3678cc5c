// Labels of a network chunk (spec 3 §9): one per labelled object of the chunk's render group — points at the node,
// lines at the point halfway along them — as lng/lat offsets from the chunk origin, built with the chunk's buffers.
// The text is the one the style gave (an attribute the layer names) or else the object's display name (spec 1 §3),
// formatted by the layers' one label rule (cut at 25 with '…', Ja/Nee); objects with empty text get no label.
import type { Id, Position } from 'engine/types';
import { toLngLat } from 'engine/mercator';
import { displayValue } from 'layers/styles/format';

/** A label at an offset from the chunk origin (lng/lat degrees), drawn by a TextLayer. */
export interface ChunkLabel { position: [number, number]; text: string }

/** An object of the chunk: `label` undefined = its layer labels nothing, null = label with the display name. */
export interface LabelledObject { id: Id; coords: readonly Position[]; label?: string | null }

export function chunkLabels(objects: Iterable<LabelledObject>, [olng, olat]: readonly [number, number], displayName: (id: Id) => string): ChunkLabel[] {
  const out: ChunkLabel[] = [];
  for (const o of objects) {
    if (o.label === undefined || !o.coords.length) continue;
    const text = o.label ?? displayValue(displayName(o.id));
    if (!text) continue;
    const [lng, lat] = toLngLat(middle(o.coords));
    out.push({ position: [lng - olng, lat - olat], text });
  }
  return out;
}

/** The point halfway along a line (a point: itself). */
export function middle(c: readonly Position[]): Position {
  if (c.length < 2) return c[0];
  let total = 0;
  for (let i = 1; i < c.length; i++) total += Math.hypot(c[i][0] - c[i - 1][0], c[i][1] - c[i - 1][1]);
  let rest = total / 2;
  for (let i = 1; i < c.length; i++) {
    const d = Math.hypot(c[i][0] - c[i - 1][0], c[i][1] - c[i - 1][1]);
    if (rest <= d && d > 0) { const t = rest / d; return [c[i - 1][0] + t * (c[i][0] - c[i - 1][0]), c[i - 1][1] + t * (c[i][1] - c[i - 1][1])]; }
    rest -= d;
  }
  return c[c.length - 1];
}
