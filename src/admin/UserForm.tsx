// The user edit form of the admin area: name, email, role (root offered only when asked), language, active (a
// user cannot deactivate itself), optional password (empty is dropped), and per-user permission overrides.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, User, UserInput } from '../api/endpoints/types';
import { useSetPermissionsMutation } from '../api/endpoints/user';
import { usePolicy } from '../auth/policies';
import { EMAIL_PATTERN, passwordValid } from '../auth/password-hash';
import { LANGUAGES } from '../i18n/i18n';
import { roleDisplayName, roleList } from './roles';

export interface UserFormProps {
  user?: User;
  includeRoot: boolean;
  isSelf: boolean;
  onSave: (u: UserInput) => Promise<void>;
  onCancel: () => void;
}

/** Policy paths of a policy object, flattened ('admin.view', ...). */
export function policyPaths(policy: unknown, prefix = ''): string[] {
  if (!policy || typeof policy !== 'object') return [];
  return Object.entries(policy as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'boolean' ? [`${prefix}${k}`] : policyPaths(v, `${prefix}${k}.`));
}

export function UserForm({ user, includeRoot, isSelf, onSave, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const { policy } = usePolicy();
  const [setPermissions] = useSetPermissionsMutation();
  const [form, setForm] = useState({
    name: user?.name ?? '', email: user?.email ?? '', role: (user?.role ?? 'engineer') as Role,
    language: user?.language ?? 'nl', active: user?.active ?? true, password: '',
  });
  const [permissions, setPerms] = useState<Record<string, boolean | null>>({ ...(user?.permissions ?? {}) });
  const [error, setError] = useState<string | null>(null);
  const roles = roleList(includeRoot || user?.role === 'root');
  const valid = form.name.trim() !== '' && EMAIL_PATTERN.test(form.email) && (form.password === '' ? !!user : passwordValid(form.password));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    setError(null);
    try {
      const input: UserInput = { ...(user ? { id: user.id } : {}), name: form.name.trim(), email: form.email.trim(), role: form.role, language: form.language, active: form.active };
      if (form.password) input.password = form.password;
      await onSave(input);
      if (user && Object.keys(permissions).length) await setPermissions({ id: user.id, permissions }).unwrap();
    } catch (err) {
      setError((err as { data?: { message?: string } }).data?.message ?? t('auth.errors.generic'));
    }
  }
  const set = (k: 'name' | 'email' | 'password') => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  return (
    <form className="user-form" onSubmit={submit} data-testid="user-form">
      <h2>{user ? t('admin.edit_user', { name: user.name }) : t('admin.new_user')}</h2>
      <label>{t('auth.fields.name')}<input name="name" value={form.name} onChange={set('name')} /></label>
      <label>{t('auth.login.email')}<input name="email" type="email" value={form.email} onChange={set('email')} /></label>
      <label>{t('admin.role')}
        <select name="role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>
          {roles.map((r) => <option key={r} value={r}>{roleDisplayName(r)}</option>)}
        </select>
      </label>
      <label>{t('shell.language')}
        <select name="language" value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value })}>
          {LANGUAGES.map((l) => <option key={l} value={l}>{t(`shell.languages.${l}`)}</option>)}
        </select>
      </label>
      <label><input type="checkbox" name="active" checked={form.active} disabled={isSelf} onChange={(e) => setForm({ ...form, active: e.target.checked })} />{t('admin.active')}</label>
      <label>{t('admin.password')}<input name="password" type="password" value={form.password} onChange={set('password')} placeholder={user ? t('admin.password_unchanged') : ''} /></label>
      {form.password && !passwordValid(form.password) && <p className="form-hint">{t('auth.password_rule')}</p>}
      {user && (
        <fieldset>
          <legend>{t('admin.permissions')}</legend>
          {policyPaths(policy).map((path) => (
            <label key={path}>{path}
              <select value={permissions[path] === undefined || permissions[path] === null ? '' : String(permissions[path])}
                onChange={(e) => setPerms({ ...permissions, [path]: e.target.value === '' ? null : e.target.value === 'true' })}>
                <option value="">{t('admin.permission_role')}</option>
                <option value="true">{t('admin.permission_allow')}</option>
                <option value="false">{t('admin.permission_deny')}</option>
              </select>
            </label>
          ))}
        </fieldset>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="form-buttons">
        <button type="button" onClick={onCancel}>{t('shell.cancel')}</button>
        <button type="submit" className="primary" disabled={!valid}>{t('admin.save')}</button>
      </div>
    </form>
  );
}
