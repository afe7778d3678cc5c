// Notification list (spec 1 §2): fixed at the top right, 430 px wide; info/warning/error icon, message, action
// buttons and a close button. Auto-closing is done by the notification store.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dismissNotification, getNotificationState, subscribeNotifications, NOTIFICATION_WIDTH_PX, type AppNotification,
  type NotificationType,
} from './notification-store';

export const NOTIFICATION_ICONS: Record<NotificationType, string> = { Information: 'ℹ', Warning: '⚠', Error: '⛔' };
export const NOTIFICATION_CLASSES: Record<NotificationType, string> = { Information: 'info', Warning: 'warning', Error: 'error' };

export function useNotifications() {
  return useSyncExternalStore(subscribeNotifications, getNotificationState, getNotificationState);
}

export function NotificationItem({ n, onClose }: { n: AppNotification; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`notification notification-${NOTIFICATION_CLASSES[n.type]}`} role={n.type === 'Error' ? 'alert' : 'status'} data-testid="notification">
      <span className="notification-icon" aria-label={t(`shell.notification.type.${NOTIFICATION_CLASSES[n.type]}`)}>{NOTIFICATION_ICONS[n.type]}</span>
      <span className="notification-message">{t(n.message, n.options.translationParams ?? {})}</span>
      {n.options.buttons?.map((b) => (
        <button key={b.label} type="button" className="notification-action" onClick={() => { b.action(); if (b.closes !== false) onClose?.(); }}>
          {b.label}
        </button>
      ))}
      {onClose && (
        <button type="button" className="notification-close" aria-label={t('shell.close')} onClick={onClose}>×</button>
      )}
    </div>
  );
}

export function Notifications() {
  const { visible } = useNotifications();
  return (
    <div className="notifications" style={{ position: 'fixed', top: 8, right: 8, width: NOTIFICATION_WIDTH_PX, zIndex: 2000 }}>
      {visible.map((n) => <NotificationItem key={n.id} n={n} onClose={() => dismissNotification(n.id)} />)}
    </div>
  );
}
