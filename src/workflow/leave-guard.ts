// The workflow leave decision (spec 1 §2): with unsaved changes and a valid session the user chooses cancel, leave
// without saving, or leave and save; a failed save shows 'unable to save' and cancels leaving.
import i18next from 'i18next';
import { createElement } from 'react';
import { openModal } from '../shell/modal-service';
import { notifyError } from '../shell/notification-store';
import { hasUnsavedChanges, saveUnsavedChanges } from './unsaved-changes';
import { UnsavedChangesDialog, type LeaveChoice } from '../shell/UnsavedChangesDialog';

export const UNABLE_TO_SAVE_KEY = 'workflow.unable_to_save';

/** Resolves true when leaving may go on. */
export async function confirmLeave(sessionValid: boolean): Promise<boolean> {
  if (!sessionValid || !hasUnsavedChanges()) return true;
  const r = await openModal<LeaveChoice>({
    title: i18next.t('workflow.unsaved.title'),
    testId: 'unsaved-changes-dialog',
    content: (c) => createElement(UnsavedChangesDialog, { controls: c }),
  });
  if (r.type !== 'confirm') return false;
  if (r.value === 'discard') return true;
  try {
    await saveUnsavedChanges();
    return true;
  } catch (err) {
    console.error('unable to save', err);
    notifyError(UNABLE_TO_SAVE_KEY);
    return false;
  }
}
