// Stored features in the map's UI (issue 12; spec 3 §3 note properties, §4 enumerations, §5 selection and labels,
// §9 note defaults): the select tool gives network objects priority and otherwise selects a stored feature; the
// editor chosen per layer with its fields and defaults; applying a form keeps types; feature-layer labels from zoom
// 17 cut at 25 characters with '…'.
import { describe, it, expect } from 'vitest';
import { buildLabels, createDeckLayers, getLayer, type LayerFeature } from 'layers';
import { toLngLat } from 'engine/mercator';
import { SelectTool } from '../../../../src/map/tools/select-tool';
import { recordingHost, at } from '../tools/host';
import { applyForm, editorOf, fieldsOf, formValues, lengthOf, lengthText, NOTE_DEFAULTS, SHAPING_COST_TYPES } from '../../../../src/map/info/stored-feature-fields';
import { newNote } from '../../../../src/map/features/use-stored-features';
import type { StoredFeature } from '../../../../src/map/features/stored-feature';

describe('select tool and stored features', () => {
  it('network objects keep their priority; a click on nothing of the network asks for a stored feature', () => {
    const { host } = recordingHost({ n1: [0, 0] });
    const tool = new SelectTool(host);
    const asked: number[][] = [];
    let cleared = 0;
    tool.pickStored = (p) => { asked.push([...p]); return true; };
    tool.clearStored = () => { cleared++; return true; };
    tool.click(at(0, 0));
    expect(tool.selection).toEqual(['n1']);
    expect(asked).toEqual([]);
    expect(cleared).toBe(1); // the stored selection gives way to the network one
    tool.click(at(50, 50));
    expect(asked).toEqual([[50, 50]]);
    expect(tool.selection).toEqual([]);
    tool.pickStored = () => false;
    tool.click(at(60, 60));
    expect(cleared).toBe(2);
    expect(tool.key('Escape')).toBe(true); // Esc clears the stored selection
  });
});

const F = (o: Partial<StoredFeature>): StoredFeature => ({ uuid: 'u', table: 'fttx_feature', type: 'x', layer: null, category: null, name: null, topologyId: null, properties: {}, geometry: { type: 'Point', coordinates: [0, 0] }, ...o });

describe('stored-feature editors', () => {
  it('chooses the editor by layer, then by stored type, else generic', () => {
    expect(editorOf(getLayer('notes'), F({ table: 'note' }))).toBe('note');
    expect(editorOf(getLayer('apAreas'), F({ type: 'ap_area' }))).toBe('area');
    expect(editorOf(getLayer('phases'), F({ type: 'phase' }))).toBe('phase');
    expect(editorOf(getLayer('shaping'), F({ type: 'shaping' }))).toBe('shaping');
    expect(editorOf(getLayer('dimensioningLines'), F({ type: 'dimensioning_line' }))).toBe('dimensioning');
    expect(editorOf(getLayer('uploadLines'), F({ type: 'measurement' }))).toBe('measurement');
    expect(editorOf(getLayer('uploadPoints'), F({ type: 'upload_point' }))).toBe('generic');
  });

  it('note: the spec 3 §3 properties with the §9 defaults (size 7, yellow, label font 12, opacity 1)', () => {
    const fields = fieldsOf('note', F({}));
    expect(fields.map((f) => f.key)).toEqual(['name', 'text', 'size', 'color', 'opacity', 'fillColor', 'labelPosition', 'labelOrientation', 'labelFontSize']);
    expect(formValues(fields, F({ table: 'note' }))).toMatchObject({ size: '7', color: '#ffdd00', opacity: '1', labelFontSize: '12', labelPosition: 'E', labelOrientation: 'horizontal' });
    expect(fields.find((f) => f.key === 'labelPosition')!.options).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
    expect(fields.find((f) => f.key === 'labelOrientation')!.options).toEqual(['horizontal', 'alongside_above', 'alongside_underneath']);
    const note = newNote([1, 2]);
    expect(note.properties).toEqual({ ...NOTE_DEFAULTS });
    expect(note.geometry).toEqual({ type: 'Point', coordinates: [1, 2] });
  });

  it('phase status, shaping cost types and area fields', () => {
    expect(fieldsOf('phase', F({})).find((f) => f.key === 'status')!.options).toEqual(['new', 'scheduled', 'underConstruction', 'surveyed', 'completed']);
    expect(SHAPING_COST_TYPES).toHaveLength(7);
    expect(fieldsOf('area', F({})).map((f) => f.key)).toEqual(['name', 'terminal_type', 'cost_ratio', 'DP', 'OAP', 'AP']);
  });

  it('applying a form: the name column, numbers as numbers, empty values removed, generic values keep their type', () => {
    const f = F({ name: 'old', properties: { size: 7, text: 'x' } });
    const after = applyForm('note', fieldsOf('note', f), f, { ...formValues(fieldsOf('note', f), f), name: 'new', size: '9', text: '' });
    expect(after.name).toBe('new');
    expect(after.properties).toMatchObject({ size: 9, labelFontSize: 12 });
    expect(after.properties).not.toHaveProperty('text');
    const g = F({ properties: { count: 3, ok: true, s: 'a' } });
    expect(applyForm('generic', fieldsOf('generic', g), g, { name: '', count: '4', ok: 'false', s: 'b' }).properties).toEqual({ count: 4, ok: false, s: 'b' });
    expect(() => applyForm('note', fieldsOf('note', f), f, { size: 'big' })).toThrow('size: not a number');
  });

  it('dimensioning line: the length in ground metres, stored on apply; shown with 2 decimals', () => {
    const line = F({ geometry: { type: 'LineString', coordinates: [[570000, 6817000], [570010, 6817000]] } });
    const m = lengthOf(line)!;
    expect(m).toBeGreaterThan(6); expect(m).toBeLessThan(6.3); // 10 map units × cos(52.1°)
    expect(lengthText(m)).toMatch(/^6\.\d\d m$/);
    expect(applyForm('dimensioning', fieldsOf('dimensioning', line), line, { label: 'a' }).properties).toEqual({ label: 'a', length: Math.round(m * 100) / 100 });
  });
});

describe('feature-layer labels (spec 3 §2, §5, §9)', () => {
  const note = (name: string): LayerFeature => ({ id: 'note.a', geometry: { type: 'Point', coordinates: toLngLat([570000, 6817000]) }, properties: { name } });
  it('a note is labelled by its name from zoom 17, cut at 25 characters with …', () => {
    const name = 'A thirty character note name!!';
    expect(name).toHaveLength(30);
    const entry = getLayer('notes');
    const attrs = createDeckLayers(entry, [note(name)], { zoom: 17 }).attributes;
    expect(buildLabels(entry, [note(name)], attrs, 17).map((l) => l.text)).toEqual([`${name.slice(0, 25)}…`]);
    expect(buildLabels(entry, [note(name)], attrs, 16)).toEqual([]);
    expect(buildLabels(entry, [note('short')], attrs, 18).map((l) => l.text)).toEqual(['short']);
    // the label layer's glyph atlas must hold '…' (deck.gl's default character set is ASCII only)
    const text = createDeckLayers(entry, [note(name)], { zoom: 17 }).layers.find((l) => l.id.endsWith(':labels'))!;
    expect(text.props.data).toEqual([expect.objectContaining({ text: `${name.slice(0, 25)}…` })]);
    expect((text.props as { characterSet?: unknown }).characterSet).toBe('auto');
  });
});
