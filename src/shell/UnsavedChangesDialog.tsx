// Body of the unsaved-changes dialog (spec 1 §2): the message and three buttons — cancel, leave without saving,
// leave and save.
import { useTranslation } from 'react-i18next';
import type { ModalControls } from './modal-service';

export type LeaveChoice = 'discard' | 'save';

export function UnsavedChangesDialog({ controls }: { controls: ModalControls<LeaveChoice> }) {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t('workflow.unsaved.message')}</p>
      <div className="form-buttons">
        <button type="button" onClick={controls.cancel}>{t('shell.cancel')}</button>
        <button type="button" onClick={() => controls.confirm('discard')}>{t('workflow.unsaved.leave_without_saving')}</button>
        <button type="button" className="primary" onClick={() => controls.confirm('save')}>{t('workflow.unsaved.leave_and_save')}</button>
      </div>
    </div>
  );
}
