// The application bar: navigation to the areas the user's policy allows, language and theme choice, the
// notification centre toggle, and sign-out.
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { usePolicy } from '../auth/policies';
import { selectUser } from '../auth/session-slice';
import { signOut } from '../auth/session';
import { changeLanguage, currentLanguage, isLanguage, LANGUAGES } from '../i18n/i18n';
import { applyTheme, storedTheme, THEMES } from './theme';
import { NotificationCentreToggle } from './NotificationCentre';

export const NAV_ITEMS: { to: string; key: string; policy?: string }[] = [
  { to: '/dashboard', key: 'shell.nav.dashboard' },
  { to: '/management', key: 'shell.nav.management', policy: 'management_dashboard' },
  { to: '/material-management', key: 'shell.nav.material_management', policy: 'material_management' },
  { to: '/statistics', key: 'shell.nav.statistics', policy: 'workflow.statistics.view' },
  { to: '/admin', key: 'shell.nav.admin', policy: 'admin.view' },
  { to: '/admin-settings', key: 'shell.nav.admin_settings', policy: 'admin.settings' },
];

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select aria-label={t('shell.language')} value={currentLanguage()} data-lang={i18n.language}
      onChange={(e) => { if (isLanguage(e.target.value)) void changeLanguage(e.target.value); }}>
      {LANGUAGES.map((l) => <option key={l} value={l}>{t(`shell.languages.${l}`)}</option>)}
    </select>
  );
}

export function ThemeSelect() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState(storedTheme);
  return (
    <select aria-label={t('shell.theme')} value={theme} onChange={(e) => { applyTheme(e.target.value); setTheme(e.target.value); }}>
      {THEMES.map((x) => <option key={x.className} value={x.className}>{x.niceName}</option>)}
    </select>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { allows } = usePolicy();
  const user = useSelector(selectUser);
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  return (
    <header className="app-header">
      <span className="app-title">{t('app.title')}</span>
      <nav>
        {NAV_ITEMS.filter((i) => !i.policy || allows(i.policy)).map((i) => (
          <NavLink key={i.to} to={i.to}>{t(i.key)}</NavLink>
        ))}
      </nav>
      <span className="spacer" />
      <LanguageSelect />
      <ThemeSelect />
      <NotificationCentreToggle />
      {user && <NavLink to="/user/settings" data-testid="user-name">{user.name}</NavLink>}
      <button type="button" onClick={async () => { await dispatch(signOut()); navigate('/user/login'); }}>{t('shell.sign_out')}</button>
    </header>
  );
}
