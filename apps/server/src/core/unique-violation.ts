/**
 * PostgreSQL's unique_violation, as drizzle passes it on (directly or as the cause): services
 * turn it into a 409 with a message for people.
 */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | undefined)?.cause) === '23505';
}
