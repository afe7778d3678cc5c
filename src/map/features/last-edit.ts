// Which kind of edit was the last one, for Ctrl+Z (issue 12): a stored-feature write makes the feature edit the last
// one; a network gesture, undo or redo after it (not an area load, a save or a refused gesture) gives Ctrl+Z back to
// the network history. Undoing the feature edit ends it too (one level: "undo of the last feature edit").
import type { ChangeEvent } from '../edit-session';

export class LastEdit {
  private feature = false;

  /** A feature write succeeded (true) or the last feature edit was undone (false). */
  featureWritten(undoable: boolean): void { this.feature = undoable; }

  /** A change of the network session. */
  networkChanged(e: Pick<ChangeEvent, 'kind' | 'rejected'>): void {
    if (e.kind !== 'load' && e.kind !== 'reset' && !e.rejected) this.feature = false;
  }

  /** Ctrl+Z undoes the last feature edit (not the network history). */
  get isFeature(): boolean { return this.feature; }
}
