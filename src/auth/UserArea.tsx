// The user area (spec 2 §2): sign-in, sign-up, activation, password reset, root creation, settings, agreement —
// a centred card without the application bar. The index goes to create-root on a fresh install, else to login.
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHasNoRootQuery } from '../api/endpoints/user';
import { LanguageSelect } from '../shell/Header';

export function UserArea() {
  const { t } = useTranslation();
  return (
    <main className="user-area">
      <div className="user-card">
        <header><h1>{t('app.title')}</h1><LanguageSelect /></header>
        <Outlet />
      </div>
    </main>
  );
}

export function hasNoRoot(r: { hasNoRoot: boolean } | boolean | undefined): boolean {
  return typeof r === 'boolean' ? r : !!r?.hasNoRoot;
}

export function UserIndex() {
  const q = useHasNoRootQuery();
  if (q.isLoading) return null;
  return <Navigate to={hasNoRoot(q.data) ? '/user/create-root' : '/user/login'} replace />;
}
