// Snapping for draw and modify: a node within tolerance wins, then the nearest point on an edge, else the raw point.
import type { Id, Position } from 'engine/types';
import type { HitIndex } from './types';

export interface Snapped { position: Position; nodeId: Id | null; edgeId: Id | null }

export function snap(index: HitIndex, p: Position, tol: number, exclude?: { nodeId?: Id; edgeId?: Id }): Snapped {
  const node = index.nodesAt(p, tol).find((n) => n.id !== exclude?.nodeId);
  if (node) return { position: [node.position[0], node.position[1]], nodeId: node.id, edgeId: null };
  const edge = index.edgesAt(p, tol).find((e) => e.id !== exclude?.edgeId);
  if (edge) return { position: [edge.hit.point[0], edge.hit.point[1]], nodeId: null, edgeId: edge.id };
  return { position: [p[0], p[1]], nodeId: null, edgeId: null };
}
