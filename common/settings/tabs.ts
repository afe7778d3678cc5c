// Settings tabs per project type (spec 2 §2): geotrace network, trench costs, clash detection, route analysis, route
// determination; GHS trench costs, clash detection, route analysis; GHP clash detection, route analysis, carriers;
// FTTX trench costs, clash detection, route analysis; LV network, trench costs, clash detection, route analysis,
// conduits, cable types, transformer types. Water (not in the spec) gets GHS's set. Each tab names the settings
// fields it edits (dotted paths into the template) and the profile types that can fill it.
import { fieldAt, type Field } from './fields';
import type { ProfileType } from './profiles';
import { projectTypeInfo, type TabSetId } from './project-types';
import { templateFor, templateRoot, type SettingsTemplate } from './templates';

export type TabId = 'network' | 'trenchCosts' | 'clashDetection' | 'routeAnalysis' | 'routeDetermination' | 'carriers'
  | 'conduits' | 'cableTypes' | 'transformerTypes';

interface TabDef { label: string; paths: readonly string[]; profileTypes: readonly ProfileType[] }

export const TABS: Readonly<Record<TabId, TabDef>> = {
  network: { label: 'Network', paths: ['network'], profileTypes: [] },
  trenchCosts: { label: 'Trench costs', paths: ['trenchCosts'], profileTypes: ['trenchProfile'] },
  clashDetection: { label: 'Clash detection', paths: ['clashDetectionSettings'], profileTypes: ['clashDetection'] },
  routeAnalysis: { label: 'Route analysis', paths: ['routeAnalysis'], profileTypes: ['routeAnalysis'] },
  routeDetermination: { label: 'Route determination', paths: ['routeDetermination'], profileTypes: ['routeDetermination', 'weights'] },
  carriers: { label: 'Carriers', paths: ['network.carriers'], profileTypes: ['carriers'] },
  conduits: { label: 'Conduits', paths: ['network.conduit_rules'], profileTypes: ['conduits'] },
  cableTypes: { label: 'Cable types', paths: ['network.cable_types'], profileTypes: ['cableTypes'] },
  transformerTypes: { label: 'Transformer types', paths: ['network.transformer_types'], profileTypes: ['transformerTypes'] },
};

export const TAB_SETS: Readonly<Record<TabSetId, readonly TabId[]>> = {
  geotrace: ['network', 'trenchCosts', 'clashDetection', 'routeAnalysis', 'routeDetermination'],
  ghs: ['trenchCosts', 'clashDetection', 'routeAnalysis'],
  ghp: ['clashDetection', 'routeAnalysis', 'carriers'],
  fttx: ['trenchCosts', 'clashDetection', 'routeAnalysis'],
  lowVoltage: ['network', 'trenchCosts', 'clashDetection', 'routeAnalysis', 'conduits', 'cableTypes', 'transformerTypes'],
  water: ['trenchCosts', 'clashDetection', 'routeAnalysis'],
};

/** One field an editor shows: its dotted path in the settings and its metadata. */
export interface TabField { path: string; field: Field }
export interface SettingsTab { id: TabId; label: string; profileTypes: readonly ProfileType[]; fields: TabField[] }

/**
 * The fields a tab edits in a template: a section path yields each of its fields (a section that is one named-entry
 * table, like trenchCosts, yields itself); the network tab leaves out the lists another tab of the set edits.
 */
export function tabFields(t: SettingsTemplate, tab: TabId, others: readonly TabId[] = []): TabField[] {
  const root = templateRoot(t);
  const skip = new Set(others.filter((o) => o !== tab).flatMap((o) => TABS[o].paths));
  const out: TabField[] = [];
  for (const path of TABS[tab].paths) {
    const f = fieldAt(root, path.split('.'));
    if (!f) continue;
    if (f.type === 'group') {
      for (const [k, sub] of Object.entries(f.fields)) if (!skip.has(`${path}.${k}`)) out.push({ path: `${path}.${k}`, field: sub });
    } else out.push({ path, field: f });
  }
  return out;
}

/** The settings tabs of a project type (canonical id), in the spec's order; [] for a type without a tab set. */
export function settingsTabs(projectTypeId: number): SettingsTab[] {
  const info = projectTypeInfo(projectTypeId);
  if (!info) return [];
  const ids = TAB_SETS[info.tabs];
  const t = templateFor(projectTypeId);
  return ids.map((id) => ({ id, label: TABS[id].label, profileTypes: TABS[id].profileTypes, fields: tabFields(t, id, ids) }));
}
