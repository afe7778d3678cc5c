// The login dialog opened by a request whose session expired (spec 1 §8): confirm signs in and lets the waiting
// requests retry; cancel goes to the user login route.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { finishLoginPrompt, isLoginPromptOpen, subscribeLoginPrompt } from './login-prompt';
import { LoginForm } from './LoginForm';
import { MODAL_STYLE } from '../shell/ModalHost';
import { navigateTo } from '../app/navigation';
import { selectUser } from './session-slice';

export function LoginDialog() {
  const { t } = useTranslation();
  const open = useSyncExternalStore(subscribeLoginPrompt, isLoginPromptOpen, isLoginPromptOpen);
  const user = useSelector(selectUser);
  if (!open) return null;
  const cancel = () => {
    finishLoginPrompt(false);
    const back = globalThis.location ? `${location.pathname}${location.search}${location.hash}` : '/';
    navigateTo(`/user/login?returnUrl=${encodeURIComponent(back)}`);
  };
  return (
    <div className="modal-backdrop login-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('auth.login.session_expired_title')} data-testid="login-dialog" style={MODAL_STYLE}>
        <header className="modal-header"><h2>{t('auth.login.session_expired_title')}</h2></header>
        <div className="modal-body">
          <p>{t('auth.login.session_expired')}</p>
          <LoginForm keepData initialEmail={user?.email ?? ''} onSuccess={() => finishLoginPrompt(true)} onCancel={cancel} />
        </div>
      </div>
    </div>
  );
}
