import { accountsMessages } from './accounts.js';
import { actionsMessages } from './actions.js';
import { auditTrailMessages } from './audit-trail.js';
import { commonMessages } from './common.js';
import { documentsMessages } from './documents.js';
import { filesMessages } from './files.js';
import { organizationsMessages } from './organizations.js';
import { peopleMessages } from './people.js';
import { periodicReviewMessages } from './periodic-review.js';
import { trainingRecordsMessages } from './training-records.js';
import { userGroupsMessages } from './user-groups.js';

/**
 * Texts people read, in English, by key: the server answers a message by key (`message()`,
 * `AppError`) with this text for API clients, and the web shows the key's translation
 * (`messages.<key>` of its locale catalogues). One file per area; a key is unique across them.
 */
export const messages = {
  ...commonMessages,
  ...accountsMessages,
  ...organizationsMessages,
  ...peopleMessages,
  ...userGroupsMessages,
  ...filesMessages,
  ...actionsMessages,
  ...documentsMessages,
  ...periodicReviewMessages,
  ...trainingRecordsMessages,
  ...auditTrailMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** The names of a template's `{placeholders}`: `'Sent to {email}'` → `'email'`. */
export type PlaceholderNames<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholderNames<Rest>
  : never;

/** The values a message's placeholders need: `{}` for a plain text. */
export type MessageParams<K extends MessageKey> = { [N in PlaceholderNames<(typeof messages)[K]>]: string | number };

/** The arguments after the key: nothing for a plain text, its placeholder values for a template. */
export type MessageArgs<K extends MessageKey> = [PlaceholderNames<(typeof messages)[K]>] extends [never]
  ? []
  : [params: MessageParams<K>];

/** A message as the API answers it: the English text, its key, and the values of its placeholders. */
export interface KeyedMessage<K extends MessageKey = MessageKey> {
  message: string;
  messageKey: K;
  messageParams?: Record<string, string>;
}

/** Every key by itself (`messageKeys.fieldRequired === 'fieldRequired'`): a schema's error message is a key. */
export const messageKeys = Object.fromEntries(Object.keys(messages).map((key) => [key, key])) as {
  readonly [K in MessageKey]: K;
};

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value);

/** The English text of a key with its placeholders filled in. */
export function messageText(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * A message by key: `message('accessCodeSent', { email })` is `{ message: 'The access code has been
 * sent to a@b.test', messageKey: 'accessCodeSent', messageParams: { email: 'a@b.test' } }`. The key
 * must exist and a template's placeholders must all be given (checked by the compiler).
 */
export function message<K extends MessageKey>(key: K, ...[params]: MessageArgs<K>): KeyedMessage<K> {
  if (!params) return { message: messages[key], messageKey: key };
  const values = params as Record<string, string | number>;
  const messageParams = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
  return { message: messageText(key, values), messageKey: key, messageParams };
}
