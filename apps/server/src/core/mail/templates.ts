import { type Language } from '@qualis/contract';
import de from '../../../../web/src/locales/de/mail.json';
import el from '../../../../web/src/locales/el/mail.json';
import en from '../../../../web/src/locales/en/mail.json';
import es from '../../../../web/src/locales/es/mail.json';
import it from '../../../../web/src/locales/it/mail.json';
import ru from '../../../../web/src/locales/ru/mail.json';
import sr from '../../../../web/src/locales/sr/mail.json';

/**
 * Mail texts live in the locale catalogues, beside the web's (`apps/web/src/locales/<lang>/mail.json`,
 * the `mail` namespace), so a translator has one folder per language. English is the reference:
 * every template exists in every shipped language with the same `{{placeholders}}` (the locales
 * test checks it). Callers pass the recipient's stored language (`users.language`).
 */
export interface MailTemplate {
  subject: string;
  body: string;
}

export type TemplateName = keyof typeof en;

export const templates: Record<Language, Record<TemplateName, MailTemplate>> = { en, el, it, sr, es, de, ru };

/** A mail in the recipient's language: its subject and text with every `{{placeholder}}` filled. */
export function renderMail(
  name: TemplateName,
  language: Language,
  values: Record<string, string | number>,
): { subject: string; text: string } {
  const template = templates[language][name];
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`mail template ${name} needs a value for ${key}`);
      return String(value);
    });
  return { subject: fill(template.subject), text: fill(template.body) };
}
