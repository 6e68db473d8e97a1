import { messages, PERMISSION_CATALOGUE } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../shared/i18n';
import enHelp from './en/help.json';
import enMail from './en/mail.json';
import enPublic from './en/public.json';
import enRest from './en/translation.json';
import { req } from '../../../../docs/requirements/req.js';

// Each language: public.json (the sign-in page) and translation.json (the rest), one set of keys;
// help.json, the Help page's namespace; and mail.json, the server's e-mails (apps/server/src/core/mail).
const en = { ...enPublic, ...enRest };
const publicFiles = import.meta.glob<{ default: object }>('./*/public.json', { eager: true });
const restFiles = import.meta.glob<{ default: object }>('./*/translation.json', { eager: true });
const helpFiles = import.meta.glob<{ default: object }>('./*/help.json', { eager: true });
const mailFiles = import.meta.glob<{ default: object }>('./*/mail.json', { eager: true });
const textsOf = (code: string) => ({
  ...publicFiles[`./${code}/public.json`]!.default,
  ...restFiles[`./${code}/translation.json`]!.default,
});

function leaves(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      Object.entries(leaves(v, prefix ? `${prefix}.${k}` : k)),
    ),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const english = leaves(en);

  it(`has the files of every language of the switch, each with the same sections as English ${req('PROF-006')}`, () => {
    const codes = LANGUAGES.map((l) => l.code).sort();
    expect(Object.keys(publicFiles).sort()).toEqual(codes.map((code) => `./${code}/public.json`));
    expect(Object.keys(restFiles).sort()).toEqual(codes.map((code) => `./${code}/translation.json`));
    expect(Object.keys(helpFiles).sort()).toEqual(codes.map((code) => `./${code}/help.json`));
    expect(Object.keys(mailFiles).sort()).toEqual(codes.map((code) => `./${code}/mail.json`));
    for (const code of codes) {
      expect(Object.keys(publicFiles[`./${code}/public.json`]!.default), code).toEqual(Object.keys(enPublic));
    }
  });

  it.each(LANGUAGES.map((l) => l.code))('%s has every English key, with the same placeholders', (code) => {
    const translated = leaves(textsOf(code));
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english[key]!));
    }
  });

  it.each(LANGUAGES.map((l) => l.code))('%s has every help text of English, with the same placeholders', (code) => {
    const englishHelp = leaves(enHelp);
    const translated = leaves(helpFiles[`./${code}/help.json`]!.default);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(englishHelp).sort());
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(englishHelp[key]!));
    }
  });

  it.each(LANGUAGES.map((l) => l.code))(
    '%s has every mail of English, subject and body, with the same placeholders',
    (code) => {
      const englishMail = leaves(enMail);
      const translated = leaves(mailFiles[`./${code}/mail.json`]!.default);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(englishMail).sort());
      for (const [key, text] of Object.entries(translated)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(englishMail[key]!));
      }
    },
  );

  it("says in English what the contract's messages say", () => {
    expect(en.errors.accessDenied).toBe(messages.accessDenied);
    expect(en.errors.requestFailed).toBe(messages.requestFailed);
    expect(en.notFound.title).toBe(messages.pageNotFound);
  });

  it('has every server message under its catalogue key, in English word for word', () => {
    const english = Object.fromEntries(
      Object.entries(messages).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
    );
    expect(en.messages).toEqual(english);
  });

  it('has every permission of the catalogue, in English word for word', () => {
    const english = Object.fromEntries(
      PERMISSION_CATALOGUE.map((p) => [String(p.type), { label: p.label, you: p.userTooltip, user: p.adminTooltip }]),
    );
    expect(en.permissionCatalogue).toEqual(english);
  });
});
