// Forms shown in modals on the dashboard: create a project (name, type and sub-type from the server's project
// types) and rename one. They confirm the modal with their value.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectInput, ProjectType } from '../api/endpoints/types';
import type { ModalControls } from '../shell/modal-service';
import { mainTypes, subTypesOf } from './project-list';

export function CreateProjectForm({ types, controls }: { types: ProjectType[]; controls: ModalControls<ProjectInput> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [subTypeId, setSubTypeId] = useState<number | null>(null);
  const subs = subTypesOf(types, typeId);
  const valid = name.trim() !== '' && typeId !== null && (subs.length === 0 || subTypeId !== null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) controls.confirm({ name: name.trim(), projectTypeId: typeId!, projectSubTypeId: subTypeId, levelOfDetail: 'Low' });
  };
  return (
    <form onSubmit={submit} data-testid="create-project-form">
      <label>{t('dashboard.fields.name')}<input name="name" value={name} onChange={(e) => setName(e.target.value)} autoFocus /></label>
      <label>{t('dashboard.fields.type')}
        <select name="type" value={typeId ?? ''} onChange={(e) => { setTypeId(e.target.value ? Number(e.target.value) : null); setSubTypeId(null); }}>
          <option value="">{t('dashboard.fields.choose')}</option>
          {mainTypes(types).map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
        </select>
      </label>
      {subs.length > 0 && (
        <label>{t('dashboard.fields.sub_type')}
          <select name="subType" value={subTypeId ?? ''} onChange={(e) => setSubTypeId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('dashboard.fields.choose')}</option>
            {subs.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
        </label>
      )}
      <div className="form-buttons">
        <button type="button" onClick={controls.cancel}>{t('shell.cancel')}</button>
        <button type="submit" className="primary" disabled={!valid}>{t('dashboard.create')}</button>
      </div>
    </form>
  );
}

export function RenameProjectForm({ name: initial, controls }: { name: string; controls: ModalControls<string> }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const valid = name.trim() !== '' && name.trim() !== initial;
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (valid) controls.confirm(name.trim()); }} data-testid="rename-project-form">
      <label>{t('dashboard.fields.name')}<input name="name" value={name} onChange={(e) => setName(e.target.value)} autoFocus /></label>
      <div className="form-buttons">
        <button type="button" onClick={controls.cancel}>{t('shell.cancel')}</button>
        <button type="submit" className="primary" disabled={!valid}>{t('dashboard.rename')}</button>
      </div>
    </form>
  );
}
