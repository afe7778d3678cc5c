// Translation fragments i18n/{en,nl}/layers.json cover every layer name, category, legend label, style and panel text
// the layer code uses; legends are drawn from the style functions (same colour as the map).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { CATALOGUE, CATEGORIES, STYLES, legendFor, getLayer, getStyle } from 'layers';

const load = (lang: string) => JSON.parse(readFileSync(`i18n/${lang}/layers.json`, 'utf8')).layers;

describe('layer translations', () => {
  for (const lang of ['en', 'nl']) {
    it(`${lang}: every layer, category, legend label and style has a text`, () => {
      const t = load(lang);
      for (const e of CATALOGUE) expect(t.names[e.name], e.name).toBeTypeOf('string');
      for (const c of CATEGORIES) expect(t.categories[c], c).toBeTypeOf('string');
      for (const s of STYLES.values()) {
        expect(t.styles[s.name], s.name).toBeTypeOf('string');
        for (const l of s.legend) if (l.label) expect(t.legend[l.label.slice('legend.'.length)], l.label).toBeTypeOf('string');
      }
      for (const k of ['title', 'opacity', 'style', 'legend', 'restoreDefaults']) expect(t.panel[k]).toBeTypeOf('string');
      expect(t.notification['map-unauthorized']).toContain('{{layer}}');
      expect(t.notification['map-unavailable']).toContain('{{layer}}');
    });
  }
  it('nl differs from en for translated names', () => {
    expect(load('nl').names.trenches).toBe('Sleuven');
    expect(load('en').names.trenches).toBe('Trenches');
  });
});

describe('legend', () => {
  it('swatches come from the style function: DP fill states at the project minimum usage', () => {
    const items = legendFor(getLayer('dp'));
    expect(items.map((i) => i.label)).toEqual(['legend.overPhysicalCapacity', 'legend.overCapacity', 'legend.full', 'legend.overMinimumUsage', 'legend.underMinimumUsage']);
    const fn = getStyle('dp').fn;
    expect(items[2].color).toEqual(fn({ physical_capacity: 48, capacity: 46, connections: 46 }, 20)!.color);
  });
  it('fixed styles give one swatch labelled by the layer name; the chosen style changes the legend', () => {
    expect(legendFor(getLayer('edges'))).toEqual([expect.objectContaining({ label: 'names.edges', geometry: 'line' })]);
    expect(legendFor(getLayer('heatPipes'), 'heatPipePressureDrop')).toHaveLength(5);
    expect(legendFor(getLayer('heatPipes'), 'unknown').map((l) => l.label)).toEqual(['legend.primary', 'legend.secondary']);
  });
});
