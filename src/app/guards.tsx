// Route guards (spec 1 §2, spec 2 §2): the sign-in guard (returns to the requested address after login), the
// redirects to user/settings (2FA required but not set up) and user/agreement (accepted version not current), and
// the permission guard (warning 'User is not authorized to access this page' and back to the dashboard).
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { AppDispatch } from './store';
import { selectSession } from '../auth/session-slice';
import { validateSession } from '../auth/session';
import { usePolicy } from '../auth/policies';
import { useConfigQuery } from '../api/endpoints/settings';
import { notifyWarning } from '../shell/notification-store';

export const NOT_AUTHORIZED_KEY = 'shell.not_authorized';

export function loginPath(returnUrl: string): string {
  return `/user/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}

function Busy() {
  const { t } = useTranslation();
  return <div className="page-busy" aria-busy="true">{t('shell.loading.default')}</div>;
}

/** Renders the child routes only for a valid session; validates a stored id first. */
export function RequireSession({ children }: { children?: ReactNode }) {
  const session = useSelector(selectSession);
  const dispatch = useDispatch<AppDispatch>();
  const location = useLocation();
  const config = useConfigQuery(undefined, { skip: session.status !== 'valid' });
  useEffect(() => {
    if (session.status === 'unvalidated') void dispatch(validateSession());
  }, [session.status, dispatch]);
  if (session.status === 'signed_out') {
    return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (session.status !== 'valid' || config.isLoading) return <Busy />;
  const c = config.data ?? {};
  const user = session.user;
  const here = location.pathname;
  if (c.totpRequired && user && !(user.totpEnabled ?? user.totp) && here !== '/user/settings') return <Navigate to="/user/settings" replace />;
  if (c.agreementRequired && user && c.agreementVersion !== undefined && String(user.agreementVersion ?? '') !== String(c.agreementVersion)
    && here !== '/user/agreement' && here !== '/user/settings') {
    return <Navigate to="/user/agreement" replace />;
  }
  return <>{children ?? <Outlet />}</>;
}

/** Renders the child routes only when the user's policy holds `policy`. */
export function RequirePolicy({ policy, children }: { policy: string; children?: ReactNode }) {
  const { loading, allows } = usePolicy();
  const warned = useRef(false);
  const denied = !loading && !allows(policy);
  useEffect(() => {
    if (denied && !warned.current) {
      warned.current = true;
      notifyWarning(NOT_AUTHORIZED_KEY, { throttleKey: NOT_AUTHORIZED_KEY });
    }
  }, [denied]);
  if (loading) return <Busy />;
  if (denied) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
}
