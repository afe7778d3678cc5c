// Layer visibility resolution (spec 2 §4): the user's setting for the view, then the view's built-in default, then a
// recommended-layer setting (visible, with its layer opacity), then the global default, then hidden at opacity 1.
import type { LayerEntry } from './types';
import type { ViewDefaults } from './catalogue/contexts';

/** A stored user layer setting (spec 2 §7 PATCH /api/user/layer_setting). */
export interface LayerSetting {
  id?: number;
  userId?: number;
  mapContext: string;
  layerName: string;
  layerStyle?: string | null;
  opacity: number;
  visible: boolean;
}

export type ResolvedFrom = 'user' | 'view' | 'recommended' | 'global' | 'fallback';
export interface ResolvedLayer { layerName: string; visible: boolean; opacity: number; style: string | null; from: ResolvedFrom }

export interface ResolveInput {
  mapContext: string;
  userSettings: readonly LayerSetting[];
  viewDefaults: ViewDefaults;
  /** Recommended layers: name → that layer's opacity. */
  recommended: ReadonlyMap<string, number>;
  /** Global defaults: normally the catalogue's defaultVisible/opacity. */
  globalDefaults: ReadonlyMap<string, { visible: boolean; opacity: number }>;
}

export function resolveLayer(layerName: string, defaultStyle: string | null, inp: ResolveInput): ResolvedLayer {
  const user = inp.userSettings.find((s) => s.mapContext === inp.mapContext && s.layerName === layerName);
  if (user) return { layerName, visible: user.visible, opacity: user.opacity, style: user.layerStyle ?? defaultStyle, from: 'user' };
  const view = inp.viewDefaults[layerName];
  if (view) {
    const opacity = view.opacity ?? inp.globalDefaults.get(layerName)?.opacity ?? 1;
    return { layerName, visible: view.visible, opacity, style: defaultStyle, from: 'view' };
  }
  const rec = inp.recommended.get(layerName);
  if (rec !== undefined) return { layerName, visible: true, opacity: rec, style: defaultStyle, from: 'recommended' };
  const g = inp.globalDefaults.get(layerName);
  if (g) return { layerName, visible: g.visible, opacity: g.opacity, style: defaultStyle, from: 'global' };
  return { layerName, visible: false, opacity: 1, style: defaultStyle, from: 'fallback' };
}

export function globalDefaultsOf(entries: readonly LayerEntry[]): Map<string, { visible: boolean; opacity: number }> {
  return new Map(entries.map((e) => [e.name, { visible: e.defaultVisible, opacity: e.opacity }]));
}

/** Resolves every offered layer of a view. */
export function resolveView(entries: readonly LayerEntry[], inp: Omit<ResolveInput, 'globalDefaults'> & { globalDefaults?: ResolveInput['globalDefaults'] }): ResolvedLayer[] {
  const full: ResolveInput = { ...inp, globalDefaults: inp.globalDefaults ?? globalDefaultsOf(entries) };
  return entries.map((e) => resolveLayer(e.name, e.styles[0] ?? null, full));
}

/** Restoring a view clears its user settings (other views keep theirs). */
export function restoreView(settings: readonly LayerSetting[], mapContext: string): LayerSetting[] {
  return settings.filter((s) => s.mapContext !== mapContext);
}

/** Sets one layer's setting in a view, replacing an earlier one for the same layer and view. */
export function upsertSetting(settings: readonly LayerSetting[], next: LayerSetting): LayerSetting[] {
  return [...settings.filter((s) => !(s.mapContext === next.mapContext && s.layerName === next.layerName)), next];
}

export type LayerSettingRequest =
  | { method: 'GET'; path: string }
  | { method: 'PATCH'; path: string; body: LayerSetting[] }
  | { method: 'DELETE'; path: string };

/** The call saving a view's settings (spec 2 §7): saving none deletes the stored settings of the view. */
export function saveViewRequest(mapContext: string, settings: readonly LayerSetting[]): LayerSettingRequest {
  const mine = settings.filter((s) => s.mapContext === mapContext);
  if (mine.length === 0) return { method: 'DELETE', path: `/api/user/layer_setting/${encodeURIComponent(mapContext)}` };
  return { method: 'PATCH', path: '/api/user/layer_setting', body: mine };
}
export function loadViewRequest(mapContext: string): LayerSettingRequest {
  return { method: 'GET', path: `/api/user/layer_setting/${encodeURIComponent(mapContext)}` };
}
