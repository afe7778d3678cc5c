// Notifications (spec 2 §3, §4, §8, §9): message, type, createdAt, options; auto-close after the duration (default
// 5000 ms) unless sticky; same-key throttle of 10000 ms; a history for the notification centre.
export type NotificationType = 'Information' | 'Warning' | 'Error';

export interface NotificationButton { label: string; action: () => void; closes?: boolean }

export interface NotificationOptions {
  durationInMilliseconds?: number;
  stick?: boolean;
  buttons?: NotificationButton[];
  translationParams?: Record<string, unknown>;
  /** Notifications with the same key show at most once per THROTTLE_INTERVAL_MS. */
  throttleKey?: string;
}

export interface AppNotification {
  id: number;
  message: string;
  type: NotificationType;
  createdAt: number;
  options: NotificationOptions;
}

export const NOTIFICATION_DURATION_MS = 5000;
export const THROTTLE_INTERVAL_MS = 10000;
export const NOTIFICATION_WIDTH_PX = 430;
const HISTORY_LIMIT = 100;

interface State { visible: AppNotification[]; history: AppNotification[]; centreOpen: boolean }

let state: State = { visible: [], history: [], centreOpen: false };
let nextId = 1;
const lastShownByKey = new Map<string, number>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function set(next: State) { state = next; for (const l of listeners) l(); }

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
export function getNotificationState(): State { return state; }

/** Shows a notification; returns its id, or null when throttled. `message` is a translation key or text. */
export function notify(message: string, type: NotificationType = 'Information', options: NotificationOptions = {}): number | null {
  const now = Date.now();
  if (options.throttleKey !== undefined) {
    const last = lastShownByKey.get(options.throttleKey);
    if (last !== undefined && now - last < THROTTLE_INTERVAL_MS) return null;
    lastShownByKey.set(options.throttleKey, now);
  }
  const n: AppNotification = { id: nextId++, message, type, createdAt: now, options };
  set({ ...state, visible: [...state.visible, n], history: [n, ...state.history].slice(0, HISTORY_LIMIT) });
  if (!options.stick) {
    const duration = options.durationInMilliseconds ?? NOTIFICATION_DURATION_MS;
    timers.set(n.id, setTimeout(() => dismissNotification(n.id), duration));
  }
  return n.id;
}

export const notifyInfo = (m: string, o?: NotificationOptions) => notify(m, 'Information', o);
export const notifyWarning = (m: string, o?: NotificationOptions) => notify(m, 'Warning', o);
export const notifyError = (m: string, o?: NotificationOptions) => notify(m, 'Error', o);

export function dismissNotification(id: number): void {
  const t = timers.get(id);
  if (t) { clearTimeout(t); timers.delete(id); }
  if (!state.visible.some((n) => n.id === id)) return;
  set({ ...state, visible: state.visible.filter((n) => n.id !== id) });
}

export function setNotificationCentreOpen(open: boolean): void { set({ ...state, centreOpen: open }); }
export function clearNotificationHistory(): void { set({ ...state, history: [] }); }

/** Test helper: forget everything (timers, throttle keys, history). */
export function resetNotifications(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  lastShownByKey.clear();
  set({ visible: [], history: [], centreOpen: false });
}
