// Settings profiles (spec 2 §3, §4): the ten profile types, which part of the settings each one holds, which project
// types each applies to (derived from the settings tabs, plus mainProfile everywhere), the check of a profile's
// settings against its part of the template, applying profiles to a project's settings (refresh: the parts are
// overwritten), and which applied profiles changed since (updated_at > applied_at) and are not ignored.
import { getAt, group, isPlainObject, setAt, type Field, type Settings } from './fields';
import { PROJECT_TYPES } from './project-types';
import { TABS, TAB_SETS } from './tabs';
import { templateFor, type SettingsTemplate } from './templates';
import { settingsProblems, type Checkable, type SettingsProblem } from './validate';

export const PROFILE_TYPES = ['trenchProfile', 'cableTypes', 'transformerTypes', 'weights', 'clashDetection', 'routeAnalysis',
  'routeDetermination', 'conduits', 'carriers', 'mainProfile'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/**
 * The settings paths a profile type holds. A profile's `settings` is a partial settings document with just those
 * paths, e.g. cableTypes `{network: {cable_types: [...]}}`; mainProfile holds any sections of the whole settings.
 */
export const PROFILE_PARTS: Readonly<Record<ProfileType, readonly string[] | 'all'>> = {
  trenchProfile: ['trenchCosts'],
  cableTypes: ['network.cable_types'],
  transformerTypes: ['network.transformer_types'],
  weights: ['routeDetermination.weights'],
  clashDetection: ['clashDetectionSettings'],
  routeAnalysis: ['routeAnalysis'],
  routeDetermination: ['routeDetermination'],
  conduits: ['network.conduit_rules'],
  carriers: ['network.carriers'],
  mainProfile: 'all',
};

/** The profile types of a project type (canonical id): those filling one of its tabs, then mainProfile. */
export function profileTypesFor(projectTypeId: number): ProfileType[] {
  const info = PROJECT_TYPES.find((t) => t.id === projectTypeId);
  if (!info) return [];
  const viaTabs = new Set(TAB_SETS[info.tabs].flatMap((tab) => TABS[tab].profileTypes));
  return PROFILE_TYPES.filter((p) => viaTabs.has(p) || p === 'mainProfile');
}

/** The project types (canonical ids) a profile type applies to. */
export const projectTypesFor = (type: ProfileType): number[] => PROJECT_TYPES.filter((t) => profileTypesFor(t.id).includes(type)).map((t) => t.id);

/** The template restricted to a profile type's part (what a profile of that type may hold). */
export function profileCheckable(t: SettingsTemplate, type: ProfileType): Checkable {
  const part = PROFILE_PARTS[type];
  if (part === 'all') return { fields: t.fields as Record<string, Field>, checks: t.checks };
  const fields: Record<string, Field> = {};
  for (const path of part) {
    const [section, ...rest] = path.split('.');
    const f = t.fields[section as keyof SettingsTemplate['fields']];
    if (!f) continue;
    if (!rest.length) { fields[section] = f; continue; }
    const sub = f.type === 'group' ? f.fields[rest[0]] : undefined;
    if (!sub) continue;
    const prev = fields[section];
    fields[section] = group({ ...(prev?.type === 'group' ? prev.fields : {}), [rest[0]]: sub });
  }
  return { fields };
}

/**
 * Problems of a profile: its type must apply to its project type, and its settings must be a valid part of that
 * type's template. A profile without project type must fit some project type it applies to (the first one's
 * problems are reported otherwise).
 */
export function profileProblems(type: ProfileType, settings: unknown, projectTypeId: number | null): SettingsProblem[] {
  if (projectTypeId !== null) {
    if (!profileTypesFor(projectTypeId).includes(type)) {
      return [{ path: 'type', message: `profile type ${type} does not apply to project type ${projectTypeId}` }];
    }
    return settingsProblems(profileCheckable(templateFor(projectTypeId), type), settings);
  }
  let first: SettingsProblem[] | undefined;
  for (const id of projectTypesFor(type)) {
    const p = settingsProblems(profileCheckable(templateFor(id), type), settings);
    if (!p.length) return [];
    first ??= p;
  }
  return first ?? [{ path: 'type', message: `profile type ${type} applies to no project type` }];
}

export interface ProfileLike { type: string; settings: unknown }

/**
 * Stored settings with the profiles' parts written over them (a fresh object; `stored` is not changed). mainProfile
 * profiles go first, so a specific profile overrides the main one; each section or path the profile holds replaces
 * the stored one whole.
 */
export function applyProfiles(stored: Settings, profiles: readonly ProfileLike[]): Settings {
  const out: Settings = JSON.parse(JSON.stringify(stored ?? {}));
  const ordered = [...profiles].sort((a, b) => Number(b.type === 'mainProfile') - Number(a.type === 'mainProfile'));
  for (const p of ordered) {
    const part = PROFILE_PARTS[p.type as ProfileType];
    if (!part || !isPlainObject(p.settings)) continue;
    const paths = part === 'all' ? Object.keys(p.settings) : part;
    for (const path of paths) {
      const keys = path.split('.');
      const v = getAt(p.settings, keys);
      if (v !== undefined) setAt(out, keys, v);
    }
  }
  return out;
}

const time = (s: string | null | undefined) => (s ? Date.parse(s) : NaN);

/**
 * The uuids of applied profiles that changed after they were applied (updated_at > applied_at) and whose change is
 * not older than the project's "don't show again" timestamp (spec 2 §4 profile refresh).
 */
export function profilesToRefresh(
  profiles: readonly { uuid: string; updated_at: string }[], appliedAt: Readonly<Record<string, string | null | undefined>>,
  ignoredAt?: string | null,
): string[] {
  const ignored = time(ignoredAt);
  return profiles.filter((p) => {
    const applied = time(appliedAt[p.uuid]), updated = time(p.updated_at);
    return !Number.isNaN(applied) && updated > applied && !(ignored >= updated);
  }).map((p) => p.uuid);
}
