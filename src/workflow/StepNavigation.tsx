// Step navigation of the workflow: the project type's states sorted by step; previous, next and direct choice.
import { useTranslation } from 'react-i18next';
import { useStatesQuery } from '../api/endpoints/catalogue';

export function StepNavigation({ projectTypeId, step, onStep }: { projectTypeId: number; step: number; onStep: (s: number) => void }) {
  const { t } = useTranslation();
  const states = useStatesQuery(projectTypeId);
  const list = states.data ?? [];
  const i = list.findIndex((s) => s.step === step);
  return (
    <nav className="step-navigation" aria-label={t('workflow.steps')} data-testid="step-navigation">
      <button type="button" disabled={i <= 0} onClick={() => onStep(list[i - 1].step)}>{t('workflow.previous')}</button>
      <ol>
        {list.map((s) => (
          <li key={s.id} aria-current={s.step === step ? 'step' : undefined}>
            <button type="button" onClick={() => onStep(s.step)} disabled={s.step === step}>{s.name}</button>
          </li>
        ))}
      </ol>
      <button type="button" disabled={i < 0 || i >= list.length - 1} onClick={() => onStep(list[i + 1].step)}>{t('workflow.next')}</button>
    </nav>
  );
}
