// Validator graph_integrity (spec 3 §4 Graph integrity, Required): per network object, the engine's own integrity
// check (engine/integrity.ts objectIssues, with geometry): an edge's end nodes exist, are nodes, differ, and coincide with the edge's
// ends (0.01); a path's path edges reference existing edges and are traversable; geometries are well formed.
// Dependents: a node's edges (a moved node), an edge's paths (re-pointed or removed ends), a path edge's path.
import { getObject } from '../model';
import { objectIssues } from '../integrity';
import { bothModels, edgesAt, pathsOver } from '../dependents';
import { failed } from './context';
import type { Validator } from './types';

const NAME = 'graph_integrity';

export const graphIntegrity: Validator = {
  name: NAME,
  severity: 'Required',
  subjects: () => 'objects',
  dependsOn(row, dc, out) {
    if (row.table === 'pathEdges') { out.add(row.row.pathId); return; }
    if (row.table !== 'networkObjects') return;
    out.add(row.key);
    if (row.row.node) for (const e of edgesAt(dc, row.key)) out.add(e);
    if (row.row.edge) for (const m of bothModels(dc)) for (const p of pathsOver(m, row.key)) out.add(p);
  },
  check(m, id, ctx, severity) {
    const o = getObject(m, id);
    return o ? objectIssues(m, id, o, { geometry: true, nodeEdges: true }).map((i) => failed(ctx, NAME, id, i.message, severity)) : [];
  },
};
