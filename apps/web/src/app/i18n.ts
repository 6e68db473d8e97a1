import type { Language } from '@qualis/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';

export type Translation = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
  }
}

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'it', name: 'Italiano' },
  { code: 'sr', name: 'Srpski' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'ru', name: 'Русский' },
] as const satisfies readonly { code: Language; name: string }[];
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'qualis.language';

// English ships with the first page; the others load when chosen.
const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Translation }>> = {
  el: () => import('../locales/el/translation.json'),
  it: () => import('../locales/it/translation.json'),
  sr: () => import('../locales/sr/translation.json'),
  es: () => import('../locales/es/translation.json'),
  de: () => import('../locales/de/translation.json'),
  ru: () => import('../locales/ru/translation.json'),
};

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export const i18n = i18next;

const isLanguage = (code: string | null): code is LanguageCode => LANGUAGES.some((l) => l.code === code);

export async function changeLanguage(code: LanguageCode) {
  if (code !== 'en' && !i18next.hasResourceBundle(code, 'translation')) {
    const { default: translation } = await loaders[code]();
    i18next.addResourceBundle(code, 'translation', translation);
  }
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
  localStorage.setItem(STORAGE_KEY, code);
}

/** Applies the language chosen on an earlier visit, else the browser's if we have it, else English. */
export async function restoreLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  const browser = navigator.language.slice(0, 2).toLowerCase();
  const language = isLanguage(stored) ? stored : isLanguage(browser) ? browser : 'en';
  if (language !== 'en') await changeLanguage(language).catch(() => undefined);
}

/** The code of the language on screen (what the sign-in and the switch send to the server). */
export const currentLanguage = (): LanguageCode => (isLanguage(i18next.language) ? i18next.language : 'en');

/** i18next's `t` for a key known only at run time (the server's message keys). */
export const translateKey = i18next.t as unknown as (key: string, values?: Record<string, string>) => string;

/**
 * A text of the permission catalogue in the language on screen: its label, or its tooltip for
 * the person themself ('you': 'Allows you to ...') or for an admin ('user': 'Allows the user to ...').
 */
export const permissionText = (type: number, text: 'label' | 'you' | 'user'): string =>
  translateKey(`permissionCatalogue.${type}.${text}`);
