// Map toolbar: the interaction modes of spec 3 §2/§4 as toggle buttons, the draw object choice, the operations on the
// selection (delete, unsnap) disabled with the engine's reason as their tooltip, undo/redo (20-item limit signal), save
// and geolocation; 'Add note' (the next map click places a stored note) and 'Undo last feature edit' (issue 12). Edit tools are absent for viewers / read-only and disabled above the edit
// resolution. While locked an overlay blocks clicks and drags on the toolbar and the map.
import { useTranslation } from 'react-i18next';
import type { ObjectType } from 'engine/types';
import { Mode, has, type ModeBits } from './modes';

export interface ToolbarProps {
  mode: ModeBits;
  readOnly: boolean;
  canEdit: boolean;
  multiSelect: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canSave: boolean;
  limitReached: boolean;
  drawTypes: ObjectType[];
  drawTypeId: number | null;
  onDrawType(id: number | null): void;
  onToggle(mode: number): void;
  onMultiSelect(): void;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
  onLocate(): void;
  /** Operations on the selection: null when allowed, else why not (the engine operation's disabled reason). */
  operations?: { deleteSelection: string | null; unsnapSelection: string | null };
  onDeleteSelection?(): void;
  onUnsnapSelection?(): void;
  layersOpen?: boolean;
  onLayers?(): void;
  /** Stored features (issue 12): placing a note with the next click, the undo of the last feature edit. */
  addingNote?: boolean;
  onAddNote?(): void;
  canUndoFeature?: boolean;
  onUndoFeature?(): void;
  /** The street-level imagery panel (spec 3 §2); offered only with the coverage permission. */
  streetLevelOpen?: boolean;
  onStreetLevel?(): void;
}

const EDIT_TOOLS: [number, string][] = [
  [Mode.Draw, 'draw'], [Mode.DrawFeature, 'draw_feature'], [Mode.Modify, 'modify'], [Mode.Split, 'split'],
  [Mode.DeleteFeature, 'delete_feature'], [Mode.DeleteSegment, 'delete_segment'], [Mode.Unsnap, 'unsnap'],
];

export function Toolbar(p: ToolbarProps) {
  const { t } = useTranslation();
  const btn = (m: number, key: string, disabled = false) => (
    <button key={key} type="button" data-testid={`tool-${key}`} aria-pressed={has(p.mode, m)} disabled={disabled} onClick={() => p.onToggle(m)}>
      {t(`map.tools.${key}`)}
    </button>
  );
  /** An operation button: disabled with the reason as its title (and data-reason for tests) when refused. */
  const op = (key: string, reason: string | null | undefined, run?: () => void) => {
    const why = !p.canEdit ? t('map.hint.zoom_in_to_edit') : reason ?? null;
    return (
      <button key={key} type="button" data-testid={`op-${key}`} disabled={!!why || !run} title={why ?? t(`map.tools.${key}`)}
        data-reason={why ?? ''} onClick={() => run?.()}>
        {t(`map.tools.${key}`)}
      </button>
    );
  };
  return (
    <div className="map-toolbar" role="toolbar" aria-label={t('map.tools.toolbar')} data-testid="map-toolbar">
      {btn(Mode.Select, 'select')}
      <button type="button" data-testid="tool-multi_select" aria-pressed={p.multiSelect} onClick={p.onMultiSelect}>{t('map.tools.multi_select')}</button>
      {btn(Mode.Measure, 'measure')}
      {!p.readOnly && (
        <>
          <select data-testid="draw-object" aria-label={t('map.tools.draw_object')} value={p.drawTypeId ?? ''} onChange={(e) => p.onDrawType(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">{t('map.tools.line')}</option>
            {p.drawTypes.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </select>
          {EDIT_TOOLS.map(([m, k]) => btn(m, k, !p.canEdit))}
          {op('delete_selection', p.operations?.deleteSelection, p.onDeleteSelection)}
          {op('unsnap_selection', p.operations?.unsnapSelection, p.onUnsnapSelection)}
          {p.onAddNote && <button type="button" data-testid="tool-add-note" aria-pressed={!!p.addingNote} onClick={p.onAddNote}>{t('map.features.add_note')}</button>}
          <button type="button" data-testid="tool-undo" disabled={!p.canUndo} onClick={p.onUndo}>{t('map.tools.undo')}</button>
          {p.onUndoFeature && <button type="button" data-testid="tool-undo-feature" disabled={!p.canUndoFeature} onClick={p.onUndoFeature}>{t('map.features.undo')}</button>}
          <button type="button" data-testid="tool-redo" disabled={!p.canRedo} onClick={p.onRedo}>{t('map.tools.redo')}</button>
          <button type="button" data-testid="tool-save" disabled={!p.canSave} className={p.limitReached ? 'attention' : undefined} onClick={p.onSave}>
            {t('map.tools.save')}{p.limitReached ? ' (20)' : ''}
          </button>
        </>
      )}
      <button type="button" data-testid="tool-geolocation" onClick={p.onLocate}>{t('map.tools.geolocation')}</button>
      {p.onStreetLevel && <button type="button" data-testid="tool-street_level" aria-pressed={!!p.streetLevelOpen} onClick={p.onStreetLevel}>{t('streetlevel.tool')}</button>}
      {p.onLayers && <button type="button" data-testid="tool-layers" aria-pressed={!!p.layersOpen} onClick={p.onLayers}>{t('map.tools.layers')}</button>}
    </div>
  );
}
