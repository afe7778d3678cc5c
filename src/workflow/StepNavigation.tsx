// Step navigation of the workflow: the project type's states sorted by step; previous, next and direct choice.
// Step gating (spec 2 §5): a later step opens only when every Required validation result has passed — while the
// project's validation is pending, has a validator without result or a failed Required result, 'next' and every later
// step are disabled and the reason is shown. Earlier steps stay open.
import { useTranslation } from 'react-i18next';
import { useStatesQuery } from '../api/endpoints/catalogue';
import { useValidationState } from '../validation/current-validation';
import type { ServiceState } from '../validation/validation-service';
import { stepLabel } from './step-names';

/** Why a later step is closed, as a translation key, or null when it is open. No validation registered: open. */
export function gateReason(v: ServiceState | null): string | null {
  if (!v || v.passes) return null;
  if (v.status === 'PENDING') return 'workflow.gate.pending';
  if (v.status === 'VALIDATOR_ERROR') return 'workflow.gate.validator_error';
  return 'workflow.gate.required_failed';
}

export function StepNavigation({ projectTypeId, step, onStep }: { projectTypeId: number; step: number; onStep: (s: number) => void }) {
  const { t } = useTranslation();
  const states = useStatesQuery(projectTypeId);
  const validation = useValidationState();
  const list = states.data ?? [];
  const i = list.findIndex((s) => s.step === step);
  const gate = gateReason(validation);
  const closed = (s: number) => gate !== null && s > step;
  const gateText = gate ? t(gate) : undefined;
  return (
    <nav className="step-navigation" aria-label={t('workflow.steps')} data-testid="step-navigation">
      <button type="button" disabled={i <= 0} onClick={() => onStep(list[i - 1].step)}>{t('workflow.previous')}</button>
      <ol>
        {list.map((s) => (
          <li key={s.id} aria-current={s.step === step ? 'step' : undefined}>
            <button type="button" onClick={() => onStep(s.step)} disabled={s.step === step || closed(s.step)} title={closed(s.step) ? gateText : undefined}
              data-step-key={s.name}>{stepLabel(t, s.name)}</button>
          </li>
        ))}
      </ol>
      <button type="button" data-testid="next-step" disabled={i < 0 || i >= list.length - 1 || gate !== null} title={gateText}
        onClick={() => onStep(list[i + 1].step)}>{t('workflow.next')}</button>
      {gate && i >= 0 && i < list.length - 1 && <span className="step-gate" role="status" data-testid="step-gate">{gateText}</span>}
    </nav>
  );
}
