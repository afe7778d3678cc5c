// Stored-feature writes of the map (issue 12, spec 3 §5 store rules): undefined properties dropped, object properties
// as text, custom_ and category stripped for custom layers; an insert keeps its client uuid; edits are one
// transaction each and re-read the layers of the table; the undo of the last feature edit sends the inverse (update
// back, re-insert a deleted feature with its uuid, delete an inserted one), once.
import { describe, it, expect } from 'vitest';
import { getLayer } from 'layers';
import { FeatureEdits, layersOfTable, updateValues } from '../../../../src/map/features/feature-edits';
import { isCustomLayer, newUuid, storedFromLoaded, storeProperties, type StoredFeature } from '../../../../src/map/features/stored-feature';
import { fromLngLat } from 'engine/mercator';

const NOTE: StoredFeature = {
  uuid: '0b7c6a1e-1d2f-4a3b-8c4d-5e6f7a8b9c0d', table: 'note', type: 'note', layer: 'notes', category: null, name: 'first', topologyId: null,
  properties: { size: 7, color: '#ffdd00', labelFontSize: 12 }, geometry: { type: 'Point', coordinates: [570000, 6817000] },
};

function editor() {
  const sent: { product: string; xml: string }[] = [];
  const changed: string[][] = [];
  const edits = new FeatureEdits({
    send: async (product, xml) => { sent.push({ product, xml }); return '<wfs:TransactionResponse><wfs:InsertResults><wfs:Feature><ogc:FeatureId fid="none"/></wfs:Feature></wfs:InsertResults></wfs:TransactionResponse>'; },
    changed: (l) => changed.push(l), sleep: async () => {},
  });
  return { edits, sent, changed };
}

describe('store rules (spec 3 §5)', () => {
  it('drops undefined, serialises objects to text, strips custom_ and category only for custom layers', () => {
    const props = { a: 1, b: undefined, c: { x: 1 }, d: [1, 2], custom_colour: 'red', category: 'x', e: null, f: 'text' };
    expect(storeProperties(props, false)).toEqual({ a: 1, c: '{"x":1}', d: '[1,2]', custom_colour: 'red', category: 'x', e: null, f: 'text' });
    expect(storeProperties(props, true)).toEqual({ a: 1, c: '{"x":1}', d: '[1,2]', e: null, f: 'text' });
    expect(isCustomLayer(getLayer('uploadPoints'), 'custom_layer_feature')).toBe(true);
    expect(isCustomLayer(getLayer('notes'), 'note')).toBe(false);
  });

  it('reads a stored feature back from what the loader holds (own properties from the JSON text, EPSG:3857 geometry)', () => {
    const f = storedFromLoaded(getLayer('phases'), {
      id: 'fttx_feature.9d1c', geometry: { type: 'Point', coordinates: [5.12, 52.1] },
      properties: { uuid: '9d1c', type: 'phase', name: 'P1', status: 'new', project_id: 3, properties: '{"status":"new"}' },
    })!;
    expect(f).toMatchObject({ uuid: '9d1c', table: 'fttx_feature', type: 'phase', name: 'P1', properties: { status: 'new' } });
    expect(f.geometry.coordinates).toEqual(fromLngLat([5.12, 52.1]));
    expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('feature edits and the undo of the last one', () => {
  it('insert keeps the client uuid; its undo deletes it; the note layers re-read after each write', async () => {
    const { edits, sent, changed } = editor();
    await edits.insert(getLayer('notes'), { ...NOTE, properties: { ...NOTE.properties, gone: undefined } });
    expect(sent[0].product).toBe('fttx');
    expect(sent[0].xml).toContain(`<fttx:uuid>${NOTE.uuid}</fttx:uuid>`);
    expect(sent[0].xml).not.toContain('gone');
    expect(changed[0]).toEqual(layersOfTable('note'));
    expect(layersOfTable('note')).toEqual(expect.arrayContaining(['notes', 'noteShapes']));
    expect(edits.last?.kind).toBe('insert');
    await edits.undoLast();
    expect(sent[1].xml).toContain(`<wfs:Delete typeName="fttx:note"><ogc:Filter><ogc:FeatureId fid="note.${NOTE.uuid}"/>`);
    expect(edits.last).toBeNull();
    expect(await edits.undoLast()).toBeNull(); // once
    expect(sent).toHaveLength(2);
  });

  it('update sends only what changed; its undo sets the old values back', async () => {
    const { edits, sent } = editor();
    const after = { ...NOTE, name: 'renamed', properties: { ...NOTE.properties, size: 9 } };
    expect(updateValues(NOTE, after)).toEqual({ name: 'renamed', properties: after.properties });
    await edits.update(getLayer('notes'), NOTE, after);
    expect(sent[0].xml).toContain('<wfs:Name>name</wfs:Name><wfs:Value>renamed</wfs:Value>');
    expect(sent[0].xml).not.toContain('<wfs:Name>geometry</wfs:Name>');
    await edits.undoLast();
    expect(sent[1].xml).toContain('<wfs:Name>name</wfs:Name><wfs:Value>first</wfs:Value>');
    expect(sent[1].xml).toContain('&quot;size&quot;:7');
  });

  it('delete; its undo inserts the feature again with the same uuid and values', async () => {
    const { edits, sent } = editor();
    await edits.remove(getLayer('notes'), NOTE);
    expect(sent[0].xml).toContain('<wfs:Delete typeName="fttx:note">');
    await edits.undoLast();
    expect(sent[1].xml).toContain(`<wfs:Insert><fttx:note><fttx:uuid>${NOTE.uuid}</fttx:uuid>`);
    expect(sent[1].xml).toContain('<fttx:name>first</fttx:name>');
  });

  it('a failed write is not remembered as the last edit', async () => {
    const edits = new FeatureEdits({ send: async () => { throw { status: 400, data: 'bad' }; }, changed: () => {}, sleep: async () => {} });
    await expect(edits.insert(getLayer('notes'), NOTE)).rejects.toThrow('bad');
    expect(edits.last).toBeNull();
    expect(edits.busy).toBe(false);
  });
});

describe('Ctrl+Z: the last edit of either kind', () => {
  it('a feature write makes Ctrl+Z undo it; a network edit, undo or redo after it gives Ctrl+Z back; loads, saves and refused gestures do not', async () => {
    const { LastEdit } = await import('../../../../src/map/features/last-edit');
    const l = new LastEdit();
    expect(l.isFeature).toBe(false);
    l.featureWritten(true);
    for (const kind of ['load', 'reset'] as const) { l.networkChanged({ kind, rejected: null }); expect(l.isFeature).toBe(true); }
    l.networkChanged({ kind: 'edit', rejected: 'not allowed' });
    expect(l.isFeature).toBe(true);
    for (const kind of ['edit', 'undo', 'redo'] as const) {
      l.featureWritten(true);
      l.networkChanged({ kind, rejected: null });
      expect(l.isFeature, kind).toBe(false);
    }
    l.featureWritten(true);
    l.featureWritten(false); // the feature edit was undone: nothing of it is left to undo
    expect(l.isFeature).toBe(false);
  });
});
