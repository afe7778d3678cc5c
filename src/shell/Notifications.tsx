// Notification list (spec 1 §2): fixed at the top right, 430 px wide; info/warning/error icon, message, action
// buttons and a close button. Auto-closing is done by the notification store.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import {
  dismissNotification, getNotificationState, subscribeNotifications, NOTIFICATION_WIDTH_PX, type AppNotification,
  type NotificationType,
} from './notification-store';

/** The type icons as inline SVG (no icon font or emoji font needed: they draw the same on every workstation). */
export const NOTIFICATION_ICONS: Record<NotificationType, { colour: string; mark: 'i' | '!' | 'x' }> = {
  Information: { colour: '#1f6fb2', mark: 'i' }, Warning: { colour: '#c77c00', mark: '!' }, Error: { colour: '#c62828', mark: 'x' },
};

function TypeIcon({ type }: { type: NotificationType }) {
  const { colour, mark } = NOTIFICATION_ICONS[type];
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" data-icon={NOTIFICATION_CLASSES[type]}>
      {mark === '!' ? <path d="M8 1 L15.5 14.5 H0.5 Z" fill={colour} /> : <circle cx="8" cy="8" r="7.5" fill={colour} />}
      {mark === 'i' && <><circle cx="8" cy="4.5" r="1.2" fill="#fff" /><rect x="7" y="6.8" width="2" height="5.5" fill="#fff" /></>}
      {mark === '!' && <><rect x="7.1" y="5.5" width="1.8" height="5" fill="#fff" /><circle cx="8" cy="12.3" r="1" fill="#fff" /></>}
      {mark === 'x' && <path d="M5 5 L11 11 M11 5 L5 11" stroke="#fff" strokeWidth="2" />}
    </svg>
  );
}
export const NOTIFICATION_CLASSES: Record<NotificationType, string> = { Information: 'info', Warning: 'warning', Error: 'error' };

export function useNotifications() {
  return useSyncExternalStore(subscribeNotifications, getNotificationState, getNotificationState);
}

export function NotificationItem({ n, onClose }: { n: AppNotification; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`notification notification-${NOTIFICATION_CLASSES[n.type]}`} role={n.type === 'Error' ? 'alert' : 'status'} data-testid="notification">
      <span className="notification-icon" aria-label={t(`shell.notification.type.${NOTIFICATION_CLASSES[n.type]}`)}><TypeIcon type={n.type} /></span>
      <span className="notification-message">{t(n.message, n.options.translationParams ?? {})}</span>
      {n.options.buttons?.map((b) => (
        <button key={b.label} type="button" className="notification-action" onClick={() => { b.action(); if (b.closes !== false) onClose?.(); }}>
          {b.label}
        </button>
      ))}
      {onClose && (
        <button type="button" className="notification-close" aria-label={t('shell.close')} onClick={onClose}><CloseIcon /></button>
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
