import {
  messages,
  ZCreatePersonRequest,
  ZCreateUserGroupRequest,
  ZOrganizationNameRequest,
  ZPasswordWithTokenRequest,
} from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from './zod-form';

describe('form checks from the contract schemas', () => {
  it('refuses a name that is blank or longer than 100 after trimming, with the server message', () => {
    const check = (name: string) => zodFieldErrors(ZOrganizationNameRequest, { name }, ['name']).name;
    expect(check('')).toBe(messages.fieldRequired);
    expect(check('   ')).toBe(messages.fieldRequired);
    expect(check('x'.repeat(101))).toBe(messages.nameTooLong);
    expect(check(` ${'x'.repeat(100)} `)).toBeUndefined();
    expect(check('Acme')).toBeUndefined();
  });

  it("checks only the form's own fields (the caller adds organizationId)", () => {
    expect(zodFieldErrors(ZCreateUserGroupRequest, { name: 'QA' }, ['name'])).toEqual({});
    expect(zodFieldErrors(ZCreateUserGroupRequest, { name: '' }, ['name'])).toEqual({ name: messages.fieldRequired });
  });

  it('gives the first problem of each field, and a cross-field rule under its field', () => {
    expect(
      zodFieldErrors(ZCreatePersonRequest, { firstName: '  ', lastName: 'x'.repeat(101), email: 'nope' }, [
        'firstName',
        'lastName',
        'email',
      ]),
    ).toEqual({ firstName: messages.fieldRequired, lastName: messages.nameTooLong, email: messages.invalidEmail });
    const passwords = { email: 'a@b.c', token: 't', password: 'Abcdefg1', confirmPassword: 'Abcdefg2' };
    expect(zodFieldErrors(ZPasswordWithTokenRequest, passwords, ['password', 'confirmPassword'])).toEqual({
      confirmPassword: messages.passwordMismatch,
    });
  });
});
