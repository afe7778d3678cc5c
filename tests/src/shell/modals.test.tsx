// @vitest-environment jsdom
// Modals (spec 2 §2): result confirm (with a value), cancel or close; the backdrop cancels by default; at most
// 80vh × 80vw, at least 650 px wide.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ModalHost } from '../../../src/shell/ModalHost';
import { closeAllModals, openModal } from '../../../src/shell/modal-service';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { act(() => closeAllModals()); cleanup(); });

describe('modals', () => {
  it('confirm resolves with the value; the size limits are set', async () => {
    render(<ModalHost />);
    let p!: Promise<unknown>;
    act(() => { p = openModal({ title: 'Pick', confirmLabel: 'OK', cancelLabel: 'No', confirmValue: 42 }); });
    const dialog = screen.getByRole('dialog', { name: 'Pick' });
    expect(dialog.style.maxHeight).toBe('80vh');
    expect(dialog.style.maxWidth).toBe('80vw');
    expect(dialog.style.minWidth).toBe('650px');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(p).resolves.toEqual({ type: 'confirm', value: 42 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancel, close and the backdrop', async () => {
    render(<ModalHost />);
    let a!: Promise<unknown>, b!: Promise<unknown>, c!: Promise<unknown>;
    act(() => { a = openModal({ title: 'A', cancelLabel: 'No' }); });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(a).resolves.toEqual({ type: 'cancel' });
    act(() => { b = openModal({ title: 'B' }); });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(b).resolves.toEqual({ type: 'close' });
    act(() => { c = openModal({ title: 'C' }); });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    await expect(c).resolves.toEqual({ type: 'cancel' });
  });

  it('a click inside the dialog or on a backdrop that does not cancel keeps it open', () => {
    render(<ModalHost />);
    act(() => { void openModal({ title: 'Keep', backdropCancels: false }); });
    fireEvent.click(screen.getByRole('dialog'));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Keep' })).toBeTruthy();
  });
});
