// The workflow header's way into the project's settings (a link to /project/{id}/settings), and the profile
// refresh check of spec 2 §4 when the project's workflow opens (the modal asks once about changed applied profiles).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfileRefresh } from './profiles/use-profile-refresh';

export function WorkflowSettingsEntry({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  useProfileRefresh(Number.isInteger(projectId) ? projectId : undefined);
  return <Link className="workflow-settings-link" to={`/project/${projectId}/settings`} data-testid="workflow-settings-link">{t('settings.open')}</Link>;
}
