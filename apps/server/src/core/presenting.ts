// What the presenters of every module write alike: times and the people a record names.
import type { users } from '../db/schema/index.js';

/** A time as the API writes it (ISO 8601, UTC); drivers answer a Date, or its text from a JSON aggregate. */
export const isoTime = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const isoTimeOrNull = (value: Date | string | null) => (value === null ? null : isoTime(value));

export type PersonFields = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;

/** A person a record names (its creator, assignee, signer...), with the fields every answer gives. */
export const personOf = (p: PersonFields): PersonFields => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  role: p.role,
});
