// @vitest-environment jsdom
// Themes stored locally under the theme key (spec 2 §9) and the loading counters (spec 2 §4).
import { describe, it, expect, beforeEach } from 'vitest';
import { applyTheme, storedTheme, THEME_STORAGE_KEY, THEMES, DEFAULT_THEME } from '../../../src/shell/theme';
import { loadingSlice, startLoading, stopLoading, type LoadingState } from '../../../src/shell/loading-slice';

beforeEach(() => localStorage.clear());

describe('themes', () => {
  it('offers the spec themes', () => {
    const names = THEMES.map((t) => t.className);
    for (const n of ['capex', 'netplan', 'netplan2022', 'geosmartdesign', 'geoheat', 'geotrace', 'geowater', 'nwn']) expect(names).toContain(n);
  });
  it('applies a theme as a class and stores it under the theme key', () => {
    expect(storedTheme()).toBe(DEFAULT_THEME);
    applyTheme('geoheat');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('geoheat');
    expect(document.documentElement.classList.contains('theme-geoheat')).toBe(true);
    applyTheme('nwn');
    expect(document.documentElement.classList.contains('theme-geoheat')).toBe(false);
    expect(storedTheme()).toBe('nwn');
  });
  it('rejects an unknown theme by name', () => {
    expect(() => applyTheme('pink')).toThrow("theme: unknown class name 'pink'");
  });
});

describe('loading counters', () => {
  const run = (actions: ReturnType<typeof startLoading>[]) => actions.reduce<LoadingState>((s, a) => loadingSlice.reducer(s, a), loadingSlice.getInitialState());
  it('counts ordinary and long operations apart; messages reset when long reaches zero', () => {
    const s = run([startLoading(), startLoading({ long: true, message: 'a' }), startLoading({ long: true, message: 'b' })]);
    expect(s).toEqual({ ordinary: 1, long: 2, messages: ['a', 'b'] });
    const t = [stopLoading({ long: true, message: 'a' })].reduce((x, a) => loadingSlice.reducer(x, a), s);
    expect(t).toEqual({ ordinary: 1, long: 1, messages: ['b'] });
    const u = [stopLoading({ long: true }), stopLoading()].reduce((x, a) => loadingSlice.reducer(x, a), t);
    expect(u).toEqual({ ordinary: 0, long: 0, messages: [] });
  });
});
