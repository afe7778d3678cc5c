// Root creation on a fresh install (spec 2 §1, §7): offered while GET /api/user/has-no-root says there is none.
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCreateRootMutation, useHasNoRootQuery } from '../api/endpoints/user';
import { EMAIL_PATTERN, passwordValid } from './password-hash';
import { hasNoRoot } from './UserArea';
import { notifyInfo } from '../shell/notification-store';

export function CreateRootPage() {
  const { t } = useTranslation();
  const q = useHasNoRootQuery();
  const [createRoot, state] = useCreateRootMutation();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const valid = form.name.trim() !== '' && EMAIL_PATTERN.test(form.email) && passwordValid(form.password);
  if (q.isLoading) return null;
  if (!hasNoRoot(q.data) || state.isSuccess) return <Navigate to="/user/login" replace />;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    try { await createRoot(form).unwrap(); notifyInfo('auth.create_root.done'); q.refetch(); } catch (err) {
      setError((err as { data?: { message?: string } }).data?.message ?? t('auth.errors.generic'));
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <h2>{t('auth.create_root.title')}</h2>
      <p>{t('auth.create_root.intro')}</p>
      <label>{t('auth.fields.name')}<input name="name" value={form.name} onChange={set('name')} /></label>
      <label>{t('auth.login.email')}<input name="email" type="email" value={form.email} onChange={set('email')} /></label>
      <label>{t('auth.login.password')}<input name="password" type="password" value={form.password} onChange={set('password')} /></label>
      {form.password && !passwordValid(form.password) && <p className="form-hint">{t('auth.password_rule')}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="form-buttons"><button type="submit" className="primary" disabled={!valid || state.isLoading}>{t('auth.create_root.submit')}</button></div>
    </form>
  );
}
