// Pure helpers of the settings editor: validator paths, immutable writes, the document Save sends (only what
// differs from the defaults; the server's read gives the same effective settings back), problems by path, a
// profile's part; and every tab, profile type and field of every template has an English and a Dutch label.
import { describe, it, expect } from 'vitest';
import {
  defaultSettings, effectiveSettings, PROFILE_TYPES, TABS, TEMPLATE_IDS, templateById, templateFor, templateRoot, type Field,
} from 'common/settings/index';
import { deepEqual } from 'engine/equal';
import { parsePath, problemsByPath, profilePart, settingsToSave, updateAt } from '../../../src/settings/settings-doc';
import { nextItem } from '../../../src/settings/editor/ListEditor';
import { merged } from '../support/i18n';

describe('settings document helpers', () => {
  it('reads validator paths and writes without touching the original', () => {
    expect(parsePath('network.cable_types[12].capacity[0].maxLength')).toEqual(['network', 'cable_types', 12, 'capacity', 0, 'maxLength']);
    const doc = { network: { cable_types: [{ name: 'a' }, { name: 'b' }] }, trenchCosts: { road: { cost: 1 } } };
    const next = updateAt(doc, parsePath('network.cable_types[1].name'), 'c') as typeof doc;
    expect(next.network.cable_types.map((r) => r.name)).toEqual(['a', 'c']);
    expect(doc.network.cable_types[1].name).toBe('b');
    expect(next.trenchCosts).toBe(doc.trenchCosts);
  });

  it('Save sends only the changes; the server lays them over the defaults to the same settings', () => {
    const t = templateFor(30);
    expect(settingsToSave(t, defaultSettings(t))).toEqual({});
    let draft = defaultSettings(t);
    draft = updateAt(draft, parsePath('trenchCosts.road.cost'), 5) as typeof draft;
    draft = updateAt(draft, parsePath('network.transformer_types[0].cost'), 1) as typeof draft;
    draft = updateAt(draft, parsePath('trenchCosts.rock'), { cost: 9, method: '+', priority: 2, active: true }) as typeof draft;
    const sent = settingsToSave(t, draft) as { network: { transformer_types: unknown[] }; trenchCosts: unknown };
    expect(Object.keys(sent)).toEqual(['network', 'trenchCosts']);
    expect(Object.keys(sent.network)).toEqual(['transformer_types']);
    expect(sent.network.transformer_types).toHaveLength(4);
    expect(sent.trenchCosts).toEqual({ road: { cost: 5 }, rock: { cost: 9, method: '+', priority: 2, active: true } });
    expect(deepEqual(effectiveSettings(t, sent), draft)).toBe(true);
  });

  it('groups problem texts by path without the path prefix', () => {
    const m = problemsByPath([
      { path: 'a.b', message: 'a.b must be a number' }, { path: 'a.b', message: 'a.b must be a number' }, { path: '', message: 'settings must be an object' },
    ]);
    expect(m.get('a.b')).toEqual(['must be a number']);
    expect(m.get('')).toEqual(['settings must be an object']);
  });

  it("a profile holds its type's part, mainProfile everything", () => {
    const s = defaultSettings(templateFor(30));
    expect(Object.keys(profilePart('cableTypes', s))).toEqual(['network']);
    expect(Object.keys(profilePart('cableTypes', s).network as object)).toEqual(['cable_types']);
    expect(profilePart('mainProfile', s)).toEqual(s);
  });

  it('a list adds the next unused option or number', () => {
    const root = templateRoot(templateById('fttx'));
    const colours = (root.fields.colorCoding as { fields: Record<string, Field> }).fields.inner_duct_colours;
    if (colours.type !== 'list' || colours.item.type !== 'enum') throw new Error('enum list expected');
    expect(nextItem(colours, ['red'])).toBe('white');
    expect(nextItem(colours, [...colours.item.options])).toBeUndefined();
  });
});

describe('settings labels', () => {
  const keys = new Set<string>();
  const walk = (f: Field) => {
    if (f.type === 'group') for (const [k, s] of Object.entries(f.fields)) { keys.add(k); walk(s); }
    if (f.type === 'table') for (const [k, s] of Object.entries(f.row)) { keys.add(k); walk(s); }
    if (f.type === 'map') walk(f.value);
  };
  for (const id of TEMPLATE_IDS) walk(templateRoot(templateById(id)));

  for (const lang of ['en', 'nl'] as const) {
    it(`${lang}: every tab, profile type and field key is translated`, () => {
      const s = merged(lang).settings as Record<string, Record<string, string>>;
      const missing = [
        ...[...Object.keys(TABS), 'profiles'].filter((k) => !s.tab[k]).map((k) => `tab.${k}`),
        ...PROFILE_TYPES.filter((k) => !s.profile_type[k]).map((k) => `profile_type.${k}`),
        ...[...keys].filter((k) => !s.field[k]).map((k) => `field.${k}`),
      ];
      expect(missing).toEqual([]);
    });
  }
});
