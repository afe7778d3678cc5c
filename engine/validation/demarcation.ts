// Validator demarcation_containment (Required): a node or edge outside the project demarcation area (config
// `demarcation`: rings of one polygon in model coordinates, outer ring first, then holes); skipped without a polygon.
// A node is outside when its point is not inside; an edge when a vertex is not inside or a segment crosses a ring.
// Dependents: the network object itself (its geometry changed).
import type { Position } from '../types';
import { getObject } from '../model';
import { pointInPolygon, segmentsCross } from '../geometry';
import { failed, type ValidationContext } from './context';
import type { Validator } from './types';

const NAME = 'demarcation_containment';

/** Whether the line (or point) lies inside the demarcation polygon. */
export function insideDemarcation(coords: readonly Position[], ctx: ValidationContext): boolean {
  const rings = ctx.demarcation, box = ctx.demarcationBox;
  if (!rings || !box) return true;
  for (const p of coords) if (p[0] < box[0] || p[1] < box[1] || p[0] > box[2] || p[1] > box[3] || !pointInPolygon(p, rings)) return false;
  for (let i = 0; i + 1 < coords.length; i++) {
    for (const ring of rings) for (let k = 0; k + 1 < ring.length; k++) if (segmentsCross(coords[i], coords[i + 1], ring[k], ring[k + 1])) return false;
  }
  return true;
}

export const demarcationContainment: Validator = {
  name: NAME,
  severity: 'Required',
  enabled: (ctx) => ctx.demarcation !== null,
  subjects: () => 'objects',
  dependsOn(row, _dc, out) { if (row.table === 'networkObjects') out.add(row.key); },
  check(m, id, ctx, severity) {
    const o = getObject(m, id);
    const coords = o?.node ? [o.node.geometry.coordinates] : o?.edge?.geometry.coordinates;
    if (!coords || insideDemarcation(coords, ctx)) return [];
    return [failed(ctx, NAME, id, `Network object ${id} lies outside the project demarcation area.`, severity)];
  },
};
