// The planning dock of the map (issue 13): toggles for the validation panel (with the live status badge) and the
// capex panel, bottom right; zooming to a result's object fits the view on it and selects it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapController } from '../map-controller';
import type { PlanningBinding } from './planning-binding';
import { CapexPanel } from './CapexPanel';
import { ValidationBadge, ValidationPanel } from './ValidationPanel';
import { objectExtent, subjectObject } from './object-extent';

/** Metres around an object zoomed to, and the deepest zoom. */
const ZOOM_MARGIN = 30;
const ZOOM_MAX = 20;

export function PlanningDock({ ctl, planning, projectId, readOnly }: { ctl: MapController | null; planning: PlanningBinding; projectId?: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'validation' | 'capex' | null>(null);
  const toggle = (p: 'validation' | 'capex') => setOpen((o) => (o === p ? null : p));
  const zoomTo = (id: string) => {
    const m = ctl?.session?.model;
    if (!ctl || !m) return;
    const obj = subjectObject(m, id);
    const ext = obj ? objectExtent(m, obj) : null;
    if (!obj || !ext) return;
    ctl.fit([ext[0] - ZOOM_MARGIN, ext[1] - ZOOM_MARGIN, ext[2] + ZOOM_MARGIN, ext[3] + ZOOM_MARGIN], ZOOM_MAX);
    ctl.tools.select.set([obj]);
    ctl.render();
  };
  return (
    <>
      <div className="planning-dock" data-testid="planning-dock">
        <button type="button" aria-pressed={open === 'validation'} data-testid="validation-toggle" onClick={() => toggle('validation')}>
          {t('map.validation.title')} <ValidationBadge />
        </button>
        <button type="button" aria-pressed={open === 'capex'} data-testid="capex-toggle" onClick={() => toggle('capex')}>{t('map.capex.title')}</button>
      </div>
      {open === 'validation' && <ValidationPanel onZoom={zoomTo} onRevalidate={() => void planning.revalidate()} />}
      {open === 'capex' && <CapexPanel planning={planning} projectId={projectId} readOnly={readOnly} />}
    </>
  );
}
