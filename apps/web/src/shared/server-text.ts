import { DAY_PATTERN, PERMISSION_CATALOGUE, formatDay } from '@qualis/contract';
import i18next from 'i18next';
import { permissionText, translateKey } from './i18n';

/** A server text: the English `message`, with its catalogue key and placeholder values when it has one. */
export interface ServerText {
  message: string;
  messageKey?: string;
  messageParams?: Record<string, string>;
}

/**
 * A server text in the language on screen: the translation of its catalogue key (`messages.<key>`,
 * with its placeholder values) when there is one, else the server's English text. Kept apart from
 * i18n.ts so the permission catalogue loads with the API client, not with the sign-in page.
 */
export function translateMessage(answer: ServerText): string {
  const key = answer.messageKey && `messages.${answer.messageKey}`;
  if (!key || !i18next.exists(key)) return answer.message;
  const params = { ...answer.messageParams };
  // 'Please, switch on "{permission}" first.' names an option by its English label.
  const permission = PERMISSION_CATALOGUE.find((p) => p.label === params.permission);
  if (permission) params.permission = permissionText(permission.type, 'label');
  // 'The next review is on {date}': a day as the language writes it ('26.11.2027').
  if (params.date && DAY_PATTERN.test(params.date)) params.date = formatDay(params.date, i18next.language);
  return translateKey(key, params);
}
