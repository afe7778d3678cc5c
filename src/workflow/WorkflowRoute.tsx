// The workflow route workflow/{projectId}/{project type key}/{step} with the settings in the fragment (spec 1 §2), and
// the short address workflow/{projectId}/{step} (spec 2 §2) that is completed with the project's type key. The project
// guard (app/RequireProject.tsx) has checked the project before either renders. The settings fragment is read back on
// entry and kept on every step address (the map may replace the fragment with its view position):
// the project type's states from the server (sorted by step, cached) as step navigation, the map screen for the
// current step, a long loading mark on entry, the leave guard for unsaved changes, and the way into the project's
// settings (with the profile refresh check of spec 2 §4).
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Navigate, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { AppDispatch } from '../app/store';
import { projectApi, useProjectQuery, useLogEventMutation } from '../api/endpoints/project';
import { networkApi } from '../api/endpoints/network';
import { warmIndexWorker } from '../api/network-index';
import { useProjectTypesQuery } from '../api/endpoints/catalogue';
import { selectSession } from '../auth/session-slice';
import { startLoading, stopLoading } from '../shell/loading-slice';
import { joinProjectRoom, leaveProjectRoom } from '../shell/requests/socket';
import { confirmLeave } from './leave-guard';
import { hasUnsavedChanges } from './unsaved-changes';
import { StepNavigation } from './StepNavigation';
import { WorkflowSettingsEntry } from '../settings/WorkflowSettingsEntry';
import { WorkflowStatisticsEntry } from '../statistics/WorkflowStatisticsEntry';
import { idOfSegment, settingsOfFragment, workflowAddress } from './workflow-address';

// The map screen of the step, loaded on demand (the map libraries are heavy). Exported for tests: awaiting it waits for
// a load the route began (a test must not end while the map's modules are still loading).
export const loadMapScreen = () => import('../map/MapScreen');
const WorkflowMap = lazy(() => loadMapScreen().then((m) => ({ default: m.MapScreen })));

const WORKFLOW_LOADING = 'workflow.loading';
/** The project is marked in use (POST …/in-use) on entry and again this often while open; marks count for 15 minutes. */
export const IN_USE_REFRESH_MS = 5 * 60_000;

export function WorkflowRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = idOfSegment(params.projectId, 1) ?? Number.NaN;
  const projectTypeKey = params.projectTypeKey ?? '';
  const step = idOfSegment(params.step) ?? Number.NaN;
  const location = useLocation();
  // The settings fragment of the address the workflow was entered with (or the latest one that held settings).
  const fragmentSettings = useRef<Record<string, unknown> | null>(null);
  const fromHash = settingsOfFragment(location.hash);
  if (fromHash) fragmentSettings.current = fromHash;
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  const session = useSelector(selectSession);
  const project = useProjectQuery(projectId, { skip: !Number.isInteger(projectId) });
  const types = useProjectTypesQuery();
  const [logEvent] = useLogEventMutation();
  const projectTypeId = project.data?.projectTypeId ?? types.data?.find((x) => x.key === projectTypeKey)?.id;

  // Long loading on entry (spec 1 §2), until the project is there.
  const loading = project.isLoading;
  useEffect(() => {
    if (!loading) return;
    dispatch(startLoading({ long: true, message: WORKFLOW_LOADING }));
    return () => { dispatch(stopLoading({ long: true, message: WORKFLOW_LOADING })); };
  }, [loading, dispatch]);

  useEffect(() => {
    if (!Number.isInteger(projectId)) return;
    joinProjectRoom(projectId);
    return () => leaveProjectRoom(projectId);
  }, [projectId]);

  // The map screen's code and first calls start with the workflow, not once its chunk has loaded and mounted (the
  // network's extent at 10⁶ edges is ≈ 0.3–0.6 s on the open's critical path, issue 15); the map's own calls join
  // these (same arguments: RTK Query shares the request and keeps the answer).
  useEffect(() => {
    if (!Number.isInteger(projectId)) return;
    void loadMapScreen();
    warmIndexWorker(); // a whole read's worker, started before the extent says whether there is one (network-index.ts)
    // the extent (kept 30 s unused for the map), and once it says the project loads by area the opening view's tiles —
    // of the address's view as entered: by the extent's answer the map may have written its own start view there —
    // else the whole network's read (whole-prefetch.ts)
    const extent = dispatch(networkApi.endpoints.networkExtent.initiate({ projectId }));
    const hash = window.location.hash;
    void Promise.all([extent.unwrap(), import('../map/tile-prefetch'), import('../map/whole-prefetch')])
      .then(([e, m, w]) => { m.prefetchOpeningTiles(dispatch, projectId, e, hash, [window.innerWidth, window.innerHeight]); w.prefetchWhole(dispatch, projectId, e); }, () => undefined)
      .finally(() => extent.unsubscribe());
    dispatch(networkApi.util.prefetch('objectTypes', projectId, {}));
    dispatch(networkApi.util.prefetch('relationTypes', projectId, {}));
  }, [projectId, dispatch]);

  const userId = session.user?.id;
  useEffect(() => {
    if (project.data && userId !== undefined) void logEvent({ projectId: project.data.id, userId, type: 'PROJECT_OPENED' });
  }, [project.data?.id, userId]); // eslint-disable-line react-hooks/exhaustive-deps

  // In-use mark for the management dashboard's "in use by" (issue 16).
  const openId = project.data?.id;
  useEffect(() => {
    if (openId === undefined || userId === undefined) return;
    const mark = () => { void dispatch(projectApi.endpoints.setInUse.initiate({ id: openId, userId })); };
    mark();
    const h = setInterval(mark, IN_USE_REFRESH_MS);
    return () => clearInterval(h);
  }, [openId, userId, dispatch]);

  // Leave guard: only leaving the workflow is guarded; no dialog without changes or with an invalid session.
  const sessionValid = session.status === 'valid';
  const blocker = useBlocker(({ nextLocation }) =>
    !nextLocation.pathname.startsWith(`/workflow/${projectId}/`) && sessionValid && hasUnsavedChanges());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave(sessionValid).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, sessionValid]);
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => { if (hasUnsavedChanges()) e.preventDefault(); };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);

  if (!Number.isInteger(projectId) || !Number.isInteger(step)) return <p role="alert">{t('workflow.bad_address')}</p>;
  if (project.isError) return <p role="alert" data-testid="workflow-error">{t('workflow.project_unavailable')}</p>;
  const goToStep = (s: number) => navigate(workflowAddress(projectId, projectTypeKey, s, fragmentSettings.current));
  return (
    <main className="workflow" data-testid="workflow" data-fragment-settings={fragmentSettings.current ? Object.keys(fragmentSettings.current).join(' ') : undefined}>
      <header className="workflow-header">
        <h1>{project.data?.name ?? ''}</h1>
        <WorkflowSettingsEntry projectId={projectId} />
        <WorkflowStatisticsEntry projectId={projectId} />
        {projectTypeId !== undefined && <StepNavigation projectTypeId={projectTypeId} step={step} onStep={goToStep} />}
      </header>
      <div className="workflow-map">
        <Suspense fallback={null}><WorkflowMap projectId={projectId} projectTypeKey={projectTypeKey} step={step} /></Suspense>
      </div>
    </main>
  );
}

/** workflow/{projectId}/{step}: completed with the project's type key (the fragment is kept). */
export function WorkflowShortAddress() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const projectId = idOfSegment(params.projectId, 1);
  const step = idOfSegment(params.step);
  const project = useProjectQuery(projectId ?? 0, { skip: projectId === undefined });
  const types = useProjectTypesQuery();
  if (projectId === undefined || step === undefined) return <p role="alert">{t('workflow.bad_address')}</p>;
  const key = project.data?.projectType?.key ?? types.data?.find((x) => x.id === project.data?.projectTypeId)?.key;
  if (!key) return <div className="page-busy" aria-busy="true">{t('shell.loading.default')}</div>;
  // A settings fragment is carried over as settings; any other fragment (the map view) as it is.
  const settings = settingsOfFragment(location.hash);
  return <Navigate to={workflowAddress(projectId, key, step, settings) + (settings ? '' : location.hash)} replace />;
}
