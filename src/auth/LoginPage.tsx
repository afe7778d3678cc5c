// user/login (spec 2 §2): the login form; after sign-in the user returns to the requested address (returnUrl) or
// the dashboard. A single sign-on return (?code=) is exchanged for a session. A fresh install goes to create-root.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { LoginForm } from './LoginForm';
import { selectSession } from './session-slice';
import { startSession } from './session';
import { useAdfsLoginMutation, useHasNoRootQuery } from '../api/endpoints/user';
import { hasNoRoot } from './UserArea';

/** Only same-site paths are followed after login. */
export function safeReturnUrl(v: string | null): string {
  return v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/user/login') ? v : '/dashboard';
}

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  const session = useSelector(selectSession);
  const noRoot = useHasNoRootQuery();
  const [adfsLogin] = useAdfsLoginMutation();
  const [ssoError, setSsoError] = useState(false);
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const code = params.get('code');
  const exchanged = useRef(false);

  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    void adfsLogin({ code }).unwrap()
      .then((r) => dispatch(startSession(r.sessionId)))
      .then(() => navigate(returnUrl, { replace: true }))
      .catch(() => setSsoError(true));
  }, [code, adfsLogin, dispatch, navigate, returnUrl]);

  if (hasNoRoot(noRoot.data)) return <Navigate to="/user/create-root" replace />;
  if (session.status === 'valid' && !code) return <Navigate to={returnUrl} replace />;
  return (
    <section>
      <h2>{t('auth.login.title')}</h2>
      {ssoError && <p className="form-error" role="alert">{t('auth.errors.sso_failed')}</p>}
      <LoginForm onSuccess={() => navigate(returnUrl, { replace: true })} onCancel={() => navigate('/user/login', { replace: true })} />
      <p className="links">
        <Link to="/user/password-reset">{t('auth.login.forgot_password')}</Link>
        <Link to="/user/signup">{t('auth.signup.title')}</Link>
      </p>
    </section>
  );
}
