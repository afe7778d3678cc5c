// "Delete unused trenches" (spec 3 §7 DELETE /fttx/unused-trenches): a project-level action of the layer panel's
// category holding the trench layer. Asks first (modal service), then deletes the project's trenches whose `cables`
// map names no existing feature, tells the count deleted and has the stored fttx layers re-read. Offered only to
// users whose policy allows network edits (the server refuses the others anyway) and only inside a project route.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDeleteUnusedTrenchesMutation } from '../api/endpoints/fttx';
import { openModal } from '../shell/modal-service';
import { notify } from '../shell/notification-store';
import { usePolicy } from '../auth/policies';
import { notifyStoredFeaturesChanged } from './stored-features-events';
import { fttxLayersOf } from './info/FttxFeatureActions';

export function DeleteUnusedTrenches({ projectId }: { projectId?: number }) {
  const params = useParams();
  const id = projectId ?? Number(params.projectId);
  const { allows } = usePolicy();
  if (!Number.isInteger(id) || id < 1 || !allows('network.edit')) return null;
  return <Action projectId={id} />;
}

function Action({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [trigger] = useDeleteUnusedTrenchesMutation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const answer = await openModal({
      title: t('fttx.actions.deleteUnusedTrenches'), content: t('fttx.actions.deleteUnusedTrenchesConfirm'),
      confirmLabel: t('fttx.actions.confirm'), cancelLabel: t('fttx.actions.cancel'), confirmValue: true, testId: 'delete-unused-trenches-modal',
    });
    if (answer.type !== 'confirm') return;
    setBusy(true);
    try {
      const r = await trigger({ projectId }).unwrap();
      notifyStoredFeaturesChanged(projectId, fttxLayersOf(['trench']));
      notify('fttx.actions.deleteUnusedTrenchesDone', 'Information', { translationParams: { count: r.deleted } });
    } catch (e) {
      const reason = (e as { data?: { message?: string } })?.data?.message ?? (e as Error)?.message ?? String(e);
      notify('fttx.actions.failed', 'Error', { translationParams: { reason } });
    } finally { setBusy(false); }
  };
  return <button type="button" data-testid="delete-unused-trenches" disabled={busy} onClick={() => void run()}>{t('fttx.actions.deleteUnusedTrenches')}</button>;
}
