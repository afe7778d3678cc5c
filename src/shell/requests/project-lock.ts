// Project locking (spec 1 §4, spec 2 §4, §8): a response with the project-locked header sends the user to the
// dashboard with a locked notification; the socket's project_unlocked event brings an unlocked notification with a
// link back into the workflow on success, or 'still locked' on failure.
import { navigateTo } from '../../app/navigation';
import { notify } from '../notification-store';
import i18next from 'i18next';

export const LOCK_KEYS = {
  recalculation: 'lock.network_recalculation_project_locked',
  tookTooLong: 'lock.operation_took_to_long_project_locked',
  unlocked: 'lock.operation_completed_project_unlocked',
  stillLocked: 'lock.operation_error_project_still_locked',
} as const;

/** Called with the locked project's id (the socket follows it until the unlock event). */
let lockListener: ((projectId: number) => void) | null = null;
export function onProjectLocked(l: ((projectId: number) => void) | null): void { lockListener = l; }

export interface UnlockedProject { id: number; name: string; projectTypeId: number; step: number; settings?: unknown }
export interface ProjectUnlockedEvent { operationId: string | number; project: UnlockedProject; status: string }

/** Project type id → key, filled from the project types list so the unlock link can build the workflow address. */
const projectTypeKeys = new Map<number, string>();
export function rememberProjectTypeKeys(types: { id: number; key: string }[]): void {
  for (const t of types) projectTypeKeys.set(t.id, t.key);
}

export function workflowPath(p: { id: number; projectTypeId: number; step: number; settings?: unknown }, typeKey?: string): string {
  const key = typeKey ?? projectTypeKeys.get(p.projectTypeId) ?? String(p.projectTypeId);
  const fragment = p.settings && typeof p.settings === 'object' && Object.keys(p.settings).length
    ? `#${encodeURIComponent(JSON.stringify(p.settings))}` : '';
  return `/workflow/${p.id}/${encodeURIComponent(key)}/${p.step ?? 0}${fragment}`;
}

/** The project id of an API address (…/project/{id}/…), if any. */
export function projectIdOfUrl(url: string): number | undefined {
  const m = /\/project\/(\d+)(?:\/|$|\?)/.exec(url) ?? /\/project\/edit\/(\d+)/.exec(url);
  return m ? Number(m[1]) : undefined;
}

export function handleProjectLocked(reason: string | null, url = ''): void {
  const projectId = projectIdOfUrl(url);
  if (projectId !== undefined) lockListener?.(projectId);
  const key = reason && /recalc/i.test(reason) ? LOCK_KEYS.recalculation : LOCK_KEYS.tookTooLong;
  navigateTo('/dashboard');
  notify(key, 'Warning', { stick: true, throttleKey: 'project_locked' });
}

export function isUnlockSuccess(status: string): boolean {
  return /^(success|succeeded|completed|ok|unlocked|done)$/i.test(status);
}

export function handleProjectUnlocked(e: ProjectUnlockedEvent): void {
  if (isUnlockSuccess(e.status)) {
    const path = workflowPath(e.project);
    notify(LOCK_KEYS.unlocked, 'Information', {
      stick: true,
      translationParams: { name: e.project.name },
      buttons: [{ label: i18next.t('lock.open_project'), action: () => navigateTo(path), closes: true }],
    });
  } else {
    notify(LOCK_KEYS.stillLocked, 'Error', { stick: true, translationParams: { name: e.project.name } });
  }
}
