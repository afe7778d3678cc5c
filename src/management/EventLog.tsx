// The event log of one project (management dashboard, issue 16): when, who and what (created, opened, saved, deleted,
// restored, unlocked), newest first, from GET /api/management/project/{id}/event_log.
import { useTranslation } from 'react-i18next';
import { useManagementEventsQuery } from '../api/endpoints/management';
import { formatDateTime } from '../i18n/format';

export function EventLog({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const events = useManagementEventsQuery(projectId);
  const rows = events.data?.data ?? [];
  if (events.isLoading) return <p aria-busy="true">{t('shell.loading.default')}</p>;
  if (events.isSuccess && !rows.length) return <p>{t('management.event_log_empty')}</p>;
  return (
    <table className="event-log" data-testid="event-log">
      <thead><tr><th>{t('management.event_fields.when')}</th><th>{t('management.event_fields.who')}</th><th>{t('management.event_fields.what')}</th></tr></thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.id} data-event-type={e.type}>
            <td>{formatDateTime(e.createdAt)}</td>
            <td>{e.userId === null ? t('management.system_user') : (e.userName ?? t('management.unknown_user'))}</td>
            <td>{t(`management.events.${e.type}`, { defaultValue: e.type })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
