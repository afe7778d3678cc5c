// Working copy of one material catalogue in material management: loaded from the server's rows, edited through the
// settings editor's write function (paths start with the catalogue kind: 'lv_cable_types[1].cost'), checked on
// every edit with the same validator as the server (catalogueProblems), saved with PUT (a 400's problems kept by
// path until the next edit) or put back to the defaults with DELETE.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { catalogueProblems, type CatalogueKind, type CatalogueRow } from 'common/materials/catalogues';
import type { SettingsProblem } from 'common/settings/index';
import { deepEqual } from 'engine/equal';
import { useResetMaterialsMutation, useSaveMaterialsMutation, type MaterialCatalogue } from '../api/endpoints/materials';
import { notifyError, notifyInfo } from '../shell/notification-store';
import { parsePath, updateAt } from '../settings/settings-doc';

export function useCatalogueDraft(kind: CatalogueKind, loaded: MaterialCatalogue | undefined) {
  const [rows, setRows] = useState<CatalogueRow[]>();
  const [serverProblems, setServerProblems] = useState<SettingsProblem[]>([]);
  const [saveMut, saveState] = useSaveMaterialsMutation();
  const [resetMut] = useResetMaterialsMutation();
  useEffect(() => { setRows(loaded?.entries); setServerProblems([]); }, [loaded]);
  const dirty = !!rows && !!loaded && !deepEqual(rows, loaded.entries);
  const clientProblems = useMemo(() => (rows ? catalogueProblems(kind, rows) : []), [kind, rows]);
  const problems = useMemo(() => [...clientProblems, ...serverProblems], [clientProblems, serverProblems]);

  const set = useCallback((path: string, value: unknown) => {
    const [, ...rest] = parsePath(path);
    setRows((r) => updateAt(r ?? [], rest, value) as CatalogueRow[]);
    setServerProblems([]);
  }, []);

  const save = useCallback(async () => {
    if (!rows || catalogueProblems(kind, rows).length) return false;
    const r = await saveMut({ kind, entries: rows });
    if ('error' in r) {
      const body = ((r.error as { data?: unknown }).data ?? {}) as { problems?: SettingsProblem[]; message?: string };
      setServerProblems(body.problems ?? [{ path: kind, message: body.message ?? '' }]);
      notifyError('materials.save_failed');
      return false;
    }
    notifyInfo('materials.saved');
    return true;
  }, [kind, rows, saveMut]);

  const reset = useCallback(async () => {
    const r = await resetMut(kind);
    if ('error' in r) { notifyError('materials.save_failed'); return false; }
    notifyInfo('materials.restored');
    return true;
  }, [kind, resetMut]);

  return { rows, dirty, problems, clientProblems, saving: saveState.isLoading, set, save, reset };
}
