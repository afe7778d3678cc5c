// @vitest-environment jsdom
// Notifications (spec 1 §2, spec 2 §4, §8, §9): top right, 430 px; auto-close after 5000 ms unless sticky; manual
// close; info/warning/error icons; action buttons; same key at most once per 10 s; the centre opens and closes.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Notifications } from '../../../src/shell/Notifications';
import { NotificationCentre, NotificationCentreToggle } from '../../../src/shell/NotificationCentre';
import {
  getNotificationState, notify, NOTIFICATION_DURATION_MS, resetNotifications, THROTTLE_INTERVAL_MS,
} from '../../../src/shell/notification-store';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { resetNotifications(); vi.useFakeTimers(); });
afterEach(() => { cleanup(); vi.useRealTimers(); });

describe('notifications', () => {
  it('are fixed at the top right, 430 px wide, with the translated message and the type icon', () => {
    render(<Notifications />);
    act(() => { notify('requests.forbidden_error', 'Error'); notify('plain text', 'Warning'); notify('x', 'Information'); });
    const box = document.querySelector('.notifications') as HTMLElement;
    expect(box.style.position).toBe('fixed');
    expect(box.style.right).toBe('8px');
    expect(box.style.width).toBe('430px');
    const items = screen.getAllByTestId('notification');
    expect(items.map((i) => i.className)).toEqual(['notification notification-error', 'notification notification-warning', 'notification notification-info']);
    expect(items[0].textContent).toContain('Forbidden error');
    // the type icon is drawn as inline SVG (no font needed), labelled with the type
    expect(items.map((i) => i.querySelector('.notification-icon svg')?.getAttribute('data-icon'))).toEqual(['error', 'warning', 'info']);
    expect(items.map((i) => i.querySelector('.notification-icon')?.getAttribute('aria-label'))).toEqual(['Error', 'Warning', 'Information']);
  });

  it('close after 5000 ms by default, stay when sticky, close by hand', () => {
    render(<Notifications />);
    act(() => { notify('short'); notify('sticky', 'Information', { stick: true }); notify('custom', 'Information', { durationInMilliseconds: 1000 }); });
    act(() => { vi.advanceTimersByTime(1000); });
    expect(screen.queryByText('custom')).toBeNull();
    act(() => { vi.advanceTimersByTime(NOTIFICATION_DURATION_MS - 1001); });
    expect(screen.getByText('short')).toBeTruthy();
    act(() => { vi.advanceTimersByTime(2); });
    expect(screen.queryByText('short')).toBeNull();
    act(() => { vi.advanceTimersByTime(60_000); });
    expect(screen.getByText('sticky')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('sticky')).toBeNull();
  });

  it('run their action buttons', () => {
    const action = vi.fn();
    render(<Notifications />);
    act(() => { notify('with action', 'Information', { stick: true, buttons: [{ label: 'Open project', action }] }); });
    fireEvent.click(screen.getByRole('button', { name: 'Open project' }));
    expect(action).toHaveBeenCalledOnce();
    expect(screen.queryByText('with action')).toBeNull();
  });

  it('with the same key show at most once per 10 seconds', () => {
    expect(notify('e', 'Error', { throttleKey: 'k' })).not.toBeNull();
    vi.advanceTimersByTime(THROTTLE_INTERVAL_MS - 1);
    expect(notify('e', 'Error', { throttleKey: 'k' })).toBeNull();
    expect(notify('other', 'Error', { throttleKey: 'k2' })).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(notify('e', 'Error', { throttleKey: 'k' })).not.toBeNull();
    expect(getNotificationState().history).toHaveLength(3);
  });

  it('the notification centre opens and closes and lists past notifications', () => {
    render(<><NotificationCentreToggle /><NotificationCentre /></>);
    act(() => { notify('first'); vi.advanceTimersByTime(NOTIFICATION_DURATION_MS); });
    expect(screen.queryByTestId('notification-centre')).toBeNull();
    fireEvent.click(screen.getByTestId('notification-centre-toggle'));
    expect(screen.getByTestId('notification-centre').textContent).toContain('first');
    fireEvent.click(screen.getByTestId('notification-centre-toggle'));
    expect(screen.queryByTestId('notification-centre')).toBeNull();
  });
});
