// @vitest-environment jsdom
// Leaving the workflow (spec 1 §2, §8): with unsaved changes a dialog offers cancel, leave without saving and leave
// and save; a failed save shows 'unable to save' and cancels leaving; no dialog without changes or session.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ModalHost } from '../../../src/shell/ModalHost';
import { closeAllModals } from '../../../src/shell/modal-service';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { confirmLeave } from '../../../src/workflow/leave-guard';
import { registerUnsavedChangesSource, hasUnsavedChanges } from '../../../src/workflow/unsaved-changes';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { resetNotifications(); render(<ModalHost />); });
afterEach(() => { act(() => closeAllModals()); cleanup(); });

function source(changes: boolean, save: () => Promise<void> = async () => {}) {
  return registerUnsavedChangesSource({ hasChanges: () => changes, save });
}

describe('workflow leave guard', () => {
  it('no dialog when nothing is unsaved or the session is invalid', async () => {
    const off = source(false);
    await expect(confirmLeave(true)).resolves.toBe(true);
    off();
    const off2 = source(true);
    await expect(confirmLeave(false)).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    off2();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('cancel stays; leave without saving goes without saving', async () => {
    const save = vi.fn(async () => {});
    const off = source(true, save);
    let p!: Promise<boolean>;
    act(() => { p = confirmLeave(true); });
    expect(screen.getByRole('dialog', { name: 'Unsaved changes' }).textContent).toContain('You have unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(p).resolves.toBe(false);
    act(() => { p = confirmLeave(true); });
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await expect(p).resolves.toBe(true);
    expect(save).not.toHaveBeenCalled();
    off();
  });

  it("leave and save saves first; a failed save shows 'unable to save' and stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi.fn(async () => {});
    let off = source(true, save);
    let p!: Promise<boolean>;
    act(() => { p = confirmLeave(true); });
    fireEvent.click(screen.getByRole('button', { name: 'Leave and save' }));
    await expect(p).resolves.toBe(true);
    expect(save).toHaveBeenCalledOnce();
    off();
    off = source(true, async () => { throw new Error('server down'); });
    act(() => { p = confirmLeave(true); });
    fireEvent.click(screen.getByRole('button', { name: 'Leave and save' }));
    await expect(p).resolves.toBe(false);
    expect(getNotificationState().visible.map((n) => n.message)).toEqual(['workflow.unable_to_save']);
    off();
  });
});
