// The settings screen's working copy of a project's settings (spec 2 §3, §7): loaded from GET …/fttx/settings
// (the effective settings), edited in place, dirty while it differs from what was loaded, checked on every edit with
// the shared validator (settingsProblems), saved with POST (only what differs from the defaults; a 400's problems
// are kept by path until the next edit), and put back to the defaults with DELETE. New server settings (after a
// profile refresh, say) replace the working copy while it is clean.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultSettings, settingsProblems, type Settings, type SettingsProblem, type SettingsTemplate } from 'common/settings/index';
import { deepEqual } from 'engine/equal';
import { useDeleteFttxSettingsMutation, useFttxSettingsQuery, useSaveFttxSettingsMutation } from '../api/endpoints/settings';
import { notifyError, notifyInfo } from '../shell/notification-store';
import { parsePath, settingsToSave, updateAt } from './settings-doc';

export interface SettingsDraft {
  error: boolean;
  draft: Settings | undefined;
  dirty: boolean;
  /** Client problems of the working copy, then the problems of the last refused save. */
  problems: SettingsProblem[];
  clientProblems: SettingsProblem[];
  saving: boolean;
  set: (path: string, value: unknown) => void;
  /** Resolves true when saved; false when refused or failed (problems and notifications say why). */
  save: () => Promise<boolean>;
  restoreDefaults: () => Promise<boolean>;
  /** Takes settings the server answered with (a profile applied) as the loaded and working copy. */
  replace: (settings: Settings) => void;
}

interface ErrorBody { error?: string; message?: string; problems?: SettingsProblem[] }
const bodyOf = (e: unknown): ErrorBody => ((e as { data?: unknown })?.data ?? {}) as ErrorBody;

export function useSettingsDraft(projectId: number, template: SettingsTemplate | undefined): SettingsDraft {
  const q = useFttxSettingsQuery(projectId, { skip: !template, refetchOnMountOrArgChange: true });
  const [saveMut, saveState] = useSaveFttxSettingsMutation();
  const [deleteMut] = useDeleteFttxSettingsMutation();
  const [base, setBase] = useState<Settings>();
  const [draft, setDraft] = useState<Settings>();
  const [serverProblems, setServerProblems] = useState<SettingsProblem[]>([]);
  const dirty = !!draft && !!base && !deepEqual(draft, base);
  const cleanRef = useRef(true);
  cleanRef.current = !dirty;

  const replace = useCallback((s: Settings) => { setBase(s); setDraft(s); setServerProblems([]); }, []);
  useEffect(() => { if (q.data && cleanRef.current) replace(q.data); }, [q.data, replace]);

  const clientProblems = useMemo(() => (template && draft ? settingsProblems(template, draft) : []), [template, draft]);
  const problems = useMemo(() => [...clientProblems, ...serverProblems], [clientProblems, serverProblems]);

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const set = useCallback((path: string, value: unknown) => {
    setDraft((d) => updateAt(d ?? {}, parsePath(path), value) as Settings);
    setServerProblems([]);
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    const current = draftRef.current;
    if (!template || !current) return false;
    if (settingsProblems(template, current).length) return false;
    const r = await saveMut({ id: projectId, settings: settingsToSave(template, current) });
    if ('error' in r) {
      const body = bodyOf(r.error);
      if (body.problems?.length) setServerProblems(body.problems);
      else if (body.message) setServerProblems([{ path: '', message: body.message }]);
      notifyError('settings.save_failed');
      return false;
    }
    // Edits made while saving stay in the working copy (and keep it dirty).
    if (draftRef.current === current) replace(r.data);
    else setBase(r.data);
    notifyInfo('settings.saved');
    return true;
  }, [template, projectId, saveMut, replace]);

  const restoreDefaults = useCallback(async (): Promise<boolean> => {
    if (!template) return false;
    const r = await deleteMut(projectId);
    if ('error' in r) return false;
    replace(defaultSettings(template));
    notifyInfo('settings.restored');
    return true;
  }, [template, projectId, deleteMut, replace]);

  return {
    error: q.isError, draft, dirty, problems, clientProblems,
    saving: saveState.isLoading, set, save, restoreDefaults, replace,
  };
}
