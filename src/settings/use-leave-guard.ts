// Leaving the settings screen with unsaved changes, on the workflow's contract (src/workflow/unsaved-changes.ts and
// leave-guard.ts, spec 1 §2): while the working copy is dirty it is registered as an UnsavedChangesSource; a
// navigation away from the screen asks cancel / leave without saving / leave and save (a failed save stays), and
// closing or reloading the page asks the browser's question.
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useBlocker } from 'react-router';
import { selectSession } from '../auth/session-slice';
import { confirmLeave } from '../workflow/leave-guard';
import { hasUnsavedChanges, registerUnsavedChangesSource } from '../workflow/unsaved-changes';

export function useSettingsLeaveGuard(pathname: string, dirty: boolean, save: () => Promise<boolean>): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!dirty) return undefined;
    return registerUnsavedChangesSource({
      hasChanges: () => true,
      save: async () => { if (!(await saveRef.current())) throw new Error('unable to save the settings'); },
    });
  }, [dirty]);

  const sessionValid = useSelector(selectSession).status === 'valid';
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname !== pathname && sessionValid && hasUnsavedChanges());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave(sessionValid).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, sessionValid]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
}
