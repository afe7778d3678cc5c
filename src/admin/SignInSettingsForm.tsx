// Sign-in settings of admin-settings (issue 16): 2FA required, agreement required and version, sign-up open, each
// showing whether it is set here or comes from the server's environment (with a way back to the environment value);
// the single sign-on provider shown read-only. Saved in one call (PUT /api/admin/settings/sign-in), applied at once.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSettingsQuery, useSaveSignInSettingsMutation, type SignInKey } from '../api/endpoints/management';
import { useConfigQuery } from '../api/endpoints/settings';
import { notifyInfo } from '../shell/notification-store';
import { booleanText } from '../i18n/format';

const FLAGS = ['totpRequired', 'agreementRequired', 'signupEnabled'] as const;
type Draft = Partial<Record<SignInKey, boolean | string | null>>;

export function SignInSettingsForm() {
  const { t } = useTranslation();
  const settings = useAdminSettingsQuery();
  const config = useConfigQuery();
  const [save, saving] = useSaveSignInSettingsMutation();
  const [draft, setDraft] = useState<Draft>({});
  useEffect(() => { setDraft({}); }, [settings.data]);
  const s = settings.data?.signIn;
  if (!s) return <p aria-busy="true">{t('shell.loading.default')}</p>;
  const value = (k: SignInKey) => (k in draft ? (draft[k] === null ? s[k].environment : draft[k]) : s[k].value);
  const stored = (k: SignInKey) => (k in draft ? draft[k] !== null : s[k].stored);
  const version = String(value('agreementVersion'));
  const invalid = version.trim() === '';
  const source = (k: SignInKey) => (
    <span className="setting-source" data-testid={`source-${k}`}>
      {stored(k) ? t('admin_settings.source_stored') : t('admin_settings.source_environment')}
      {stored(k) && <button type="button" className="link" onClick={() => setDraft({ ...draft, [k]: null })}>{t('admin_settings.reset')}</button>}
    </span>
  );
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (invalid || !Object.keys(draft).length) return;
    await save(draft).unwrap();
    void config.refetch();
    notifyInfo('admin_settings.saved');
  }
  return (
    <form className="sign-in-settings" onSubmit={submit} data-testid="sign-in-settings">
      <h2>{t('admin_settings.sign_in')}</h2>
      <p>{t('admin_settings.sign_in_intro')}</p>
      {FLAGS.map((k) => (
        <div key={k} className="setting-row">
          <label><input type="checkbox" name={k} checked={value(k) === true} onChange={(e) => setDraft({ ...draft, [k]: e.target.checked })} />{t(`admin_settings.${k}`)}</label>
          {source(k)}
        </div>
      ))}
      <div className="setting-row">
        <label>{t('admin_settings.agreementVersion')}
          <input name="agreementVersion" value={version} maxLength={50} aria-invalid={invalid} onChange={(e) => setDraft({ ...draft, agreementVersion: e.target.value })} />
        </label>
        {source('agreementVersion')}
        {invalid && <span className="form-error" role="alert">{t('admin_settings.version_required')}</span>}
      </div>
      <div className="setting-row">
        <span>{t('admin_settings.sso')}: </span>
        <strong data-testid="sso-provider">{settings.data?.sso.provider ?? (settings.data?.sso.configured ? booleanText(true) : t('admin_settings.sso_none'))}</strong>
      </div>
      <button type="submit" className="primary" disabled={invalid || !Object.keys(draft).length || saving.isLoading}>{t('admin_settings.save')}</button>
    </form>
  );
}
