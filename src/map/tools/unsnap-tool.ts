// Unsnap tool (spec 3 §4, §9): the nodes and lines at the click are handed to the engine's unsnap operation, which
// moves their shared ends apart by 10 map units per ring, spread in a circle (engine/operations). The tool computes no
// offsets of its own; it shows the engine's disabled reason while hovering (e.g. an edge used by a path).
import type { Id } from 'engine/types';
import { ClickTool } from './click-tool';
import type { Intent, PointerEvt } from './types';

export class UnsnapTool extends ClickTool {
  intentAt(e: PointerEvt): Intent | null {
    const ids: Id[] = [...this.host.index.nodesAt(e.p, e.tol).map((n) => n.id), ...this.host.index.edgesAt(e.p, e.tol).map((x) => x.id)];
    return ids.length ? { type: 'unsnap', ids: [...new Set(ids)] } : null;
  }
}
