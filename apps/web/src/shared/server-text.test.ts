import { messages } from '@qualis/contract';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../locales/de/translation.json';
import { changeLanguage } from './i18n';
import { translateMessage } from './server-text';

afterEach(async () => {
  await changeLanguage('en');
});

describe('a server text in the language on screen', () => {
  it('shows the translation of its key, with the values of its placeholders', async () => {
    await changeLanguage('de');
    const answer = {
      message: messages.accessCodeSent.replace('{email}', 'a@b.test'),
      messageKey: 'accessCodeSent',
      messageParams: { email: 'a@b.test' },
    };
    expect(translateMessage(answer)).toBe(de.messages.accessCodeSent.replace('{{email}}', 'a@b.test'));
    expect(translateMessage({ message: messages.notFound, messageKey: 'notFound' })).toBe(de.messages.notFound);
  });

  it('writes a day of its values as the language writes dates', async () => {
    await changeLanguage('de');
    const answer = {
      message: messages.periodicReviewSigned.replace('{date}', '2027-11-26'),
      messageKey: 'periodicReviewSigned',
      messageParams: { date: '2027-11-26' },
    };
    expect(translateMessage(answer)).toBe(de.messages.periodicReviewSigned.replace('{{date}}', '26.11.2027'));
  });

  it('shows a text without a key, or with a key the catalogue lacks, as the server said it', async () => {
    await changeLanguage('de');
    expect(translateMessage({ message: 'Invalid input: expected number' })).toBe('Invalid input: expected number');
    expect(translateMessage({ message: 'Something new', messageKey: 'noSuchKey' })).toBe('Something new');
  });
});
