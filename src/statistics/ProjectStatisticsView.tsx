// One project's statistics (issue 16): step progress, network objects, capex total and validation pass rate as
// cards; lengths, counts and capex by object type as charts and a table.
import { useTranslation } from 'react-i18next';
import type { ProjectStatistics } from 'common/statistics/types';
import { formatDateTime, formatNumber } from '../i18n/format';
import { stepLabel } from '../workflow/step-names';
import { MeasureChart } from './StatCharts';

const money = (v: number) => `€ ${formatNumber(Math.round(v * 100) / 100)}`;
export const percent = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);

export function ProjectStatisticsView({ s }: { s: ProjectStatistics }) {
  const { t } = useTranslation();
  const byType = s.byType.filter((x) => x.count > 0);
  return (
    <div data-testid="project-statistics" data-project={s.projectId}>
      <ul className="stat-cards">
        <li data-testid="stat-step">{t('statistics.step')}<strong>{t('statistics.step_of', { step: s.step + 1, steps: s.steps })}</strong>{stepLabel(t, s.stepName)} · {percent(s.progress)}</li>
        <li data-testid="stat-objects" data-edges={s.objects.edge}>{t('statistics.objects')}<strong>{s.objects.node + s.objects.edge + s.objects.path}</strong>
          {t('statistics.objects_by_kind', { nodes: s.objects.node, edges: s.objects.edge, paths: s.objects.path })}</li>
        <li data-testid="stat-capex" data-value={s.capex.total}>{t('statistics.capex_total')}<strong>{money(s.capex.total)}</strong></li>
        <li data-testid="stat-validation" data-value={s.validation.rate ?? ''}>{t('statistics.validation_rate')}<strong>{percent(s.validation.rate)}</strong>
          {s.validation.ranAt ? t('statistics.validation_ran', { passed: s.validation.passed, validators: s.validation.validators, date: formatDateTime(s.validation.ranAt) }) : t('statistics.validation_never')}</li>
      </ul>
      {byType.length === 0 ? <p>{t('statistics.empty_project')}</p> : (
        <>
          <div className="stat-charts">
            <MeasureChart id="length" title={t('statistics.length_by_type')} data={byType.filter((x) => x.length > 0).map((x) => ({ name: x.name, value: x.length }))} />
            <MeasureChart id="count" title={t('statistics.count_by_type')} data={byType.map((x) => ({ name: x.name, value: x.count }))} />
            <MeasureChart id="capex" title={t('statistics.capex_by_type')} unit="€ " data={byType.map((x) => ({ name: x.name, value: x.capex }))} />
          </div>
          <table data-testid="statistics-types">
            <thead><tr><th>{t('statistics.object_type')}</th><th>{t('statistics.count')}</th><th>{t('statistics.length')}</th><th>{t('statistics.capex')}</th></tr></thead>
            <tbody>
              {byType.map((x) => (
                <tr key={x.objectTypeId} data-object-type={x.name} data-count={x.count} data-length={x.length}>
                  <td>{x.name}</td><td className="num">{x.count}</td><td className="num">{formatNumber(x.length)}</td><td className="num">{money(x.capex)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
