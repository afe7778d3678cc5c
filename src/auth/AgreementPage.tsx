// user/agreement (spec 2 §2): shown when the accepted agreement version is not the current one; accepting posts
// /api/user/agreement/accept and continues to the dashboard.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { useAcceptAgreementMutation } from '../api/endpoints/user';
import { useConfigQuery } from '../api/endpoints/settings';
import { validateSession } from './session';

export function AgreementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  const config = useConfigQuery();
  const [accept, state] = useAcceptAgreementMutation();
  const version = config.data?.agreementVersion;
  async function onAccept() {
    await accept({ version }).unwrap();
    await dispatch(validateSession());
    navigate('/dashboard', { replace: true });
  }
  return (
    <section>
      <h2>{t('auth.agreement.title')}</h2>
      <p>{t('auth.agreement.text', { version: version ?? '' })}</p>
      <button type="button" className="primary" onClick={onAccept} disabled={state.isLoading}>{t('auth.agreement.accept')}</button>
    </section>
  );
}
