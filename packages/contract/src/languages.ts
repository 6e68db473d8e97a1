import { z } from 'zod';
import { messageKeys } from './messages/index.js';

/**
 * The languages the product ships (the web's language switch, the mail templates and the
 * person's stored language). English is the default and the fallback.
 */
export const LANGUAGES = ['en', 'el', 'it', 'sr', 'es', 'de', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

export const ZLanguage = z.enum(LANGUAGES, { error: messageKeys.invalidLanguage });

/** PATCH /users/me/profile/language: the language of the web's switch, kept for the person's e-mails. */
export const ZLanguageRequest = z.object({ language: ZLanguage });
export type LanguageRequest = z.infer<typeof ZLanguageRequest>;
