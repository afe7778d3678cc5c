// Password reset (spec 2 §7): without a token, ask for a reset mail (POST /api/user/tokens/password {email}); with
// ?token=, set a new password that follows the rule (POST /api/user/password/reset {password, token}).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordTokenMutation, useResetPasswordMutation } from '../api/endpoints/user';
import { EMAIL_PATTERN, passwordValid } from './password-hash';

export function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [requestToken, req] = useRequestPasswordTokenMutation();
  const [reset, res] = useResetPasswordMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorName = (res.error as { data?: { error?: string } } | undefined)?.data?.error;

  if (!token) {
    const submit = (e: FormEvent) => { e.preventDefault(); if (EMAIL_PATTERN.test(email)) void requestToken({ email }); };
    return (
      <form onSubmit={submit} noValidate>
        <h2>{t('auth.reset.title')}</h2>
        {req.isSuccess ? <p role="status">{t('auth.reset.mail_sent')}</p> : (
          <>
            <label>{t('auth.login.email')}<input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} /></label>
            <div className="form-buttons">
              <Link to="/user/login">{t('shell.cancel')}</Link>
              <button type="submit" className="primary" disabled={!EMAIL_PATTERN.test(email)}>{t('auth.reset.send')}</button>
            </div>
          </>
        )}
      </form>
    );
  }
  const submit = (e: FormEvent) => { e.preventDefault(); if (passwordValid(password)) void reset({ password, token }); };
  return (
    <form onSubmit={submit} noValidate>
      <h2>{t('auth.reset.title')}</h2>
      {res.isSuccess ? <p role="status">{t('auth.reset.done')} <Link to="/user/login">{t('auth.login.title')}</Link></p> : (
        <>
          <label>{t('auth.reset.new_password')}<input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} /></label>
          {password && !passwordValid(password) && <p className="form-hint">{t('auth.password_rule')}</p>}
          {res.isError && <p className="form-error" role="alert">{t(errorName === 'expired' ? 'auth.errors.token_expired' : 'auth.errors.generic')}</p>}
          <div className="form-buttons">
            <button type="submit" className="primary" disabled={!passwordValid(password)}>{t('auth.reset.submit')}</button>
          </div>
        </>
      )}
    </form>
  );
}
