// Test helper: a ToolHost over a fake index that records emitted engine intents and notifications; `disabled` plays
// the engine's operation reasons.
import type { Position } from 'engine/types';
import type { Intent, ToolHost } from '../../../../src/map/tools/types';
import { fakeIndex } from '../fake-index';

export function recordingHost(nodes: Record<string, Position> = {}, edges: Record<string, Position[]> = {}, disabled?: (i: Intent) => string | null) {
  const intents: Intent[] = [];
  const notes: string[] = [];
  const host: ToolHost = { index: fakeIndex(nodes, edges), emit: (i) => intents.push(i), notify: (k) => notes.push(k), disabled };
  return { host, intents, notes };
}
export const at = (x: number, y: number, tol = 1) => ({ p: [x, y] as Position, tol });
