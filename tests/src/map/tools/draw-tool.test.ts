// Draw tool state machine: snapping, Esc cancel text, one-coordinate lines discarded, no node on a line.
import { describe, it, expect } from 'vitest';
import { DrawTool, DRAW_CANCELLED, DRAW_BLOCKED_ON_LINE } from '../../../../src/map/tools/draw-tool';
import { recordingHost, at } from './host';

describe('draw tool (spec 3 §2, §4–§5): emits engine intents', () => {
  it('draws one line, snapping its ends to nodes, finishing on double-click', () => {
    const { host, intents } = recordingHost({ n1: [0, 0] }, {});
    const t = new DrawTool(host, 'line');
    t.click(at(0.5, 0.4));
    t.click(at(50, 0));
    t.doubleClick(at(100, 0));
    expect(intents).toEqual([{ type: 'drawEdge', coordinates: [[0, 0], [50, 0], [100, 0]] }]);
    expect(t.busy()).toBe(false);
  });
  it('snaps to the nearest point of an edge when no node is near', () => {
    const { host, intents } = recordingHost({}, { e1: [[0, 0], [100, 0]] });
    const t = new DrawTool(host, 'line');
    t.click(at(40, 0.8));
    t.doubleClick(at(40, 60));
    expect(intents[0]).toEqual({ type: 'drawEdge', coordinates: [[40, 0], [40, 60]] });
  });
  it("Esc cancels the line with 'draw feature interaction cancelled' and emits nothing", () => {
    const { host, intents, notes } = recordingHost();
    const t = new DrawTool(host, 'line');
    t.click(at(0, 0)); t.click(at(10, 0));
    expect(t.key('Escape')).toBe(true);
    expect(notes).toEqual([DRAW_CANCELLED]);
    expect(intents).toEqual([]);
    expect(t.busy()).toBe(false);
  });
  it('discards a line with only one coordinate', () => {
    const { host, intents } = recordingHost();
    const t = new DrawTool(host, 'line');
    t.click(at(5, 5));
    t.doubleClick(at(5, 5));
    expect(intents).toEqual([]);
  });
  it('blocks placing a node where the click hits a line; places it elsewhere', () => {
    const { host, intents, notes } = recordingHost({}, { e1: [[0, 0], [100, 0]] });
    const t = new DrawTool(host, 'node');
    t.click(at(50, 0.5));
    expect(intents).toEqual([]);
    expect(notes).toEqual([DRAW_BLOCKED_ON_LINE]);
    t.click(at(50, 30));
    expect(intents).toEqual([{ type: 'drawNode', coordinates: [50, 30] }]);
  });
  it('draws one feature at a time: onFinished fires once per feature', () => {
    const { host } = recordingHost();
    const t = new DrawTool(host, 'line');
    let finished = 0; t.onFinished = () => finished++;
    t.click(at(0, 0)); t.click(at(10, 0)); t.click(at(10, 0));
    expect(finished).toBe(1);
  });
  it('tooltip shows the length change in m and the cost at 11 €/m in red for a new line', () => {
    const { host } = recordingHost();
    const t = new DrawTool(host, 'line');
    t.click(at(0, 0)); t.move(at(10, 0));
    const s = t.sketch()!;
    expect(s.label?.colour).toBe('red');
    expect(s.label?.text).toMatch(/^\+10\.00 m$/);
    expect(s.label?.extra).toBe('+110.00 €');
  });
});
