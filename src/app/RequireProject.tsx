// Project guard (spec 1 §2 "several routes need a signed-in session and project guards"): a route with :projectId
// renders only once the project is known to be the user's. A malformed id shows the not-found page; an unknown,
// deleted or other organisation's project (the server answers 404 for all three) gives the warning 'User is not
// authorized to access this page' and the dashboard; a locked project is left to the lock rule (its own notification
// and the dashboard). Marks the long loading state while the project loads when the route asks for it.
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { AppDispatch } from './store';
import { useProjectQuery } from '../api/endpoints/project';
import { NOT_AUTHORIZED_KEY } from './guards';
import { NotFound } from './NotFound';
import { notifyWarning } from '../shell/notification-store';
import { startLoading, stopLoading } from '../shell/loading-slice';
import { idOfSegment } from '../workflow/workflow-address';

/** Statuses meaning "not yours to open": answered with the warning and the dashboard. */
const REFUSED = new Set([400, 403, 404]);

function statusOf(error: unknown): number | string | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as { status: number | string }).status : undefined;
}

export function RequireProject({ children, longLoading }: { children: ReactNode; longLoading?: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const dispatch = useDispatch<AppDispatch>();
  const id = idOfSegment(params.projectId, 1);
  // Read afresh on every entry: a cached refusal (e.g. 423 while the project was locked) must not send the user away
  // again once the project is open to them.
  const project = useProjectQuery(id ?? 0, { skip: id === undefined, refetchOnMountOrArgChange: true });
  const mountedAt = useRef(Date.now());
  const settled = !project.isFetching && (project.startedTimeStamp ?? 0) >= mountedAt.current;
  const status = project.isError && settled ? statusOf(project.error) : undefined;
  const refused = typeof status === 'number' && REFUSED.has(status);
  const warned = useRef(false);
  useEffect(() => {
    if (refused && !warned.current) {
      warned.current = true;
      notifyWarning(NOT_AUTHORIZED_KEY, { throttleKey: NOT_AUTHORIZED_KEY });
    }
  }, [refused]);
  const loading = project.isLoading && longLoading !== undefined;
  useEffect(() => {
    if (!loading || !longLoading) return;
    dispatch(startLoading({ long: true, message: longLoading }));
    return () => { dispatch(stopLoading({ long: true, message: longLoading })); };
  }, [loading, longLoading, dispatch]);

  if (id === undefined) return <NotFound />;
  if (refused || status === 423) return <Navigate to="/dashboard" replace />;
  if (project.isError && settled) return <p role="alert" data-testid="project-unavailable">{t('workflow.project_unavailable')}</p>;
  if (!project.data || project.data.id !== id) return <div className="page-busy" aria-busy="true">{t('shell.loading.default')}</div>;
  return <>{children}</>;
}
