// Renders the open modals (spec 2 §2): confirm (with a value), cancel, close; the backdrop cancels by default;
// at most 80vh by 80vw, at least 650 px wide.
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getModals, subscribeModals, type ModalControls, type OpenModal } from './modal-service';

export const MODAL_STYLE = { maxHeight: '80vh', maxWidth: '80vw', minWidth: 650 } as const;

function Modal({ m }: { m: OpenModal }) {
  const { t } = useTranslation();
  const o = m.options;
  const controls: ModalControls<unknown> = {
    confirm: (value) => m.resolve({ type: 'confirm', value }),
    cancel: () => m.resolve({ type: 'cancel' }),
    close: () => m.resolve({ type: 'close' }),
  };
  const body: ReactNode = typeof o.content === 'function' ? o.content(controls) : o.content;
  return (
    <div className="modal-backdrop" data-testid="modal-backdrop" onClick={(e) => { if (e.target === e.currentTarget && o.backdropCancels) controls.cancel(); }}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={o.title} data-testid={o.testId ?? 'modal'} style={MODAL_STYLE}>
        <header className="modal-header">
          <h2>{o.title}</h2>
          <button type="button" className="modal-close" aria-label={t('shell.close')} onClick={controls.close}>×</button>
        </header>
        <div className="modal-body">{body}</div>
        {(o.confirmLabel || o.cancelLabel) && (
          <footer className="modal-footer">
            {o.cancelLabel && <button type="button" onClick={controls.cancel}>{o.cancelLabel}</button>}
            {o.confirmLabel && <button type="button" className="primary" onClick={() => controls.confirm(o.confirmValue)}>{o.confirmLabel}</button>}
          </footer>
        )}
      </div>
    </div>
  );
}

export function ModalHost() {
  const modals = useSyncExternalStore(subscribeModals, getModals, getModals);
  return <>{modals.map((m) => <Modal key={m.id} m={m} />)}</>;
}
