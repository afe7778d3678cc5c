// Themes (spec 2 §3, §9): class name and nice name; the choice is stored locally under the theme key and applied as
// a class on <html>.
export interface Theme { className: string; niceName: string }

export const PRODUCT = 'netplan';
export const THEME_STORAGE_KEY = 'theme';

export const THEMES: readonly Theme[] = [
  { className: 'capex', niceName: 'Capex' },
  { className: PRODUCT, niceName: 'NetPlan' },
  { className: `${PRODUCT}2022`, niceName: 'NetPlan 2022' },
  { className: 'geosmartdesign', niceName: 'GeoSmartDesign' },
  { className: 'geoheat', niceName: 'GeoHeat' },
  { className: 'geotrace', niceName: 'GeoTrace' },
  { className: 'geowater', niceName: 'GeoWater' },
  { className: 'nwn', niceName: 'NWN' },
];
export const DEFAULT_THEME = PRODUCT;

export function storedTheme(): string {
  try {
    const t = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    if (t && THEMES.some((x) => x.className === t)) return t;
  } catch { /* storage unavailable */ }
  return DEFAULT_THEME;
}

export function applyTheme(className: string): void {
  if (!THEMES.some((x) => x.className === className)) throw new Error(`theme: unknown class name '${className}'`);
  const root = globalThis.document?.documentElement;
  if (root) {
    for (const t of THEMES) root.classList.remove(`theme-${t.className}`);
    root.classList.add(`theme-${className}`);
  }
  try { globalThis.localStorage?.setItem(THEME_STORAGE_KEY, className); } catch { /* storage unavailable */ }
}
