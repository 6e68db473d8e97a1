import { messages, ZNewPassword } from '@qualis/contract';

/** The first policy message a new password breaks (spec 01 section 5), or null. */
export function passwordProblem(password: string): string | null {
  if (!password) return null;
  const result = ZNewPassword.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return confirmation && password !== confirmation ? messages.passwordMismatch : null;
}
