// Notification centre (spec 2 §2): a toggle that opens and closes a panel with the notifications shown so far.
import { useTranslation } from 'react-i18next';
import { clearNotificationHistory, setNotificationCentreOpen } from './notification-store';
import { NotificationItem, useNotifications } from './Notifications';
import { formatDateTime } from '../i18n/format';
import { BellIcon, CloseIcon } from './icons';

export function NotificationCentreToggle() {
  const { t } = useTranslation();
  const { centreOpen, history } = useNotifications();
  return (
    <button type="button" className="icon-button" aria-expanded={centreOpen} aria-label={t('shell.notification_centre.title')}
      onClick={() => setNotificationCentreOpen(!centreOpen)} data-testid="notification-centre-toggle">
      <BellIcon />{history.length > 0 && <span className="badge">{history.length}</span>}
    </button>
  );
}

export function NotificationCentre() {
  const { t } = useTranslation();
  const { centreOpen, history } = useNotifications();
  if (!centreOpen) return null;
  return (
    <aside className="notification-centre" aria-label={t('shell.notification_centre.title')} data-testid="notification-centre">
      <header>
        <h2>{t('shell.notification_centre.title')}</h2>
        <button type="button" onClick={clearNotificationHistory} disabled={!history.length}>{t('shell.notification_centre.clear')}</button>
        <button type="button" aria-label={t('shell.close')} onClick={() => setNotificationCentreOpen(false)}><CloseIcon /></button>
      </header>
      {history.length === 0 && <p>{t('shell.notification_centre.empty')}</p>}
      <ul>
        {history.map((n) => (
          <li key={n.id}><time>{formatDateTime(n.createdAt)}</time><NotificationItem n={n} /></li>
        ))}
      </ul>
    </aside>
  );
}
