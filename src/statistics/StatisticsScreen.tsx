// Statistics, /statistics[?project={id}] (issue 16, policy workflow.statistics.view): the organisation's projects and
// totals, or one project's statistics, chosen in a select; CSV export of what is shown (src/shell/download.ts). The
// data refresh after every network save (their RTK tags are the ones the save invalidates).
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrganisationStatisticsQuery, useProjectStatisticsQuery } from '../api/endpoints/statistics';
import { downloadText } from '../shell/download';
import { OrganisationStatisticsView } from './OrganisationStatisticsView';
import { ProjectStatisticsView } from './ProjectStatisticsView';
import { organisationCsv, projectCsv } from './statistics-csv';
import './statistics.css';

export function StatisticsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const projectId = Number(search.get('project')) || undefined;
  const org = useOrganisationStatisticsQuery(undefined, { refetchOnMountOrArgChange: true });
  const project = useProjectStatisticsQuery(projectId ?? 0, { skip: projectId === undefined, refetchOnMountOrArgChange: true });
  const open = (id: number | undefined) => setSearch(id ? { project: String(id) } : {}, { replace: true });
  const exportCsv = () => {
    if (projectId !== undefined && project.data) downloadText(projectCsv(project.data), `statistics-project-${projectId}.csv`, 'text/csv');
    else if (projectId === undefined && org.data) downloadText(organisationCsv(org.data), `statistics-organisation-${org.data.organisationId}.csv`, 'text/csv');
  };
  const current = projectId !== undefined ? project : org;
  return (
    <main className="statistics-screen" data-testid="statistics-screen" aria-busy={current.isFetching}>
      <header className="page-header">
        <h1>{t('statistics.title')}</h1>
        <div className="toolbar">
          <label>
            {t('statistics.scope')}{' '}
            <select data-testid="statistics-scope" value={projectId ?? ''} onChange={(e) => open(Number(e.target.value) || undefined)}>
              <option value="">{t('statistics.organisation')}</option>
              {org.data?.projects.map((p) => <option key={p.projectId} value={p.projectId}>{p.name}</option>)}
            </select>
          </label>
          <button type="button" data-testid="statistics-export" disabled={!current.data} onClick={exportCsv}>{t('statistics.export')}</button>
        </div>
      </header>
      {current.isError ? <p role="alert">{t('statistics.unavailable')}</p>
        : !current.data ? <p>{t('statistics.loading')}</p>
          : projectId !== undefined && project.data ? <ProjectStatisticsView s={project.data} />
            : org.data && <OrganisationStatisticsView o={org.data} open={open} />}
    </main>
  );
}
