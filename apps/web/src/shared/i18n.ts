import type { Language } from '@qualis/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enPublic from '../locales/en/public.json';
import type enHelp from '../locales/en/help.json';
import type enRest from '../locales/en/translation.json';

/**
 * Every language comes in two files: public.json, what the sign-in page shows, and
 * translation.json, the rest. English's public part ships with the first page; the rest of a
 * language loads before the first other page (routes.tsx) or the first API call (LoginPage).
 * A third file, help.json, holds the Help page's long texts (namespace `help`); that page
 * loads it itself (features/help/help-texts.ts), so that no other page even lists it.
 */
export type Translation = typeof enPublic & typeof enRest;
export type HelpTexts = typeof enHelp;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation; help: HelpTexts };
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

type TextPart = 'public' | 'translation';
const files = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/public.json', '!../locales/en/public.json', '../locales/*/translation.json'],
  { import: 'default' },
);
const parts = new Map<string, Promise<void>>([['en/public', Promise.resolve()]]);
let allTextsWanted = false;

/** Adds one part of a language's texts, once. */
function loadPart(code: LanguageCode, part: TextPart): Promise<void> {
  const key = `${code}/${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = files[`../locales/${key}.json`]!().then((texts) => {
      i18next.addResourceBundle(code, 'translation', texts, true, true);
    });
    loading.catch(() => parts.delete(key)); // a failed download is tried again next time
    parts.set(key, loading);
  }
  return loading;
}

/** Loads all the texts of English (the fallback) and of the language on screen; from then on, of every language chosen. */
export function loadAllTexts(): Promise<void> {
  allTextsWanted = true;
  return Promise.all([loadPart('en', 'translation'), loadPart(currentLanguage(), 'translation')]).then(() => {});
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  // A copy: the rest of English is merged into this object later.
  resources: { en: { translation: { ...enPublic } as Translation } },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export const i18n = i18next;

const isLanguage = (code: string | null): code is LanguageCode => LANGUAGES.some((l) => l.code === code);

export async function changeLanguage(code: LanguageCode) {
  await Promise.all([loadPart(code, 'public'), allTextsWanted && loadPart(code, 'translation')]);
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
