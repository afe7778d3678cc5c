// Rules of spec 1 §4: duct laying activity, one trace per network object ('BIS'), 'route overlapping', delete segment
// and unsnap (spec 3 §4).
import { describe, it, expect } from 'vitest';
import { Editor, instancesOf, getInstance, relationsTo, getObject, edgesOfNode } from 'engine';
import { model, config } from './ascii';

const rules = [{ family: 'zpi', ductTypeId: 2, activityTypeId: 3, traceTypeId: 4, relationTypeName: 'activity_contains_duct' }];
const types = (ed: Editor, id: string) => instancesOf(ed.model, id).map((i) => getInstance(ed.model, i)!.objectTypeId).sort();

describe('duct laying activity', () => {
  it("a duct gets a laying activity unless Existing is 'true'; Existing becoming true deletes it", () => {
    const ed = new Editor(model('A----B'), config({ familyRules: rules }));
    ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 2 });
    expect(types(ed, 'AB')).toEqual([2, 3]);
    expect(relationsTo(ed.model, 'x1')).toHaveLength(1);
    ed.apply({ type: 'editAttributes', instanceId: 'x1', values: { Existing: 'true' } });
    expect(types(ed, 'AB')).toEqual([2]);
    ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 2, values: { Existing: 'true' } });
    expect(types(ed, 'AB')).toEqual([2, 2]);
  });
});

describe('only one trace object per network object', () => {
  it("the newer wins, with the warning 'route overlapping'", () => {
    const ed = new Editor(model('A----B'), config({ familyRules: rules }));
    ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 4, values: { traceType: 'x' } });
    const r = ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 4, values: { traceType: 'y' } });
    expect(r.warnings).toEqual(['route overlapping']);
    expect(instancesOf(ed.model, 'AB')).toEqual(['x2']);
  });
  it("the one with trace type 'BIS' is kept", () => {
    const ed = new Editor(model('A----B'), config({ familyRules: rules }));
    ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 4, values: { traceType: 'BIS' } });
    ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 4, values: { traceType: 'y' } });
    expect(instancesOf(ed.model, 'AB')).toEqual(['x1']);
  });
});

describe('delete segment and unsnap', () => {
  it('delete segment removes the points of the nearest segment; all points gone deletes the feature', () => {
    const ed = new Editor(model('A----B'), config());
    ed.apply({ type: 'editEdgeGeometry', id: 'AB', coordinates: [[0, 0], [10, 5], [20, 5], [30, 5], [50, 0]] });
    ed.apply({ type: 'deleteSegment', id: 'AB', at: [15, 5] });
    expect(getObject(ed.model, 'AB')!.edge!.geometry.coordinates).toEqual([[0, 0], [30, 5], [50, 0]]);
    const ed2 = new Editor(model('A----B'), config());
    ed2.apply({ type: 'deleteSegment', id: 'AB', at: [25, 0] });
    expect(getObject(ed2.model, 'AB')).toBeUndefined();
  });
  it('unsnap moves the shared edge ends by an offset of 10, spread in a circle', () => {
    //  A----B----C
    const ed = new Editor(model('A----B----C'), config());
    ed.apply({ type: 'unsnap', ids: ['B'] });
    expect(edgesOfNode(ed.model, 'B')).toEqual(['AB']);
    const moved = getObject(ed.model, 'BC')!.edge!;
    expect(moved.fromNodeId).not.toBe('B');
    expect(moved.geometry.coordinates[0]).toEqual([60, 0]);
  });
});
