// The phase panel of the map toolbar (spec 3 §4: "the Phase attribute takes the active phase id"): the project's
// phases (stored phase features), the chosen one becomes the engine's active phase, so instances created from then on
// (drawn features, laying activities, split halves) get it in their Phase attribute. No phase: Phase stays empty.
import { useTranslation } from 'react-i18next';
import { useProjectPhasesQuery } from '../api/endpoints/phases';

export interface PhaseSelectProps { projectId: number; value: string | null; onChange(id: string | null): void }

export function PhaseSelect({ projectId, value, onChange }: PhaseSelectProps) {
  const { t } = useTranslation();
  const phases = useProjectPhasesQuery(projectId);
  const list = phases.data ?? [];
  return (
    <label className="map-phase" data-testid="phase-panel">
      <span>{t('map.phase.active')}</span>{' '}
      <select data-testid="active-phase" value={value ?? ''} disabled={!list.length} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{list.length ? t('map.phase.none') : t('map.phase.no_phases')}</option>
        {list.map((p) => <option key={p.id} value={p.id}>{p.status ? `${p.name} (${t(`map.phase.status.${p.status}`, { defaultValue: p.status })})` : p.name}</option>)}
      </select>
    </label>
  );
}
