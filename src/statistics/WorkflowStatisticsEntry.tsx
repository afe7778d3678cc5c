// The workflow header's way into the project's statistics (issue 16): a link to /statistics?project={id}, shown to
// users with workflow.statistics.view.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePolicy } from '../auth/policies';

export function WorkflowStatisticsEntry({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  if (!usePolicy().allows('workflow.statistics.view') || !Number.isInteger(projectId)) return null;
  return <Link className="workflow-settings-link" to={`/statistics?project=${projectId}`} data-testid="workflow-statistics-link">{t('statistics.open')}</Link>;
}
