// Generator of realistic test networks (benchmarks, seeding): a street grid of trenches with junction nodes, taps and
// house drops (ducts), and cables as paths along the streets. Deterministic; output in flat wire lists.
import type { AttributeValue, NetworkObject, ObjectInstance, ObjectType, PathEdge, Position } from './types';
import type { ModelInput } from './model';

export const GENERATED_TYPES: ObjectType[] = [
  { id: 101, name: 'trench', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'depth', type: 'Float', defaultValue: '0.6' }] },
  { id: 102, name: 'duct', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'Existing', type: 'Boolean', defaultValue: 'false' }] },
  { id: 103, name: 'activity', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'costObjectTypeId', type: 'Integer' }] },
  { id: 104, name: 'trace', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'traceType', type: 'String' }] },
  { id: 105, name: 'cable', family: 'zpi', geometryKind: 'path', attributeTypes: [{ name: 'fibres', type: 'Integer', defaultValue: '12' }] },
  { id: 106, name: 'handhole', family: 'zpi', geometryKind: 'node', attributeTypes: [] },
  { id: 107, name: 'house', family: 'zpi', geometryKind: 'node', attributeTypes: [] },
];

/**
 * An id as one flat string, like the ids JSON.parse gives the app (template-literal concatenation would leave V8
 * "cons" strings of 13+ characters, which are slower to read character by character than any id the server sends).
 */
const id = (...parts: (string | number)[]): string => parts.join('');

export interface GeneratedNetwork extends ModelInput { edges: number; nodes: number; grid: number; spacing: number; streetEdgeIds: string[]; houseNodeIds: string[] }

/**
 * About `targetEdges` edges: a g×g grid of junctions (spacing 100 m, origin near RD 155000/463000), each street split
 * by 2 taps with a house drop each (5 edges per street), a trench instance per street edge, a duct per drop, a handhole
 * per junction, and one cable path per grid row.
 */
export function generateNetwork(targetEdges: number, opts: { spacing?: number; projectId?: number } = {}): GeneratedNetwork {
  const spacing = opts.spacing ?? 100;
  const projectId = opts.projectId ?? 1;
  const g = Math.max(2, Math.round(Math.sqrt(targetEdges / 10)));
  const x0 = 150000, y0 = 460000;
  const nos: NetworkObject[] = [], ois: ObjectInstance[] = [], pes: PathEdge[] = [], avs: AttributeValue[] = [];
  const streetEdgeIds: string[] = [], houseNodeIds: string[] = [];
  let n = 0;
  const node = (id: string, p: Position) => { nos.push({ id, projectId, node: { geometry: { type: 'Point', coordinates: p } } }); };
  const edge = (id: string, a: string, b: string, pa: Position, pb: Position) => {
    nos.push({ id, projectId, edge: { geometry: { type: 'LineString', coordinates: [pa, pb] }, fromNodeId: a, toNodeId: b, length: Math.round(Math.hypot(pb[0] - pa[0], pb[1] - pa[1]) * 100) / 100 } });
  };
  const J = (i: number, j: number) => id('j', i, '_', j);
  const P = (i: number, j: number): Position => [x0 + i * spacing, y0 + j * spacing];
  for (let i = 0; i < g; i++) for (let j = 0; j < g; j++) {
    node(J(i, j), P(i, j));
    ois.push({ id: id('hh', i, '_', j), objectTypeId: 106, networkObjectId: J(i, j) });
  }
  const rowPaths = new Map<number, string[]>();
  for (let i = 0; i < g; i++) for (let j = 0; j < g; j++) {
    for (const [di, dj] of [[1, 0], [0, 1]] as const) {
      if (i + di >= g || j + dj >= g) continue;
      const a = P(i, j), b = P(i + di, j + dj);
      const s = id('s', i, '_', j, '_', di);
      const pts: Position[] = [a, [a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3], [a[0] + (2 * (b[0] - a[0])) / 3, a[1] + (2 * (b[1] - a[1])) / 3], b];
      const ids = [J(i, j), id(s, 't1'), id(s, 't2'), J(i + di, j + dj)];
      node(ids[1], pts[1]);
      node(ids[2], pts[2]);
      for (let k = 0; k < 3; k++) {
        const eid = id(s, 'e', k);
        edge(eid, ids[k], ids[k + 1], pts[k], pts[k + 1]);
        ois.push({ id: id(eid, 'tr'), objectTypeId: 101, networkObjectId: eid });
        streetEdgeIds.push(eid);
        if (di === 1) { const l = rowPaths.get(j) ?? []; l.push(eid); rowPaths.set(j, l); }
      }
      for (const k of [1, 2]) {
        const h = id(s, 'h', k);
        const off: Position = di === 1 ? [pts[k][0], pts[k][1] + 15] : [pts[k][0] + 15, pts[k][1]];
        node(h, off);
        houseNodeIds.push(h);
        ois.push({ id: id(h, 'ho'), objectTypeId: 107, networkObjectId: h });
        const d = id(s, 'd', k);
        edge(d, ids[k], h, pts[k], off);
        ois.push({ id: id(d, 'du'), objectTypeId: 102, networkObjectId: d });
        avs.push({ objectInstanceId: id(d, 'du'), attributeTypeName: 'Existing', value: 'false' });
        n++;
      }
    }
  }
  for (const [j, edges] of rowPaths) {
    const pid = id('cable', j);
    nos.push({ id: pid, projectId });
    ois.push({ id: id(pid, 'c'), objectTypeId: 105, networkObjectId: pid });
    edges.forEach((e, k) => { const i = Math.floor(k / 3); pes.push({ id: id(pid, 'p', k), pathId: pid, edgeId: e, startNodeId: k % 3 === 0 ? J(i, j) : id('s', i, '_', j, '_1t', k % 3), position: k } as PathEdge); });
  }
  const edges = nos.filter((o) => o.edge).length;
  void n;
  return { networkObjects: nos, objectInstances: ois, pathEdges: pes, attributeValues: avs, objectTypes: GENERATED_TYPES, edges, nodes: nos.length - edges - rowPaths.size, grid: g, spacing, streetEdgeIds, houseNodeIds };
}
