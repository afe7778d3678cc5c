// Spec 1 §4 Side effects: "A network object left empty and orphaned (no instances, no edges or paths) is deleted. A
// path with no path edges is deleted." Only objects that lost something in this gesture are looked at.
import type { Gesture } from '../gesture';

/** Paths without path edges, then empty orphaned network objects (repeated while deleting frees more). */
export function cleanup(g: Gesture): void {
  for (const pid of g.paths) {
    const p = g.obj(pid);
    if (p && !p.node && !p.edge && g.tx.pathEdgesOf(pid).length === 0) g.deleteObject(pid);
  }
  for (let guard = 0; g.lost.size && guard < 10; guard++) {
    const ids = [...g.lost];
    g.lost.clear();
    for (const id of ids) {
      const o = g.obj(id);
      if (!o || g.tx.instancesOf(id).length) continue;
      if (o.node && g.tx.edgesOf(id).length === 0) g.deleteObject(id);
      else if (o.edge && g.tx.pathEdgesOver(id).length === 0) g.deleteObject(id);
      else if (!o.node && !o.edge && g.tx.pathEdgesOf(id).length === 0) g.deleteObject(id);
    }
  }
}

