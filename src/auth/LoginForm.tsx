// Login form (spec 1 §2, §4, §8): email and password (required; confirm disabled while invalid); the first submit
// asks whether 2FA is enabled and, if so, adds a required code field; errors by name; single sign-on only in local
// and dev. Used by the user/login page and by the login dialog of an expired session.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { checkTotpEnabled, LoginError, signIn } from './session';
import { EMAIL_PATTERN } from './password-hash';
import { useConfigQuery } from '../api/endpoints/settings';
import { userApi } from '../api/endpoints/user';
import { buildEnvironment, ssoOffered } from '../app/environment';
import { notifyError } from '../shell/notification-store';

export interface LoginFormProps { onSuccess: () => void; onCancel: () => void; initialEmail?: string; keepData?: boolean }

export function LoginForm({ onSuccess, onCancel, initialEmail = '', keepData = false }: LoginFormProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const config = useConfigQuery();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [totpShown, setTotpShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const valid = EMAIL_PATTERN.test(email.trim()) && password.length > 0 && (!totpShown || /^\d{6}$/.test(totp.trim()));
  // Until /api/config has answered the environment is unknown: offer no single sign-on rather than flash it. Offered in
  // local and dev (spec 1 §2) and wherever the server has a provider configured (/api/config ssoEnabled, issue 16).
  const environment = config.isLoading ? undefined : ((config.data?.environment as string | undefined) ?? buildEnvironment());

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (!totpShown && (await dispatch(checkTotpEnabled(email.trim(), password)))) {
        setTotpShown(true);
        return;
      }
      await dispatch(signIn(email.trim(), password, totpShown ? totp.trim() : undefined, { keepData }));
      onSuccess();
    } catch (err) {
      const le = err instanceof LoginError ? err : new LoginError('generic', 'auth.errors.generic');
      setError(le.key);
      if (le.name === 'email_pass_wrong') setPassword('');
      if (le.name === 'totp_invalid') setTotp('');
    } finally {
      setBusy(false);
    }
  }

  async function sso() {
    const r = await dispatch(userApi.endpoints.adfsLoginUrl.initiate(undefined, { forceRefetch: true }));
    if (r.data?.url) globalThis.location.assign(r.data.url);
    else notifyError('auth.errors.adfs_login_url');
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="login-form">
      <label>{t('auth.login.email')}
        <input name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>{t('auth.login.password')}
        <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {totpShown && (
        <label>{t('auth.login.totp')}
          <input name="totp" inputMode="numeric" autoComplete="one-time-code" required autoFocus value={totp} onChange={(e) => setTotp(e.target.value)} />
        </label>
      )}
      {error && <p className="form-error" role="alert" data-testid="login-error">{t(error)}</p>}
      <div className="form-buttons">
        <button type="button" onClick={onCancel}>{t('shell.cancel')}</button>
        {environment !== undefined && (ssoOffered(environment) || config.data?.ssoEnabled === true) && <button type="button" onClick={sso}>{t('auth.login.sso')}</button>}
        <button type="submit" className="primary" disabled={!valid || busy}>{t('auth.login.confirm')}</button>
      </div>
    </form>
  );
}
