// Sign-up (spec 2 §5, §7): name, email, password (the password rule) and the captcha answer, sent as recaptcha.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignupMutation } from '../api/endpoints/user';
import { EMAIL_PATTERN, passwordValid } from './password-hash';

export function SignupPage() {
  const { t } = useTranslation();
  const [signup, state] = useSignupMutation();
  const [form, setForm] = useState({ name: '', email: '', password: '', recaptcha: '' });
  const [error, setError] = useState<string | null>(null);
  const valid = form.name.trim() !== '' && EMAIL_PATTERN.test(form.email) && passwordValid(form.password) && form.recaptcha.trim() !== '';
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    setError(null);
    try { await signup(form).unwrap(); } catch (err) {
      setError((err as { data?: { message?: string } }).data?.message ?? t('auth.errors.generic'));
    }
  }
  if (state.isSuccess) return <p role="status">{t('auth.signup.done')}</p>;
  return (
    <form onSubmit={submit} noValidate>
      <h2>{t('auth.signup.title')}</h2>
      <label>{t('auth.fields.name')}<input name="name" value={form.name} onChange={set('name')} required /></label>
      <label>{t('auth.login.email')}<input name="email" type="email" value={form.email} onChange={set('email')} required /></label>
      <label>{t('auth.login.password')}<input name="password" type="password" value={form.password} onChange={set('password')} required /></label>
      {form.password && !passwordValid(form.password) && <p className="form-hint">{t('auth.password_rule')}</p>}
      <label>{t('auth.signup.captcha')}<input name="recaptcha" value={form.recaptcha} onChange={set('recaptcha')} required /></label>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="form-buttons">
        <Link to="/user/login">{t('shell.cancel')}</Link>
        <button type="submit" className="primary" disabled={!valid || state.isLoading}>{t('auth.signup.submit')}</button>
      </div>
    </form>
  );
}
