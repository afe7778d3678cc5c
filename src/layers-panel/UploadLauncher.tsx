// The "upload a file" entry of the layer panel's Upload category: opens the upload screen for the project of the
// route (/workflow/:projectId/…) and, once imported, turns the layers that received features on (issue 12). Offered
// only to users whose policy allows uploads and project edits (the server refuses the others anyway).
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useImportFeaturesMutation } from '../api/endpoints/upload';
import { UploadDialog } from './UploadDialog';
import { notifyStoredFeaturesChanged } from '../map/stored-features-events';
import { usePolicy } from '../auth/policies';

export interface UploadLauncherProps {
  /** Shows a layer (visible: true) after an import brought it features. */
  show: (layerName: string) => void;
  /** Overrides the route's project (tests, screens outside the workflow route). */
  projectId?: number;
}

export function UploadLauncher({ show, projectId }: UploadLauncherProps) {
  const params = useParams();
  const id = projectId ?? Number(params.projectId);
  if (!Number.isInteger(id) || id < 1) return null;
  return <Launcher show={show} projectId={id} />;
}

function Launcher({ show, projectId }: { show: (layerName: string) => void; projectId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [trigger] = useImportFeaturesMutation();
  const { allows } = usePolicy();
  if (!allows('upload.create') || !allows('project.create_and_edit')) return null;
  if (!open) return <button type="button" data-testid="upload-open" onClick={() => setOpen(true)}>{t('layers.upload.open')}</button>;
  return (
    <UploadDialog projectId={projectId} onClose={() => setOpen(false)}
      importFeatures={(args) => trigger(args).unwrap()}
      onImported={(r) => { r.layers.forEach(show); notifyStoredFeaturesChanged(projectId, r.layers); }} />
  );
}
