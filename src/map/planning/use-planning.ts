// Creates the planning plug-ins for the map's session once the project's settings are there: live validation + capex
// (its validation service registered with the workflow for step gating) and live clashes (once the project's
// reference features are read); both are torn down with the session. The live validation and capex are built once the
// map has drawn the session's network (draw-wait.ts): their first pass over a whole-loaded network (≈ 1.7 s at
// 100 000 edges) no longer holds back the network's first drawing; until then no validation service is registered
// (the step navigation treats that as while the project loads). `localStorage['netplan.pluginsAfterDraw'] = 'off'`
// builds them at once, before the first draw (the benchmark's side-by-side pass).
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../app/store';
import { settingsApi } from '../../api/endpoints/settings';
import { validationApi } from '../../api/endpoints/validation';
import { registerValidationService } from '../../validation/current-validation';
import type { GroupAnswer } from '../../validation/validation-service';
import type { MapController } from '../map-controller';
import type { EditSession } from '../edit-session';
import { PlanningBinding, type PlanningSettings } from './planning-binding';
import { clashesApi } from '../../api/endpoints/clashes';
import { ClashLive } from './clash-live';
import { onStoredFeaturesChanged } from '../stored-features-events';
import { pluginsAfterDraw } from '../draw-wait';

export function usePlanning(ctl: MapController | null, session: EditSession | null, opts: { projectId?: number; stateId?: number | null; partial: boolean }): { planning: PlanningBinding | null; clashes: ClashLive | null } {
  const { projectId, stateId = null, partial } = opts;
  const dispatch = useDispatch<AppDispatch>();
  const hasProject = projectId !== undefined && Number.isFinite(projectId);
  const settings = settingsApi.useFttxSettingsQuery(projectId ?? 0, { skip: !hasProject });
  const ready = !hasProject || !settings.isLoading;
  const data = (settings.data ?? null) as PlanningSettings | null;
  const [planning, setPlanning] = useState<PlanningBinding | null>(null);

  useEffect(() => {
    if (!ctl || !session || !ready) return;
    const runGroup = (validations: { name: string; params: Record<string, unknown> }[]): Promise<GroupAnswer> =>
      hasProject ? dispatch(validationApi.endpoints.validate.initiate({ projectId: projectId!, validations })).unwrap() as Promise<GroupAnswer>
        : Promise.reject({ status: 'FETCH_ERROR', error: 'no project' });
    let p: PlanningBinding | null = null, offService: (() => void) | null = null;
    // built from the session's model as it is then; it follows every change after (none is missed: same task)
    const build = () => {
      p = new PlanningBinding(session, data, { stateId, partial, runGroup });
      offService = registerValidationService(p.service);
      p.start((l) => ctl.binding.subscribe(l));
      setPlanning(p);
    };
    let cancel = () => {};
    // without a draw (a hidden tab, the map not loaded) they are built after 5 s
    if (pluginsAfterDraw()) cancel = ctl.whenDrawn(build, 5000); else build();
    return () => { cancel(); offService?.(); p?.destroy(); setPlanning(null); };
  }, [ctl, session, ready, data, stateId, partial, hasProject, projectId, dispatch]);

  // Live clashes: once the project's reference features are read (a project without any has no clash to show).
  const [clashes, setClashes] = useState<ClashLive | null>(null);
  useEffect(() => {
    if (!ctl || !session || !ready || !hasProject) return;
    let live: ClashLive | null = null, gone = false;
    const req = dispatch(clashesApi.endpoints.clashReferences.initiate(projectId!, { forceRefetch: true }));
    req.unwrap().then((refs) => {
      if (gone) return;
      live = new ClashLive(session, refs, (data as { clashDetectionSettings?: unknown } | null)?.clashDetectionSettings);
      live.start((l) => ctl.binding.subscribe(l));
      setClashes(live);
    }, (err: unknown) => console.error('clash references could not be read', err));
    // an upload imported (or another stored-feature write) brings new references: read them again
    const offStored = onStoredFeaturesChanged((pid, layers) => {
      if (pid !== projectId || layers.every((l) => l === 'clashes')) return;
      const again = dispatch(clashesApi.endpoints.clashReferences.initiate(projectId!, { forceRefetch: true }));
      again.unwrap().then((refs) => { if (!gone) live?.setReferences(refs); }, (err: unknown) => console.error('clash references could not be read', err))
        .finally(() => again.unsubscribe());
    });
    return () => { gone = true; offStored(); req.unsubscribe(); live?.destroy(); setClashes(null); };
  }, [ctl, session, ready, data, hasProject, projectId, dispatch]);

  return { planning, clashes };
}
