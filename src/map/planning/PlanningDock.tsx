// The planning dock of the map (issues 13, 14): toggles for the validation panel (with the live status badge), the
// capex panel and the clash review, bottom right; zooming to a result's object fits the view on it and selects it.
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ClashStatus } from 'engine';
import type { AppDispatch } from '../../app/store';
import { clashesApi } from '../../api/endpoints/clashes';
import type { ClashLive } from './clash-live';
import { ClashPanel } from './ClashPanel';
import { notifyStoredFeaturesChanged } from '../stored-features-events';
import { useTranslation } from 'react-i18next';
import type { MapController } from '../map-controller';
import type { PlanningBinding } from './planning-binding';
import { CapexPanel } from './CapexPanel';
import { ValidationBadge, ValidationPanel } from './ValidationPanel';
import { objectExtent, subjectObject } from './object-extent';
import { RoutePanel } from '../route/RoutePanel';

/** Metres around an object zoomed to, and the deepest zoom. */
const ZOOM_MARGIN = 30;
const ZOOM_MAX = 20;

type Panel = 'validation' | 'capex' | 'clashes' | 'routes';

export function PlanningDock({ ctl, planning, clashes = null, projectId, readOnly }: { ctl: MapController | null; planning: PlanningBinding; clashes?: ClashLive | null; projectId?: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const [open, setOpen] = useState<Panel | null>(null);
  const toggle = (p: Panel) => setOpen((o) => (o === p ? null : p));
  const fitTo = (ext: [number, number, number, number], objectId: string) => {
    if (!ctl) return;
    ctl.fit([ext[0] - ZOOM_MARGIN, ext[1] - ZOOM_MARGIN, ext[2] + ZOOM_MARGIN, ext[3] + ZOOM_MARGIN], ZOOM_MAX);
    ctl.tools.select.set([objectId]);
    ctl.render();
  };
  /** The project run stores the clashes of the SAVED network: unsaved edits must be saved first. */
  const runClashes = async (statuses: Record<string, ClashStatus>): Promise<string> => {
    if (ctl?.session?.state().canSave) throw new Error(t('map.clash.save_first'));
    const r = await dispatch(clashesApi.endpoints.runClashes.initiate({ projectId: projectId!, statuses })).unwrap();
    notifyStoredFeaturesChanged(projectId!, ['clashes']); // the clashes layer shows the stored run
    return t('map.clash.run_done', { count: r.clashes.length });
  };
  const zoomTo = (id: string) => {
    const m = ctl?.session?.model;
    if (!ctl || !m) return;
    const obj = subjectObject(m, id);
    const ext = obj ? objectExtent(m, obj) : null;
    if (!obj || !ext) return;
    fitTo(ext, obj);
  };
  return (
    <>
      <div className="planning-dock" data-testid="planning-dock">
        <button type="button" aria-pressed={open === 'validation'} data-testid="validation-toggle" onClick={() => toggle('validation')}>
          {t('map.validation.title')} <ValidationBadge />
        </button>
        <button type="button" aria-pressed={open === 'capex'} data-testid="capex-toggle" onClick={() => toggle('capex')}>{t('map.capex.title')}</button>
        {clashes && <button type="button" aria-pressed={open === 'clashes'} data-testid="clash-toggle" onClick={() => toggle('clashes')}>{t('map.clash.title')}</button>}
        <button type="button" aria-pressed={open === 'routes'} data-testid="route-toggle" onClick={() => toggle('routes')}>{t('map.route.toggle')}</button>
      </div>
      {open === 'validation' && <ValidationPanel onZoom={zoomTo} onRevalidate={() => void planning.revalidate()} />}
      {open === 'clashes' && clashes && <ClashPanel clashes={clashes} readOnly={readOnly} onZoom={fitTo} onRun={projectId !== undefined ? runClashes : undefined} />}
      {open === 'capex' && <CapexPanel planning={planning} projectId={projectId} readOnly={readOnly} />}
      {open === 'routes' && <RoutePanel ctl={ctl} readOnly={readOnly} />}
    </>
  );
}
