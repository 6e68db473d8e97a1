import {
  messages,
  ZCreatePersonRequest,
  ZCreateUserGroupRequest,
  ZOrganizationNameRequest,
  ZPasswordWithTokenRequest,
} from '@qualis/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../locales/de/translation.json';
import { changeLanguage } from '../shared/i18n';
import { useMessageText, zodFieldErrors } from './zod-form';

afterEach(async () => {
  await changeLanguage('en');
});

describe('form checks from the contract schemas', () => {
  it("refuses a name that is blank or longer than 100 after trimming, by the key of the server's message", () => {
    const check = (name: string) => zodFieldErrors(ZOrganizationNameRequest, { name }, ['name']).name;
    expect(check('')).toBe('fieldRequired');
    expect(check('   ')).toBe('fieldRequired');
    expect(check('x'.repeat(101))).toBe('nameTooLong');
    expect(check(` ${'x'.repeat(100)} `)).toBeUndefined();
    expect(check('Acme')).toBeUndefined();
  });

  it("checks only the form's own fields (the caller adds organizationId)", () => {
    expect(zodFieldErrors(ZCreateUserGroupRequest, { name: 'QA' }, ['name'])).toEqual({});
    expect(zodFieldErrors(ZCreateUserGroupRequest, { name: '' }, ['name'])).toEqual({ name: 'fieldRequired' });
  });

  it('gives the first problem of each field, and a cross-field rule under its field', () => {
    expect(
      zodFieldErrors(ZCreatePersonRequest, { firstName: '  ', lastName: 'x'.repeat(101), email: 'nope' }, [
        'firstName',
        'lastName',
        'email',
      ]),
    ).toEqual({ firstName: 'fieldRequired', lastName: 'nameTooLong', email: 'invalidEmail' });
    const passwords = { email: 'a@b.c', token: 't', password: 'Abcdefg1', confirmPassword: 'Abcdefg2' };
    expect(zodFieldErrors(ZPasswordWithTokenRequest, passwords, ['password', 'confirmPassword'])).toEqual({
      confirmPassword: 'passwordMismatch',
    });
  });
});

describe('the texts of the checks', () => {
  it('translates a key of the catalogue directly, with no lookup by its English text', async () => {
    const { result } = renderHook(() => useMessageText());
    expect(result.current('fieldRequired')).toBe(messages.fieldRequired);
    await changeLanguage('de');
    const { result: german } = renderHook(() => useMessageText());
    expect(german.current('fieldRequired')).toBe(de.messages.fieldRequired);
    expect(german.current('fieldRequired')).not.toBe(messages.fieldRequired);
    // An English text is no key: shown as it is, as is Zod's own text.
    expect(german.current(messages.fieldRequired)).toBe(messages.fieldRequired);
    expect(german.current('Must be 300 characters or fewer')).toBe('Must be 300 characters or fewer');
  });
});
