// What the map screen's React parts show, as one immutable snapshot of the controller (the external store's value):
// mode and edit rights, history state, selection, the operations on the selection with the engine's disabled reason,
// the tool's tooltip at its screen position and the scale bar. A new snapshot is published only when a field differs.
import type { Id } from 'engine/types';
import type { ModeBits } from './modes';
import { scaleBar } from './scale-bar';
import type { SessionState } from './edit-session';
import type { MapController } from './map-controller';

export interface TooltipView { x: number; y: number; text: string; colour: 'green' | 'red' | 'neutral'; extra?: string }

export interface MapSnapshot {
  loaded: boolean;
  hasSession: boolean;
  mode: ModeBits;
  editable: boolean;
  canEdit: boolean;
  multiSelect: boolean;
  history: SessionState | null;
  /** The engine model the snapshot was taken from (changes with every edit, undo, redo and area merge). */
  model: unknown;
  selection: readonly Id[];
  /** Operations on the selection: null when allowed, else the engine's reason (shown on the toolbar button). */
  operations: { deleteSelection: string | null; unsnapSelection: string | null };
  tooltip: TooltipView | null;
  scale: { widthPx: number; label: string } | null;
}

const NOTHING_SELECTED = 'nothing selected';

/** The snapshot of the controller now; `prev` lets unchanged parts (operations of the same selection) be reused. */
export function mapSnapshot(c: MapController, prev?: MapSnapshot): MapSnapshot {
  const s = c.binding.session;
  const history = s ? s.state() : null;
  const selection = c.binding.selection;
  const canEdit = !!c.router && c.router.canEdit();
  const model = s?.model ?? null;
  const sameInputs = prev && prev.selection === selection && prev.model === model && prev.canEdit === canEdit;
  const operations = sameInputs ? prev.operations : {
    deleteSelection: !selection.length ? NOTHING_SELECTED : c.binding.disabled({ type: 'deleteObjects', ids: [...selection] }),
    unsnapSelection: !selection.length ? NOTHING_SELECTED : c.binding.disabled({ type: 'unsnap', ids: [...selection] }),
  };
  const sketch = c.router?.sketch();
  const label = sketch?.label;
  const xy = label && c.loaded ? c.toScreen(label.at) : null;
  const bar = c.loaded ? scaleBar(c.metresPerPixel()) : null;
  return {
    loaded: c.loaded, hasSession: !!s, mode: c.router?.mode ?? 1, editable: c.router?.editable ?? false, canEdit,
    multiSelect: !!c.router?.tools.select.multiSelect, history, model, selection, operations,
    tooltip: label && xy ? { x: xy[0], y: xy[1], text: label.text, colour: label.colour ?? 'neutral', extra: label.extra } : null,
    scale: bar ? { widthPx: Math.round(bar.widthPx * 10) / 10, label: bar.label } : null,
  };
}

function sameHistory(a: SessionState | null, b: SessionState | null): boolean {
  if (!a || !b) return a === b;
  return a.canUndo === b.canUndo && a.canRedo === b.canRedo && a.canSave === b.canSave && a.limitReached === b.limitReached && a.size === b.size;
}

function sameTooltip(a: TooltipView | null, b: TooltipView | null): boolean {
  if (!a || !b) return a === b;
  return a.x === b.x && a.y === b.y && a.text === b.text && a.colour === b.colour && a.extra === b.extra;
}

export function sameSnapshot(a: MapSnapshot, b: MapSnapshot): boolean {
  return a.loaded === b.loaded && a.hasSession === b.hasSession && a.mode === b.mode && a.editable === b.editable
    && a.canEdit === b.canEdit && a.multiSelect === b.multiSelect && sameHistory(a.history, b.history) && a.model === b.model
    && a.selection === b.selection && a.operations === b.operations && sameTooltip(a.tooltip, b.tooltip)
    && a.scale?.widthPx === b.scale?.widthPx && a.scale?.label === b.scale?.label;
}
