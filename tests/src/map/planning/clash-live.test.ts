// Live clashes on the map (issue 14): the ClashLive plug-in follows the session's diffs — a trench drawn across a
// reference cable clashes at once, undo removes the clash; a reviewed status is kept while the clash persists and
// remembered for the project run; the review's sort and exports (CSV rows, GeoJSON in lng/lat).
import { describe, it, expect, vi } from 'vitest';
import { createModel } from 'engine/model';
import { GENERATED_TYPES, GENERATED_TYPE_IDS as T } from 'engine/generate-catalogue';
import type { Clash, ReferenceFeature } from 'engine';
import { defaultSettings, templateFor } from 'common/settings/index';
import { EditSession } from '../../../../src/map/edit-session';
import { ClashLive } from '../../../../src/map/planning/clash-live';
import { sortClashes } from '../../../../src/map/planning/ClashPanel';
import { clashesCsv, clashesGeoJson, clashExtent } from '../../../../src/map/planning/clash-export';

let n = 0;
const X = 600000, Y = 6800000;
const CABLE: ReferenceFeature = { id: 'ref-1', layer: 'electricity_low_voltage', geometry: { type: 'LineString', coordinates: [[X - 50, Y], [X + 50, Y]] }, properties: {} };

function setup() {
  const s = new EditSession(createModel({ networkObjects: [], objectTypes: GENERATED_TYPES }), { newId: () => `id${++n}`, projectId: 1 });
  // the fttx template's default clash settings: one rule per KLIC theme, the project network checked
  const settings = defaultSettings(templateFor(10)) as { clashDetectionSettings: unknown };
  const live = new ClashLive(s, [CABLE], settings.clashDetectionSettings);
  live.start((l) => s.subscribe(l));
  return { s, live };
}

describe('live clashes', () => {
  it('a trench across the cable clashes at once; undo removes it', () => {
    const { s, live } = setup();
    const seen = vi.fn();
    live.subscribe(seen);
    expect(live.getSnapshot().clashes).toHaveLength(0);
    s.perform({ type: 'drawEdge', coordinates: [[X, Y - 10], [X, Y + 10]], instances: [{ objectTypeId: T.trench }] });
    const c = live.getSnapshot().clashes;
    expect(c.map((x) => [x.ruleName, x.referenceId, x.status, x.severity])).toEqual([['electricity_low_voltage', 'ref-1', 'Unresolved', 'error']]);
    expect(seen).toHaveBeenCalled();
    s.undo();
    expect(live.getSnapshot().clashes).toHaveLength(0);
    live.destroy();
  });

  it('a reviewed status is kept while the clash persists and remembered for the run', () => {
    const { s, live } = setup();
    s.perform({ type: 'drawEdge', coordinates: [[X, Y - 10], [X, Y + 10]], instances: [{ objectTypeId: T.trench }] });
    const id = live.getSnapshot().clashes[0].id;
    expect(live.setStatus(id, 'Approved')).toBe(true);
    expect(live.getSnapshot().clashes[0]).toMatchObject({ status: 'Approved', severity: 'normal' });
    s.perform({ type: 'drawNode', coordinates: [X + 500, Y + 500] });
    expect(live.getSnapshot().clashes[0].status).toBe('Approved');
    expect(Object.fromEntries(live.reviewed)).toEqual({ [id]: 'Approved' });
    expect(live.setStatus('nope', 'Approved')).toBe(false);
  });

  it('new reference features (an upload) clash with the drawn network at once; removed ones take their clashes', () => {
    const { s, live } = setup();
    s.perform({ type: 'drawEdge', coordinates: [[X + 200, Y - 10], [X + 200, Y + 10]], instances: [{ objectTypeId: T.trench }] });
    expect(live.getSnapshot().clashes).toHaveLength(0);
    const pipe: ReferenceFeature = { id: 'ref-2', layer: 'water', geometry: { type: 'LineString', coordinates: [[X + 150, Y], [X + 250, Y]] }, properties: {} };
    live.setReferences([CABLE, pipe]);
    expect(live.getSnapshot().clashes.map((c) => [c.ruleName, c.referenceId])).toEqual([['water', 'ref-2']]);
    live.setReferences([CABLE]);
    expect(live.getSnapshot().clashes).toHaveLength(0);
  });

  it('sorts by severity then rule; exports CSV rows and GeoJSON in lng/lat', () => {
    const c = (id: string, severity: Clash['severity'], ruleName: string): Clash => ({
      id, ruleName, objectId: 'o', referenceId: 'r', referenceLayer: 'l', geometry: { type: 'Point', coordinates: [X, Y] }, distance: 0, status: 'Unresolved', severity, priority: 'medium',
    } as Clash);
    const list = [c('a', 'warning', 'water'), c('b', 'error', 'telecom'), c('c', 'error', 'gas')];
    expect(sortClashes(list, 'severity').map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(sortClashes(list, 'rule').map((x) => x.id)).toEqual(['c', 'b', 'a']);
    const csv = clashesCsv(list).trim().split('\n');
    expect(csv[0]).toBe('id,ruleName,objectId,referenceId,referenceLayer,status,severity,priority,distance');
    expect(csv).toHaveLength(4);
    const gj = JSON.parse(clashesGeoJson(list));
    expect(gj.features[0].geometry.coordinates[0]).toBeCloseTo(5.39, 1);
    expect(clashExtent(list[0])).toEqual([X, Y, X, Y]);
  });
});
