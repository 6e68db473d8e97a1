import { messages, PERMISSION_CATALOGUE } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../app/i18n';
import en from './en/translation.json';

const files = import.meta.glob<{ default: unknown }>('./*/translation.json', { eager: true });

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

  it('has a file for every language of the switch', () => {
    expect(Object.keys(files).sort()).toEqual(LANGUAGES.map((l) => `./${l.code}/translation.json`).sort());
  });

  it.each(LANGUAGES.map((l) => l.code))('%s has every English key, with the same placeholders', (code) => {
    const translated = leaves(files[`./${code}/translation.json`]!.default);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english[key]!));
    }
  });

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
