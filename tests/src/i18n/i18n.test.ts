// Languages of spec 1 §1, §9: en and nl, default from the browser when nl or en else en, fallback en; every key in
// both languages; Dutch-locale dates; numbers with 2 decimals when fractional; Ja/Nee.
import { describe, it, expect } from 'vitest';
import { detectLanguage, FALLBACK_LANGUAGE, LANGUAGES } from '../../../src/i18n/i18n';
import { booleanText, formatDate, formatNumber } from '../../../src/i18n/format';
// @ts-expect-error plain ESM script without types
import { mergeLanguage } from '../../../scripts/build-i18n.mjs';

function leafKeys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leafKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('language choice', () => {
  it('offers en and nl with fallback en', () => {
    expect([...LANGUAGES]).toEqual(['en', 'nl']);
    expect(FALLBACK_LANGUAGE).toBe('en');
  });
  it('takes the browser language when it is nl or en, otherwise en', () => {
    expect(detectLanguage(null, ['nl-NL', 'en'])).toBe('nl');
    expect(detectLanguage(null, ['en-GB'])).toBe('en');
    expect(detectLanguage(null, ['de-DE', 'fr'])).toBe('en');
    expect(detectLanguage(null, ['de-DE', 'nl-BE'])).toBe('nl');
    expect(detectLanguage(null, [])).toBe('en');
  });
  it('a stored choice wins over the browser', () => {
    expect(detectLanguage('nl', ['en-US'])).toBe('nl');
    expect(detectLanguage('xx', ['nl'])).toBe('nl');
  });
});

describe('translations', () => {
  it('every key exists in both en and nl (merged fragments)', () => {
    const en = new Set(leafKeys(mergeLanguage('en')));
    const nl = new Set(leafKeys(mergeLanguage('nl')));
    expect([...en].filter((k) => !nl.has(k)), 'missing in nl').toEqual([]);
    expect([...nl].filter((k) => !en.has(k)), 'missing in en').toEqual([]);
  });
  it("has the not-found texts of the spec", () => {
    const nl = mergeLanguage('nl') as { shell: { not_found: { title: string; back: string } } };
    expect(nl.shell.not_found).toEqual({ title: 'Ai, we hebben deze pagina niet kunnen vinden.', back: 'Ga terug naar je dashboard' });
    const en = mergeLanguage('en') as { shell: { not_authorized: string } };
    expect(en.shell.not_authorized).toBe('User is not authorized to access this page');
  });
});

describe('display formats', () => {
  it('dates in the Dutch locale (dd-mm-yyyy)', () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('05-03-2024');
  });
  it('numbers with 2 decimals only when fractional', () => {
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(12.5)).toBe('12.50');
    expect(formatNumber(0.125)).toBe('0.13');
  });
  it('booleans as Ja/Nee', () => {
    expect(booleanText(true)).toBe('Ja');
    expect(booleanText('true')).toBe('Ja');
    expect(booleanText(false)).toBe('Nee');
  });
});
