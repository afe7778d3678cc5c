// Test helper: a ToolHost over a fake index that records emitted intents and notifications.
import type { Position } from 'engine/types';
import type { EditIntent, ToolHost } from '../../../../src/map/tools/types';
import { fakeIndex } from '../fake-index';

export function recordingHost(nodes: Record<string, Position> = {}, edges: Record<string, Position[]> = {}) {
  const intents: EditIntent[] = [];
  const notes: string[] = [];
  const host: ToolHost = { index: fakeIndex(nodes, edges), emit: (i) => intents.push(i), notify: (k) => notes.push(k) };
  return { host, intents, notes };
}
export const at = (x: number, y: number, tol = 1) => ({ p: [x, y] as Position, tol });
