// i18next + react-i18next set-up: languages en and nl, default from the browser when nl or en (else en), fallback en,
// translations loaded from /assets/i18n/{lang}.json, the user's choice stored locally (spec 1 §1, §9).
import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else the first browser language that is nl or en, else en. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const l of browserLanguages) {
    const base = l.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

function storedLanguage(): string | null {
  try { return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null; } catch { return null; }
}

function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  if (!nav) return [];
  return nav.languages?.length ? nav.languages : nav.language ? [nav.language] : [];
}

/** Loads /assets/i18n/{lang}.json (the merged fragments written by scripts/build-i18n.mjs). */
export const assetsBackend: BackendModule = {
  type: 'backend',
  init() { /* nothing to configure */ },
  read(language, _namespace, callback) {
    fetch(`/assets/i18n/${language}.json`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`translations ${language}: HTTP ${r.status}`))))
      .then((data) => callback(null, data), (err: Error) => callback(err, false));
  },
};

export interface InitOptions { resources?: Partial<Record<Language, Record<string, unknown>>>; language?: Language }

/** Initialises the shared i18next instance; with `resources` (tests) nothing is fetched. */
export async function initI18n(opts: InitOptions = {}): Promise<I18n> {
  const lng = opts.language ?? detectLanguage(storedLanguage(), browserLanguages());
  const resources: Resource | undefined = opts.resources
    ? Object.fromEntries(Object.entries(opts.resources).map(([l, r]) => [l, { translation: r as Record<string, string> }]))
    : undefined;
  if (!opts.resources) i18next.use(assetsBackend);
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setDocumentLanguage(lng);
  return i18next;
}

function setDocumentLanguage(lang: string) {
  if (globalThis.document) document.documentElement.lang = lang;
}

/** The active language (en when i18next is not initialised yet). */
export function currentLanguage(): Language {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(l) ? l : FALLBACK_LANGUAGE;
}

/** Switches the interface language and stores the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  try { globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang); } catch { /* storage unavailable */ }
  await i18next.changeLanguage(lang);
  setDocumentLanguage(lang);
}
