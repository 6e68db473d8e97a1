import { describe, expect, expectTypeOf, it } from 'vitest';
import { accountsMessages } from './accounts.js';
import { actionsMessages } from './actions.js';
import { auditTrailMessages } from './audit-trail.js';
import { commonMessages } from './common.js';
import { documentsMessages } from './documents.js';
import { filesMessages } from './files.js';
import { isMessageKey, message, type MessageArgs, messageKeys, messages, messageText } from './index.js';
import { organizationsMessages } from './organizations.js';
import { peopleMessages } from './people.js';
import { periodicReviewMessages } from './periodic-review.js';
import { trainingRecordsMessages } from './training-records.js';
import { userGroupsMessages } from './user-groups.js';

describe('message()', () => {
  it('answers a plain text by its key, with the English text and no parameters', () => {
    expect(message('actionCreated')).toEqual({ message: 'Your action is created', messageKey: 'actionCreated' });
  });

  it("fills a template's placeholders and answers their values as text", () => {
    expect(message('welcomeMailSent', { role: 'User', email: 'a.b@c.test' })).toEqual({
      message: 'The Welcome Email is sent to the User email a.b@c.test',
      messageKey: 'welcomeMailSent',
      messageParams: { role: 'User', email: 'a.b@c.test' },
    });
    expect(message('documentRevisionNotNext', { revision: 3 })).toEqual({
      message: 'The new revision must be 3 (the latest revision plus 1).',
      messageKey: 'documentRevisionNotNext',
      messageParams: { revision: '3' },
    });
  });

  it('is typed: the key must exist and a template needs exactly its placeholders', () => {
    expectTypeOf<MessageArgs<'actionCreated'>>().toEqualTypeOf<[]>();
    expectTypeOf<MessageArgs<'accessCodeSent'>>().toEqualTypeOf<[params: { email: string | number }]>();
    expectTypeOf<MessageArgs<'welcomeMailSent'>>().toEqualTypeOf<
      [params: { role: string | number; email: string | number }]
    >();
    // Compiled, not run: each line must fail to type-check.
    const wrong = () => {
      // @ts-expect-error not a key of the catalogue
      message('noSuchMessage');
      // @ts-expect-error a template without its values
      message('accessCodeSent');
      // @ts-expect-error a wrong placeholder name
      message('accessCodeSent', { name: 'x' });
      // @ts-expect-error a plain text takes no values
      message('actionCreated', { email: 'x' });
    };
    expect(wrong).toBeTypeOf('function');
  });
});

describe('the catalogue', () => {
  const areas = [
    commonMessages,
    accountsMessages,
    organizationsMessages,
    peopleMessages,
    userGroupsMessages,
    auditTrailMessages,
    filesMessages,
    actionsMessages,
    documentsMessages,
    periodicReviewMessages,
    trainingRecordsMessages,
  ];

  it('is the union of the area files, with no key in two areas and no two equal texts', () => {
    const keys = areas.flatMap((area) => Object.keys(area));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(messages).sort()).toEqual(keys.sort());
    const texts = Object.values(messages);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('names every key by itself, for the schemas, and knows its own keys only', () => {
    for (const key of Object.keys(messages)) expect(messageKeys[key as keyof typeof messageKeys]).toBe(key);
    expect(isMessageKey('fieldRequired')).toBe(true);
    expect(isMessageKey('Invalid input: expected string')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('leaves a placeholder without a value as it is in the English text', () => {
    expect(messageText('accessCodeSent')).toBe(messages.accessCodeSent);
  });
});
