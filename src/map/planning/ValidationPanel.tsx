// Validation panel (issue 13, spec 2 §4/§5): the project's validation status as a badge, the failed results grouped
// by severity (Required, Recommended, Optional), each a button that zooms to the object it is about. Reads the
// workflow's validation service (useValidationState); at most SHOWN results per severity are listed.
import { useTranslation } from 'react-i18next';
import { useValidationState } from '../../validation/current-validation';
import { SEVERITIES, type Result } from '../../validation/validation-service';

export const SHOWN = 200;

export function ValidationBadge() {
  const { t } = useTranslation();
  const v = useValidationState();
  const status = v?.status ?? 'INVALID';
  return <span className={`validation-badge validation-${status.toLowerCase()}`} data-testid="validation-status" data-status={status}>{t(`map.validation.status.${status}`)}</span>;
}

export function ValidationPanel({ onZoom, onRevalidate }: { onZoom: (objectId: string) => void; onRevalidate: () => void }) {
  const { t } = useTranslation();
  const v = useValidationState();
  const failed = (v?.results ?? []).filter((r) => !r.passed);
  return (
    <section className="planning-panel validation-panel" data-testid="validation-panel" aria-label={t('map.validation.title')}>
      <header>
        <h2>{t('map.validation.title')}</h2>
        <ValidationBadge />
        <button type="button" onClick={onRevalidate}>{t('map.validation.run')}</button>
      </header>
      {v?.missing.length ? <p role="alert">{t('map.validation.missing', { names: v.missing.join(', ') })}</p> : null}
      {failed.length === 0 && <p data-testid="validation-none">{t('map.validation.none')}</p>}
      {SEVERITIES.map((sev) => {
        const list = failed.filter((r) => r.severity === sev);
        if (!list.length) return null;
        return (
          <div key={sev} className={`validation-group validation-${sev.toLowerCase()}`} data-testid={`validation-${sev}`}>
            <h3>{t(`map.validation.severity.${sev}`)} ({list.length})</h3>
            <ul>
              {list.slice(0, SHOWN).map((r, i) => <ResultItem key={`${r.validator}-${r.objectId}-${i}`} r={r} onZoom={onZoom} />)}
            </ul>
            {list.length > SHOWN && <p>{t('map.validation.more', { count: list.length - SHOWN })}</p>}
          </div>
        );
      })}
    </section>
  );
}

function ResultItem({ r, onZoom }: { r: Result; onZoom: (id: string) => void }) {
  const id = r.objectId;
  return (
    <li data-validator={r.validator}>
      {id ? <button type="button" className="validation-result" onClick={() => onZoom(id)}>{r.message}</button> : <span>{r.message}</span>}
    </li>
  );
}
