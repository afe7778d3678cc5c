// @vitest-environment jsdom
// Info card of a selected stored feature (issue 12): titled by the feature's name or its layer's name, the layer's
// editor with the spec defaults (note: size 7, yellow, label font 12, opacity 1), Apply sends the feature with the
// form's values (one update), Delete and Undo call back; viewers / read-only: values only, no edit controls.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getLayer } from 'layers';
import { StoredFeatureCard } from '../../../../src/map/info/StoredFeatureCard';
import type { StoredFeature } from '../../../../src/map/features/stored-feature';
import { setupI18n } from '../../support/i18n';

const NOTE: StoredFeature = { uuid: 'n-1', table: 'note', type: 'note', layer: 'notes', category: null, name: null, topologyId: null, properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } };
const PHASE: StoredFeature = { ...NOTE, uuid: 'p-1', table: 'fttx_feature', type: 'phase', name: 'Phase 1', properties: { status: 'scheduled' } };

function show(f: StoredFeature, layer: string, readOnly = false) {
  const calls: { apply: StoredFeature[]; del: number; undo: number } = { apply: [], del: 0, undo: 0 };
  render(<StoredFeatureCard selection={{ layer: getLayer(layer), feature: f }} readOnly={readOnly} busy={false} canUndo
    onApply={(a) => calls.apply.push(a)} onDelete={() => calls.del++} onUndo={() => calls.undo++} onClose={() => {}} />);
  return calls;
}
const field = (k: string) => document.querySelector(`[data-field=${k}]`) as HTMLInputElement;

beforeAll(async () => { await setupI18n('en'); });
afterEach(cleanup);

describe('stored feature card', () => {
  it('a note without a name is titled by its layer; the note editor shows the spec defaults; Apply sends the edit', () => {
    const calls = show(NOTE, 'notes');
    expect(screen.getByTestId('stored-feature-title').textContent).toBe('Notes');
    expect(screen.getByTestId('stored-feature-card').dataset.editor).toBe('note');
    expect([field('size').value, field('color').value, field('opacity').value, field('labelFontSize').value, field('labelPosition').value, field('labelOrientation').value])
      .toEqual(['7', '#ffdd00', '1', '12', 'E', 'horizontal']);
    expect((screen.getByTestId('stored-feature-apply') as HTMLButtonElement).disabled).toBe(true); // nothing changed yet
    fireEvent.change(field('name'), { target: { value: 'Check permit' } });
    fireEvent.click(screen.getByTestId('stored-feature-apply'));
    expect(calls.apply).toHaveLength(1);
    expect(calls.apply[0]).toMatchObject({ uuid: 'n-1', name: 'Check permit', properties: { size: 7, color: '#ffdd00', opacity: 1, labelFontSize: 12 } });
    fireEvent.click(screen.getByTestId('stored-feature-delete'));
    fireEvent.click(screen.getByTestId('stored-feature-undo'));
    expect([calls.del, calls.undo]).toEqual([1, 1]);
  });

  it('a phase: titled by its name, status select of the five statuses', () => {
    show(PHASE, 'phases');
    expect(screen.getByTestId('stored-feature-title').textContent).toBe('Phase 1');
    const status = field('status') as unknown as HTMLSelectElement;
    expect(status.value).toBe('scheduled');
    expect([...status.options].map((o) => o.value)).toEqual(['new', 'scheduled', 'underConstruction', 'surveyed', 'completed']);
  });

  it('read-only (viewers): values only, no inputs and no Apply / Delete / Undo', () => {
    show(PHASE, 'phases', true);
    expect(document.querySelectorAll('input, select, textarea')).toHaveLength(0);
    for (const id of ['stored-feature-apply', 'stored-feature-delete', 'stored-feature-undo']) expect(screen.queryByTestId(id), id).toBeNull();
    expect(document.querySelector('[data-attr=status] .attr-value')!.textContent).toBe('Scheduled');
  });

  it('a dimensioning line shows its length in metres', () => {
    show({ ...NOTE, uuid: 'd', table: 'fttx_feature', type: 'dimensioning_line', geometry: { type: 'LineString', coordinates: [[570000, 6817000], [570010, 6817000]] } }, 'dimensioningLines');
    expect(screen.getByTestId('stored-feature-length').textContent).toMatch(/^6\.\d\d m$/);
  });
});
