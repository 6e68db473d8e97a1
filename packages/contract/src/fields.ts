import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';
import { messageKeys } from './messages/index.js';

/** A required text: trimmed, and whitespace alone counts as empty. */
export const requiredText = (max = NAME_MAX_LENGTH) =>
  z
    .string({ error: messageKeys.fieldRequired })
    .trim()
    .min(1, messageKeys.fieldRequired)
    .max(max, max === NAME_MAX_LENGTH ? messageKeys.nameTooLong : `Must be ${max} characters or fewer`);

/** An optional text: trimmed; empty means none. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZEmail = z
  .string({ error: messageKeys.fieldRequired })
  .trim()
  .min(1, messageKeys.fieldRequired)
  .max(EMAIL_MAX_LENGTH, messageKeys.invalidEmail)
  .pipe(z.email({ error: messageKeys.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const PASSWORD_ALLOWED = /^[A-Za-z0-9!@#$%^&*()]+$/;

/** The password policy of spec 01 section 5, with its exact messages. */
export const ZNewPassword = z
  .string({ error: messageKeys.fieldRequired })
  .min(PASSWORD_MIN_LENGTH, messageKeys.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messageKeys.passwordTooLong)
  // A character outside the allowed set gets its own message, which says what is wrong.
  .refine((p) => PASSWORD_ALLOWED.test(p), { message: messageKeys.passwordCharacters, abort: true })
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), { message: messageKeys.passwordPattern });

export const ZUuid = z.uuid({ error: messageKeys.notFound });

/** A moment as the API writes it. */
export const ZTimestamp = z.string().describe('ISO 8601, UTC');
