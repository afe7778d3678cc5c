// The project route (policy project.create_and_edit; data preloaded): /project creates a project, /project/{id}
// shows its properties (name, type, level of detail and the property values, set as a list of values).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  useCreateProjectMutation, useProjectQuery, usePropertyTypesQuery, usePropertyValuesQuery, useSetPropertyValuesMutation,
} from '../api/endpoints/project';
import { useProjectTypesQuery } from '../api/endpoints/catalogue';
import type { ProjectInput } from '../api/endpoints/types';
import { CreateProjectForm } from '../dashboard/ProjectForms';
import { typeName } from '../dashboard/project-list';
import { workflowPath } from '../shell/requests/project-lock';
import { notifyInfo } from '../shell/notification-store';

export function ProjectPage() {
  const { projectId } = useParams();
  return projectId ? <ProjectProperties id={Number(projectId)} /> : <NewProject />;
}

function NewProject() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useProjectTypesQuery();
  const [create] = useCreateProjectMutation();
  const done = async (input: ProjectInput) => {
    const p = await create(input).unwrap();
    navigate(workflowPath(p, types.data?.find((x) => x.id === p.projectTypeId)?.key));
  };
  return (
    <main className="project-page">
      <h1>{t('dashboard.create_title')}</h1>
      {types.data && <CreateProjectForm types={types.data} controls={{ confirm: done, cancel: () => navigate('/dashboard'), close: () => navigate('/dashboard') }} />}
    </main>
  );
}

function ProjectProperties({ id }: { id: number }) {
  const { t } = useTranslation();
  const project = useProjectQuery(id);
  const types = useProjectTypesQuery();
  const propertyTypes = usePropertyTypesQuery();
  const values = usePropertyValuesQuery(id);
  const [save, saving] = useSetPropertyValuesMutation();
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => {
    if (values.data) setDraft(Object.fromEntries(values.data.map((v) => [v.propertyTypeName, v.value ?? ''])));
  }, [values.data]);
  if (!project.data) return <main className="project-page" aria-busy="true" />;
  const p = project.data;
  const applicable = (propertyTypes.data ?? []).filter((pt) => pt.projectTypeId == null || pt.projectTypeId === p.projectTypeId);
  const submit = async () => {
    await save({ id, values: applicable.map((pt) => ({ propertyTypeName: pt.name, value: draft[pt.name] ?? null, projectId: id })) }).unwrap();
    notifyInfo('projects.saved');
  };
  return (
    <main className="project-page" data-testid="project-properties">
      <h1>{p.name}</h1>
      <Link to={`/project/${id}/settings`} data-testid="project-settings-link">{t('settings.open')}</Link>
      <dl>
        <dt>{t('dashboard.fields.type')}</dt><dd>{typeName(p, types.data)}</dd>
        <dt>{t('projects.level_of_detail')}</dt><dd>{t(`projects.lod.${(p.levelOfDetail ?? 'Low').toLowerCase()}`)}</dd>
      </dl>
      <h2>{t('projects.properties')}</h2>
      {applicable.length === 0 && <p>{t('projects.no_properties')}</p>}
      {applicable.map((pt) => (
        <label key={pt.name}>{pt.alias ?? pt.name}
          <input name={pt.name} value={draft[pt.name] ?? ''} onChange={(e) => setDraft({ ...draft, [pt.name]: e.target.value })} />
        </label>
      ))}
      {applicable.length > 0 && <button type="button" className="primary" onClick={submit} disabled={saving.isLoading}>{t('projects.save')}</button>}
    </main>
  );
}
