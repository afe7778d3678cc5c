// The organisation's statistics (issue 16): totals as cards; lengths and capex by object type, capex per project and
// projects per workflow step as charts; the projects as a table (a row opens that project's statistics).
import { useTranslation } from 'react-i18next';
import type { OrganisationStatistics } from 'common/statistics/types';
import { formatNumber } from '../i18n/format';
import { stepLabel } from '../workflow/step-names';
import { MeasureChart } from './StatCharts';
import { percent } from './ProjectStatisticsView';

const money = (v: number) => `€ ${formatNumber(Math.round(v * 100) / 100)}`;

export function OrganisationStatisticsView({ o, open }: { o: OrganisationStatistics; open: (projectId: number) => void }) {
  const { t } = useTranslation();
  const tt = o.totals;
  return (
    <div data-testid="organisation-statistics">
      <ul className="stat-cards">
        <li data-testid="stat-projects">{t('statistics.projects')}<strong>{tt.projects}</strong></li>
        <li data-testid="stat-objects" data-edges={tt.objects.edge}>{t('statistics.objects')}<strong>{tt.objects.node + tt.objects.edge + tt.objects.path}</strong>
          {t('statistics.objects_by_kind', { nodes: tt.objects.node, edges: tt.objects.edge, paths: tt.objects.path })}</li>
        <li data-testid="stat-capex" data-value={tt.capex}>{t('statistics.capex_total')}<strong>{money(tt.capex)}</strong></li>
        <li data-testid="stat-validation">{t('statistics.validation_rate')}<strong>{percent(tt.validation.rate)}</strong></li>
        <li data-testid="stat-progress">{t('statistics.mean_progress')}<strong>{percent(tt.progress)}</strong></li>
      </ul>
      <div className="stat-charts">
        <MeasureChart id="length" title={t('statistics.length_by_type')} data={tt.byType.filter((x) => x.length > 0).map((x) => ({ name: x.name, value: x.length }))} />
        <MeasureChart id="capex" title={t('statistics.capex_by_project')} unit="€ " data={o.projects.map((p) => ({ name: p.name, value: p.capex.total }))} />
        <MeasureChart id="steps" title={t('statistics.projects_by_step')} data={tt.byStep.map((s) => ({ name: stepLabel(t, s.name, s.step), value: s.projects }))} />
      </div>
      <table data-testid="statistics-projects">
        <thead>
          <tr><th>{t('statistics.project')}</th><th>{t('statistics.step')}</th><th>{t('statistics.progress')}</th><th>{t('statistics.objects')}</th>
            <th>{t('statistics.capex')}</th><th>{t('statistics.validation_rate')}</th></tr>
        </thead>
        <tbody>
          {o.projects.map((p) => (
            <tr key={p.projectId} data-project={p.projectId}>
              <td><button type="button" className="link" onClick={() => open(p.projectId)}>{p.name}</button></td>
              <td>{stepLabel(t, p.stepName, p.step)}</td><td className="num">{percent(p.progress)}</td>
              <td className="num">{p.objects.node + p.objects.edge + p.objects.path}</td><td className="num">{money(p.capex.total)}</td>
              <td className="num">{percent(p.validation.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
