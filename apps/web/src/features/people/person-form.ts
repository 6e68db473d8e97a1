export type PersonField = 'firstName' | 'lastName' | 'email';
export type PersonValues = Record<PersonField, string>;

export const PERSON_FIELDS: readonly PersonField[] = ['firstName', 'lastName', 'email'];

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
