// Not-found page (spec 1 §2): the message that the page could not be found and a link back to the dashboard; logs
// 'Page not found'.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export const PAGE_NOT_FOUND_LOG = 'Page not found';

export function NotFound() {
  const { t } = useTranslation();
  useEffect(() => { console.warn(PAGE_NOT_FOUND_LOG); }, []);
  return (
    <main className="not-found" data-testid="not-found">
      <h1>{t('shell.not_found.title')}</h1>
      <Link to="/dashboard">{t('shell.not_found.back')}</Link>
    </main>
  );
}
