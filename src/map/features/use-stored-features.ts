// React glue of the stored-feature editing on the map (issue 12): the selected stored feature, the feature edits
// (each one feature transaction through the RTK mutation, chunk by chunk), placing a note with the next map click,
// and the undo of the last feature edit — from the card, the toolbar, or Ctrl+Z while the last edit of either kind
// was a feature edit (a network gesture, undo or redo after it gives Ctrl+Z back to the network history).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { getLayer } from 'layers';
import type { AppDispatch } from '../../app/store';
import { featureTransactionApi } from '../../api/endpoints/feature-transaction';
import { notify } from '../../shell/notification-store';
import { notifyStoredFeaturesChanged } from '../stored-features-events';
import type { MapController } from '../map-controller';
import { ValueStore, type StoredSelection } from './stored-selection';
import { FeatureEdits, type FeatureEdit } from './feature-edits';
import { newUuid, type StoredFeature } from './stored-feature';
import { NOTE_DEFAULTS } from '../info/stored-feature-fields';
import { LastEdit } from './last-edit';

const NONE = new ValueStore<StoredSelection | null>(null);

export interface StoredFeaturesUi {
  selection: StoredSelection | null;
  busy: boolean;
  canUndo: boolean;
  placingNote: boolean;
  /** The next map click places a note (again: cancels). */
  toggleAddNote(): void;
  apply(after: StoredFeature): void;
  remove(): void;
  undo(): void;
  close(): void;
}

/** A new point note at `p` (map units) with the spec's default style. */
export function newNote(p: [number, number]): StoredFeature {
  const { size, color, opacity, fillColor, labelPosition, labelOrientation, labelFontSize } = NOTE_DEFAULTS;
  return {
    uuid: newUuid(), table: 'note', type: 'note', layer: 'notes', category: null, name: null, topologyId: null,
    properties: { size, color, opacity, fillColor, labelPosition, labelOrientation, labelFontSize }, geometry: { type: 'Point', coordinates: p },
  };
}

export function useStoredFeatures(ctl: MapController | null, projectId: number | undefined, editable: boolean): StoredFeaturesUi {
  const dispatch = useDispatch<AppDispatch>();
  const store = ctl?.storedSelection ?? NONE;
  const selection = useSyncExternalStore(store.subscribe, store.get);
  const [state, setState] = useState({ busy: false, canUndo: false });
  const [placingNote, setPlacingNote] = useState(false);
  /** Whether the last edit (of either kind) was a feature edit: Ctrl+Z then undoes it. */
  const lastEdit = useRef(new LastEdit()).current;

  const edits = useMemo(() => (projectId === undefined ? null : new FeatureEdits({
    send: (product, xml) => dispatch(featureTransactionApi.endpoints.featureTransaction.initiate({ projectId, product, xml })).unwrap(),
    changed: (layers) => notifyStoredFeaturesChanged(projectId, layers),
  })), [dispatch, projectId]);

  useEffect(() => {
    if (!edits) return;
    return edits.subscribe(() => setState({ busy: edits.busy, canUndo: !!edits.last }));
  }, [edits]);

  const run = useCallback(async (work: () => Promise<unknown>, then?: () => void) => {
    try {
      await work();
      lastEdit.featureWritten(!!edits?.last);
      then?.();
    } catch (e) {
      notify('map.features.failed', 'Error', { translationParams: { reason: (e as Error).message } });
    }
  }, [edits, lastEdit]);

  const undo = useCallback(() => {
    const e: FeatureEdit | null = edits?.last ?? null;
    if (!edits || !e) return;
    void run(() => edits.undoLast(), () => {
      // the feature shows its state again (an undone insert is gone)
      ctl?.storedSelection.set(e.before ? { layer: e.layer, feature: e.before } : null);
      notify('map.features.undone', 'Information');
    });
  }, [ctl, edits, run]);

  // Ctrl+Z and the network history: a network gesture, undo or redo makes the network the last edit again
  useEffect(() => {
    if (!ctl || !edits || !editable) return;
    const off = ctl.binding.subscribe((e) => lastEdit.networkChanged(e));
    ctl.router.featureUndo = () => { if (!lastEdit.isFeature || !edits.last || edits.busy) return false; undo(); return true; };
    return () => { off(); ctl.router.featureUndo = null; };
  }, [ctl, edits, editable, undo, lastEdit]);

  // placing a note: the next map click inserts it (Esc cancels)
  const toggleAddNote = useCallback(() => {
    if (!ctl || !edits) return;
    if (ctl.router.placeNext) { ctl.router.placeNext = null; setPlacingNote(false); return; }
    setPlacingNote(true);
    ctl.router.onPlaceCancelled = () => setPlacingNote(false);
    ctl.router.placeNext = (p) => {
      setPlacingNote(false);
      const note = newNote(p);
      const layer = getLayer('notes');
      void run(() => edits.insert(layer, note), () => { ctl.storedSelection.set({ layer, feature: edits.last?.after ?? note }); notify('map.features.inserted', 'Information'); });
    };
  }, [ctl, edits, run]);
  useEffect(() => () => { if (ctl) { ctl.router.placeNext = null; ctl.router.onPlaceCancelled = null; } }, [ctl]);

  return {
    selection, busy: state.busy, canUndo: state.canUndo, placingNote, toggleAddNote, undo,
    apply: (after) => {
      const s = store.get();
      if (!edits || !s) return;
      void run(() => edits.update(s.layer, s.feature, after), () => ctl?.storedSelection.set({ layer: s.layer, feature: edits.last?.after ?? after }));
    },
    remove: () => {
      const s = store.get();
      if (!edits || !s) return;
      void run(() => edits.remove(s.layer, s.feature), () => { ctl?.storedSelection.set(null); notify('map.features.deleted', 'Information'); });
    },
    close: () => ctl?.storedSelection.set(null),
  };
}
