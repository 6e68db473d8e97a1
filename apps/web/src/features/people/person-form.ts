import { messages, NAME_MAX_LENGTH, ZEmail, requiredText } from '@qualis/contract';
import { z } from 'zod';

export type PersonField = 'firstName' | 'lastName' | 'email';
/** What went wrong with a field, as the key of its translated message. */
export type PersonFieldError = 'required' | 'nameTooLong' | 'invalidEmail';
export type PersonValues = Record<PersonField, string>;

export const PERSON_FIELDS: readonly PersonField[] = ['firstName', 'lastName', 'email'];

/** The server's rules (contract ZCreatePersonRequest): names required, trimmed, at most 100; a valid e-mail. */
const ZPersonForm = z.object({ firstName: requiredText(), lastName: requiredText(), email: ZEmail });

const ERROR_OF: Record<string, PersonFieldError> = {
  [messages.fieldRequired]: 'required',
  [messages.nameTooLong]: 'nameTooLong',
  [messages.invalidEmail]: 'invalidEmail',
};

/** The first problem of each field, or an empty object; `checked` limits the check (editing without the e-mail). */
export function personErrors(
  values: PersonValues,
  checked: readonly PersonField[] = PERSON_FIELDS,
): Partial<Record<PersonField, PersonFieldError>> {
  const result = ZPersonForm.safeParse(values);
  const errors: Partial<Record<PersonField, PersonFieldError>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as PersonField;
    if (!checked.includes(field) || errors[field]) continue;
    errors[field] = ERROR_OF[issue.message] ?? 'required';
  }
  return errors;
}

/** The values as the server stores them: trimmed, the e-mail lower-cased. */
export function cleanPerson(values: PersonValues): PersonValues {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim().toLowerCase(),
  };
}

/** Edit: 'Save' stays disabled while any of the fields is empty after trimming (spec 02 section 5). */
export const anyBlank = (values: PersonValues) => PERSON_FIELDS.some((field) => !values[field].trim());

/**
 * The body of PUT /users/{id}: both names, and the e-mail only when it may change
 * (the current one is confirmed) and did change.
 */
export function editBody(
  original: { firstName: string | null; lastName: string | null; email: string; emailConfirmed: boolean },
  values: PersonValues,
): { firstName: string; lastName: string; email?: string } {
  const clean = cleanPerson(values);
  const body: { firstName: string; lastName: string; email?: string } = {
    firstName: clean.firstName,
    lastName: clean.lastName,
  };
  if (original.emailConfirmed && clean.email !== original.email.toLowerCase()) body.email = clean.email;
  return body;
}

export { NAME_MAX_LENGTH };
