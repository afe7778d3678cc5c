// admin-settings (policy admin.settings): the server's configuration as the app reads it (GET /api/config).
import { useTranslation } from 'react-i18next';
import { useConfigQuery } from '../api/endpoints/settings';
import { booleanText } from '../i18n/format';

export function AdminSettings() {
  const { t } = useTranslation();
  const config = useConfigQuery();
  const entries = Object.entries(config.data ?? {}).filter(([, v]) => typeof v !== 'object' || v === null);
  return (
    <main className="admin-settings" data-testid="admin-settings">
      <h1>{t('shell.nav.admin_settings')}</h1>
      <table>
        <tbody>
          {entries.map(([k, v]) => (
            <tr key={k}><th>{k}</th><td>{typeof v === 'boolean' ? booleanText(v) : String(v ?? '')}</td></tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
