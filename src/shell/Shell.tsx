// Everything that floats over every page: notifications, modals, the login dialog, the loading overlay; plus the
// session re-check every 300000 ms.
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { Notifications } from './Notifications';
import { ModalHost } from './ModalHost';
import { LoadingOverlay } from './LoadingOverlay';
import { LoginDialog } from '../auth/LoginDialog';
import { selectSession } from '../auth/session-slice';
import { SESSION_CHECK_INTERVAL_MS, validateSession } from '../auth/session';

export function SessionWatcher() {
  const dispatch = useDispatch<AppDispatch>();
  const signedIn = useSelector(selectSession).status === 'valid';
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => { void dispatch(validateSession()); }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn, dispatch]);
  return null;
}

export function ShellOverlays() {
  return (
    <>
      <SessionWatcher />
      <LoadingOverlay />
      <ModalHost />
      <LoginDialog />
      <Notifications />
    </>
  );
}
