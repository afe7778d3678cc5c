// Test helper: builds a small network from ASCII art. Letters are nodes at (col*10, -row*10); runs of '-' join
// letters on a row and runs of '|' join letters in a column into edges named by their two letters (e.g. 'AB').
import { createModel, type Model, type NetworkObject, type ObjectType, type ObjectRelationType, type EngineConfig } from 'engine';

export function ascii(art: string): NetworkObject[] {
  const lines = art.replace(/^\n/, '').split('\n');
  const out: NetworkObject[] = [];
  const at = (r: number, c: number) => lines[r]?.[c] ?? ' ';
  const pos = (r: number, c: number): [number, number] => [c * 10, r === 0 ? 0 : -r * 10];
  for (let r = 0; r < lines.length; r++) for (let c = 0; c < lines[r].length; c++) {
    const ch = at(r, c);
    if (/[A-Z]/.test(ch)) out.push({ id: ch, projectId: 1, node: { geometry: { type: 'Point', coordinates: pos(r, c) } } });
  }
  for (let r = 0; r < lines.length; r++) for (let c = 0; c < lines[r].length; c++) {
    const ch = at(r, c);
    if (!/[A-Z]/.test(ch)) continue;
    if (at(r, c + 1) === '-') {
      let k = c + 1; while (at(r, k) === '-') k++;
      const to = at(r, k);
      if (/[A-Z]/.test(to)) out.push(edge(ch + to, ch, to, pos(r, c), pos(r, k)));
    }
    if (at(r + 1, c) === '|') {
      let k = r + 1; while (at(k, c) === '|') k++;
      const to = at(k, c);
      if (/[A-Z]/.test(to)) out.push(edge(ch + to, ch, to, pos(r, c), pos(k, c)));
    }
  }
  return out;
}

function edge(id: string, from: string, to: string, a: [number, number], b: [number, number]): NetworkObject {
  return { id, projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [a, b] }, fromNodeId: from, toNodeId: to } };
}

export const TYPES: ObjectType[] = [
  { id: 1, name: 'trench', family: 'zpi', geometryKind: 'edge', attributeTypes: [
    { name: 'depth', type: 'Float', defaultValue: '0.6' },
    { name: 'Phase', type: 'Integer' },
  ] },
  { id: 2, name: 'duct', family: 'zpi', geometryKind: 'edge', attributeTypes: [
    { name: 'Existing', type: 'Boolean', defaultValue: 'false' },
    { name: 'config', type: 'List', allowedValues: ['1x6', '2x14', '7x14'] },
  ] },
  { id: 3, name: 'activity', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'costObjectTypeId', type: 'Integer' }] },
  { id: 4, name: 'trace', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'traceType', type: 'String' }] },
  { id: 5, name: 'cable', family: 'zpi', geometryKind: 'path', attributeTypes: [{ name: 'fibres', type: 'Integer', defaultValue: '12' }] },
  { id: 6, name: 'handhole', family: 'zpi', geometryKind: 'node', attributeTypes: [] },
];
export const RELATION_TYPES: ObjectRelationType[] = [
  { name: 'activity_contains_duct', fromObjectTypeId: 3, toObjectTypeId: 2, relationType: 'Contains', fromMultiplicity: 1, toMultiplicity: 1 },
];

export function model(art: string, extra: Partial<Parameters<typeof createModel>[0]> = {}): Model {
  return createModel({ networkObjects: ascii(art), objectTypes: TYPES, relationTypes: RELATION_TYPES, ...extra });
}

export function counterIds(prefix = 'x'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

export function config(extra: Partial<EngineConfig> = {}): EngineConfig {
  return { newId: counterIds(), projectId: 7, ...extra };
}

/** A-B-C over D-E-F with a trench (value depth 0.8) on every edge, an activity on BC related to a duct on EF (the
 *  relation sent with both ends) and a cable path P over AB, BC: the merge and unload fixtures. */
export function relatedNetwork(): NetworkObject[] {
  const objs = ascii('\nA---B---C\n|       |\nD---E---F');
  for (const o of objs) if (o.edge) o.objectInstances = [{ id: `t-${o.id}`, objectTypeId: 1, networkObjectId: o.id, attributeValues: [{ objectInstanceId: `t-${o.id}`, attributeTypeName: 'depth', value: '0.8' }] }];
  const rel = { fromId: 'act', toId: 'duct', objectRelationTypeName: 'activity_contains_duct' };
  objs.find((o) => o.id === 'BC')!.objectInstances!.push({ id: 'act', objectTypeId: 3, networkObjectId: 'BC', relationSources: [rel] });
  objs.find((o) => o.id === 'EF')!.objectInstances!.push({ id: 'duct', objectTypeId: 2, networkObjectId: 'EF', relationTargets: [{ ...rel }] });
  objs.push({ id: 'P', projectId: 1, pathEdges: [
    { id: 'p1', pathId: 'P', edgeId: 'AB', startNodeId: 'A' }, { id: 'p2', pathId: 'P', edgeId: 'BC', startNodeId: 'B' },
  ], objectInstances: [{ id: 'cab', objectTypeId: 5, networkObjectId: 'P' }] });
  return objs;
}
