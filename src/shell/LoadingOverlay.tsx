// Loading indicators (spec 2 §4): a thin bar while ordinary calls run, and an overlay with the messages of long
// operations (counted apart) that resets when the long count reaches zero.
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { selectLoading } from './loading-slice';

export function LoadingOverlay() {
  const { t } = useTranslation();
  const { ordinary, long, messages } = useSelector(selectLoading);
  return (
    <>
      {ordinary > 0 && <div className="loading-bar" role="progressbar" aria-label={t('shell.loading.busy')} data-testid="loading-bar" />}
      {long > 0 && (
        <div className="loading-overlay" data-testid="loading-overlay" role="alert" aria-busy="true">
          <div className="spinner" aria-hidden="true" />
          <ul>{(messages.length ? messages : ['shell.loading.default']).map((m, i) => <li key={`${m}-${i}`}>{t(m)}</li>)}</ul>
        </div>
      )}
    </>
  );
}
