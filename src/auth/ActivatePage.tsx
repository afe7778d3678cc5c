// Account activation (spec 2 §5, §7, §8): POST /api/user/activate {token}; an expired token (error expired) reads
// 'Token is expired.'.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActivateMutation } from '../api/endpoints/user';

export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [activate, state] = useActivateMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) { sent.current = true; void activate({ token }); }
  }, [token, activate]);
  const errorName = (state.error as { data?: { error?: string } } | undefined)?.data?.error;
  return (
    <section>
      <h2>{t('auth.activate.title')}</h2>
      {!token && <p role="alert">{t('auth.activate.no_token')}</p>}
      {state.isLoading && <p>{t('shell.loading.default')}</p>}
      {state.isSuccess && <p role="status">{t('auth.activate.done')}</p>}
      {state.isError && <p role="alert">{t(errorName === 'expired' ? 'auth.errors.token_expired' : 'auth.errors.generic')}</p>}
      <Link to="/user/login">{t('auth.login.title')}</Link>
    </section>
  );
}
