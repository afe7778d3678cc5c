// Modify, split, delete feature, delete segment and unsnap tool state machines: they translate pointer events into
// engine intents (one vocabulary) and show the engine's disabled reason while hovering.
import { describe, it, expect } from 'vitest';
import { ModifyTool } from '../../../../src/map/tools/modify-tool';
import { SplitTool, splitPosition } from '../../../../src/map/tools/split-tool';
import { DeleteFeatureTool, DeleteSegmentTool } from '../../../../src/map/tools/delete-tools';
import { UnsnapTool } from '../../../../src/map/tools/unsnap-tool';
import { MeasureTool } from '../../../../src/map/tools/measure-tool';
import { SelectTool } from '../../../../src/map/tools/select-tool';
import { recordingHost, at } from './host';

const line = { e1: [[0, 0], [50, 0], [100, 0]] as [number, number][] };

describe('modify tool', () => {
  it('moves a node on drag and emits one moveNode on release', () => {
    const { host, intents } = recordingHost({ n1: [0, 0] }, line);
    const t = new ModifyTool(host);
    expect(t.down(at(0.3, 0))).toBe(true);
    t.drag(at(5, 5)); t.up(at(10, 10));
    expect(intents).toEqual([{ type: 'moveNode', id: 'n1', to: [10, 10] }]);
  });
  it('moves an existing vertex, or inserts one when grabbing a segment', () => {
    const { host, intents } = recordingHost({}, line);
    const t = new ModifyTool(host);
    t.down(at(50, 0.5)); t.up(at(50, 20));
    t.down(at(75, 0.5)); t.up(at(75, -20));
    expect(intents).toEqual([
      { type: 'editEdgeGeometry', id: 'e1', coordinates: [[0, 0], [50, 20], [100, 0]] },
      { type: 'editEdgeGeometry', id: 'e1', coordinates: [[0, 0], [50, 0], [75, -20], [100, 0]] },
    ]);
  });
  it('Esc during a drag cancels without an edit; a click without movement emits nothing', () => {
    const { host, intents } = recordingHost({ n1: [0, 0] });
    const t = new ModifyTool(host);
    t.down(at(0, 0)); t.drag(at(5, 5)); t.key('Escape'); t.up(at(5, 5));
    t.down(at(0, 0)); t.up(at(0, 0));
    expect(intents).toEqual([]);
  });
});

describe('split tool (only points on lines; none/head/body/tail)', () => {
  it('classifies split positions', () => {
    expect(splitPosition(line.e1, [0, 0], 1)).toBe('head');
    expect(splitPosition(line.e1, [100, 0], 1)).toBe('tail');
    expect(splitPosition(line.e1, [30, 0], 1)).toBe('body');
  });
  it('splits at a point on the body, not at the ends, and reports none away from lines', () => {
    const { host, intents, notes } = recordingHost({}, line);
    const t = new SplitTool(host);
    t.click(at(30, 0.5));
    expect(t.last).toBe('body');
    t.click(at(99.5, 0.2));
    expect(t.last).toBe('tail');
    t.click(at(30, 40));
    expect(t.last).toBe('none');
    expect(intents).toEqual([{ type: 'splitEdge', id: 'e1', at: [30, 0] }]);
    expect(notes).toEqual(['split_not_on_line']);
  });
});

describe('delete tools', () => {
  it('delete feature removes the node hit before the line', () => {
    const { host, intents } = recordingHost({ n1: [0, 0] }, line);
    new DeleteFeatureTool(host).click(at(0, 0.5));
    new DeleteFeatureTool(host).click(at(60, 0.5));
    expect(intents).toEqual([{ type: 'deleteObject', id: 'n1' }, { type: 'deleteObject', id: 'e1' }]);
  });
  it('delete segment asks the engine to delete the segment nearest the click', () => {
    const { host, intents } = recordingHost({}, { e1: [[0, 0], [10, 0], [20, 0], [30, 0]] });
    new DeleteSegmentTool(host).click(at(25, 0.5));
    expect(intents).toEqual([{ type: 'deleteSegment', id: 'e1', at: [25, 0] }]);
  });
  it("shows the engine's disabled reason while hovering, and nothing where the engine allows it", () => {
    const { host } = recordingHost({}, { e1: [[0, 0], [10, 0]] }, (i) => (i.type === 'deleteObject' ? 'edge is used by a path' : null));
    const t = new DeleteFeatureTool(host);
    t.move(at(5, 0.5));
    expect(t.sketch()?.label).toMatchObject({ text: 'edge is used by a path', colour: 'red' });
    t.move(at(5, 40));
    expect(t.sketch()).toBeNull();
    const seg = new DeleteSegmentTool(host);
    seg.move(at(5, 0.5));
    expect(seg.sketch()).toBeNull();
  });
});

describe('unsnap tool (the engine spreads the ends: offset 10 per ring)', () => {
  it('hands the node and the line at the click to the engine unsnap operation', () => {
    const { host, intents } = recordingHost({ n1: [0, 0] }, { e1: [[0, 0], [0, 50]] });
    new UnsnapTool(host).click(at(0, 0));
    expect(intents).toEqual([{ type: 'unsnap', ids: ['n1', 'e1'] }]);
  });
  it('a click on nothing emits nothing', () => {
    const { host, intents } = recordingHost({ n1: [0, 0] });
    new UnsnapTool(host).click(at(100, 100));
    expect(intents).toEqual([]);
  });
});

describe('measure tool', () => {
  it('measures a line; km over 100 m; Esc clears', () => {
    const { host } = recordingHost();
    const t = new MeasureTool(host);
    // near the equator map units are metres
    t.click(at(0, 0)); t.click(at(30, 40)); t.doubleClick(at(30, 40));
    expect(t.text()).toBe('50.00 m');
    t.click(at(0, 0)); t.doubleClick(at(0, 1500));
    expect(t.text()).toBe('1.50 km');
    t.key('Escape');
    expect(t.sketch()).toBeNull();
  });
});

describe('select tool', () => {
  it('a click selects the features at that location; multi-select starts empty and a click only deselects', () => {
    const { host } = recordingHost({ n1: [0, 0] }, line);
    const t = new SelectTool(host);
    t.click(at(0, 0.5));
    expect(t.selection).toEqual(['n1', 'e1']);
    t.setMultiSelect(true);
    expect(t.selection).toEqual([]);
    t.down({ ...at(-5, -5), shift: true }); t.up(at(60, 5));
    expect(t.selection.sort()).toEqual(['e1', 'n1']);
    t.click(at(0, 0.5)); // hits both: they are deselected
    expect(t.selection).toEqual([]);
    t.click(at(0, 0.5)); // nothing selected: a click does not select
    expect(t.selection).toEqual([]);
  });
});
