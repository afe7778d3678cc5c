// user/settings (spec 2 §2): language and theme, and the two-factor set-up: a new secret shown as a QR code (qrcode
// package) and as text, confirmed with a code from the authenticator app. Users land here when 2FA is required by
// configuration but not yet set up.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import QRCode from 'qrcode';
import type { AppDispatch } from '../app/store';
import { selectSession } from './session-slice';
import { validateSession } from './session';
import { useTotpConfirmMutation, useTotpDisableMutation, useTotpSetupMutation } from '../api/endpoints/user';
import { LanguageSelect, ThemeSelect } from '../shell/Header';
import { notifyInfo } from '../shell/notification-store';

export function UserSettingsPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const session = useSelector(selectSession);
  const [setup] = useTotpSetupMutation();
  const [confirm, confirmState] = useTotpConfirmMutation();
  const [disable] = useTotpDisableMutation();
  const [secret, setSecret] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const enabled = !!(session.user?.totpEnabled ?? session.user?.totp);

  async function start() {
    const r = await setup().unwrap();
    setSecret({ secret: r.secret, qr: await QRCode.toDataURL(r.otpauthUrl) });
    setCode('');
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await confirm({ totp: code.trim() }).unwrap();
      setSecret(null);
      setCode('');
      await dispatch(validateSession());
      notifyInfo('auth.settings.totp_enabled');
    } catch { /* shown below */ }
  }
  return (
    <section className="user-settings">
      <h2>{t('auth.settings.title')}</h2>
      {session.user && <p>{session.user.name} ({session.user.email})</p>}
      <label>{t('shell.language')} <LanguageSelect /></label>
      <label>{t('shell.theme')} <ThemeSelect /></label>
      <h3>{t('auth.settings.totp_title')}</h3>
      {enabled && !secret && (
        <form onSubmit={async (e) => { e.preventDefault(); await disable({ totp: code.trim() }).unwrap(); setCode(''); await dispatch(validateSession()); }}>
          <p>{t('auth.settings.totp_on')}</p>
          <label>{t('auth.login.totp')}<input name="totp" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} /></label>
          <button type="submit" disabled={!/^\d{6}$/.test(code.trim())}>{t('auth.settings.totp_disable')}</button>
        </form>
      )}
      {!enabled && !secret && <button type="button" onClick={start}>{t('auth.settings.totp_start')}</button>}
      {secret && (
        <form onSubmit={submit}>
          <p>{t('auth.settings.totp_scan')}</p>
          <img src={secret.qr} alt={t('auth.settings.totp_qr')} width={200} height={200} data-testid="totp-qr" />
          <p><code data-testid="totp-secret">{secret.secret}</code></p>
          <label>{t('auth.login.totp')}<input name="totp" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} /></label>
          {confirmState.isError && <p className="form-error" role="alert">{t('auth.errors.totp_invalid')}</p>}
          <button type="submit" className="primary" disabled={!/^\d{6}$/.test(code.trim())}>{t('auth.settings.totp_confirm')}</button>
        </form>
      )}
      <p><Link to="/dashboard">{t('shell.not_found.back')}</Link></p>
    </section>
  );
}
