/**
 * PostgreSQL's unique_violation, as drizzle passes it on (directly or as the cause): services
 * turn it into a 409 with a message for people.
 */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** PostgreSQL's foreign_key_violation: a row other records still point at. */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

function hasSqlState(error: unknown, state: string): boolean {
  const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return codeOf(error) === state || codeOf((error as { cause?: unknown } | undefined)?.cause) === state;
}
