// @vitest-environment jsdom
// Layer panel: categories with icons (none for Other), visibility toggle, opacity slider, style selector, legend of
// each visible layer drawn from the style functions, restore defaults (spec 3 §2, spec 2 §4).
import { describe, it, expect, afterEach } from 'vitest';
import { useState } from 'react';
import { render, screen, fireEvent, cleanup, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { readFileSync } from 'node:fs';
import { LayerPanel, type LayerChange } from '../../../src/layers-panel';
import { CONTEXT_DEFAULTS, getLayer, resolveView, restoreView, upsertSetting, type LayerSetting, dpFillColorFor } from './support';

const en = JSON.parse(readFileSync('i18n/en/layers.json', 'utf8'));
const entries = ['dp', 'cap', 'edges', 'heatPipes', 'brtAchtergrondkaart', 'notes'].map(getLayer);

function Harness({ log }: { log: { changes: LayerChange[]; restores: number } }) {
  const [settings, setSettings] = useState<LayerSetting[]>([]);
  const resolved = resolveView(entries, { mapContext: 'dp', userSettings: settings, viewDefaults: CONTEXT_DEFAULTS.dp, recommended: new Map() });
  return (
    <LayerPanel entries={entries} settings={resolved} dpMinimumUsage={75}
      onChange={(c) => { log.changes.push(c); setSettings((s) => upsertSetting(s, { mapContext: 'dp', layerName: c.layerName, visible: c.visible, opacity: c.opacity, layerStyle: c.style })); }}
      onRestoreDefaults={() => { log.restores++; setSettings((s) => restoreView(s, 'dp')); }} />
  );
}

async function setup() {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  const log = { changes: [] as LayerChange[], restores: 0 };
  render(<I18nextProvider i18n={i18n}><Harness log={log} /></I18nextProvider>);
  return log;
}

afterEach(cleanup);

describe('LayerPanel', () => {
  it('groups layers by category with icons, none for Other', async () => {
    await setup();
    expect(screen.getByTestId('layer-category-Network')).toHaveProperty('textContent', expect.stringContaining('Network'));
    expect(screen.getByTestId('category-icon-Network')).toBeTruthy();
    expect(screen.getByTestId('category-icon-Background')).toBeTruthy();
    expect(screen.getByTestId('layer-category-Other')).toBeTruthy();
    expect(screen.queryByTestId('category-icon-Other')).toBeNull();
    expect(screen.getByLabelText('Distribution points')).toBeTruthy();
  });

  it('visible layers show a legend drawn from the style function; toggling hides it and reports the change', async () => {
    const log = await setup();
    const legend = screen.getByTestId('legend-dp');
    expect(within(legend).getByText('Over physical capacity')).toBeTruthy();
    expect(within(legend).getByText('Under minimum usage')).toBeTruthy();
    const colors = [...legend.querySelectorAll('svg')].map((s) => s.getAttribute('data-color'));
    expect(colors[0]).toBe(dpFillColorFor('overPhysicalCapacity').join(','));
    fireEvent.click(screen.getByTestId('layer-toggle-dp'));
    expect(log.changes.at(-1)).toMatchObject({ layerName: 'dp', visible: false });
    expect(screen.queryByTestId('legend-dp')).toBeNull();
    // edges are hidden by default (global default) — toggle on shows its legend
    expect(screen.queryByTestId('legend-edges')).toBeNull();
    fireEvent.click(screen.getByTestId('layer-toggle-edges'));
    expect(screen.getByTestId('legend-edges')).toBeTruthy();
  });

  it('opacity slider reports the opacity and the legend follows it', async () => {
    const log = await setup();
    fireEvent.change(screen.getByTestId('layer-opacity-dp'), { target: { value: '0.4' } });
    expect(log.changes.at(-1)).toMatchObject({ layerName: 'dp', opacity: 0.4, visible: true });
    const svg = screen.getByTestId('legend-dp').querySelector('svg')!;
    expect(svg.style.opacity).toBe('0.4');
  });

  it('style selector only for layers with several styles; the legend switches with the style', async () => {
    const log = await setup();
    expect(screen.queryByTestId('layer-style-dp')).toBeNull();
    expect((screen.getByTestId('layer-toggle-heatPipes') as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByTestId('legend-heatPipes')).getByText('Primary')).toBeTruthy();
    fireEvent.change(screen.getByTestId('layer-style-heatPipes'), { target: { value: 'heatPipeFlowVelocity' } });
    expect(log.changes.at(-1)).toMatchObject({ layerName: 'heatPipes', style: 'heatPipeFlowVelocity' });
    expect(within(screen.getByTestId('legend-heatPipes')).getByText('Flow velocity too high (≥ 4)')).toBeTruthy();
  });

  it("restore defaults clears the view's user settings", async () => {
    const log = await setup();
    fireEvent.click(screen.getByTestId('layer-toggle-dp'));
    expect(screen.queryByTestId('legend-dp')).toBeNull();
    fireEvent.click(screen.getByTestId('layer-restore-defaults'));
    expect(log.restores).toBe(1);
    expect(screen.getByTestId('legend-dp')).toBeTruthy();
  });
});
