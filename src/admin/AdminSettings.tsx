// admin-settings (policy admin.settings, issue 16): the sign-in settings and the organisation's layer offer, editable
// and stored on the server (applied without a restart), and the audit log of their changes.
import { useTranslation } from 'react-i18next';
import { useAdminEventsQuery } from '../api/endpoints/management';
import { formatDateTime } from '../i18n/format';
import { SignInSettingsForm } from './SignInSettingsForm';
import { LayerOfferEditor } from './LayerOfferEditor';

function AdminEventLog() {
  const { t } = useTranslation();
  const events = useAdminEventsQuery();
  const rows = events.data?.data ?? [];
  return (
    <section className="admin-event-log" data-testid="admin-event-log">
      <h2>{t('admin_settings.event_log')}</h2>
      {events.isSuccess && !rows.length && <p>{t('admin_settings.event_log_empty')}</p>}
      <ul>
        {rows.map((e) => (
          <li key={e.id}><time>{formatDateTime(e.createdAt)}</time> {e.userName ?? ''}: {t(`admin_settings.events.${e.type}`, { defaultValue: e.type })}</li>
        ))}
      </ul>
    </section>
  );
}

export function AdminSettings() {
  const { t } = useTranslation();
  return (
    <main className="admin-settings" data-testid="admin-settings">
      <h1>{t('admin_settings.title')}</h1>
      <SignInSettingsForm />
      <LayerOfferEditor />
      <AdminEventLog />
    </main>
  );
}
