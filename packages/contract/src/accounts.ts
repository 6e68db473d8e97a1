import { z } from 'zod';
import { dataEnvelope, messageFields } from './envelopes.js';
import { ZEmail, ZNewPassword } from './fields.js';
import { NAME_MAX_LENGTH } from './limits.js';
import { messageKeys } from './messages/index.js';

/** Answers that carry only a text for a toast. */
export const ZMessageResponse = dataEnvelope(z.object(messageFields));
export type MessageResponse = z.infer<typeof ZMessageResponse>;

export const VERIFICATION_TYPES = ['reset-password', 'set-password', 'confirm-email'] as const;

const ZLinkToken = z.string({ error: messageKeys.fieldRequired }).trim().min(1, messageKeys.fieldRequired).max(200);

const ZCurrentPassword = z.string({ error: messageKeys.fieldRequired }).min(1, messageKeys.fieldRequired).max(200);

/** A new password twice; a different confirmation is refused on the confirmPassword field. */
const newPasswordTwice = { password: ZNewPassword, confirmPassword: z.string({ error: messageKeys.fieldRequired }) };
const passwordsMatch = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;
const mismatch = { message: messageKeys.passwordMismatch, path: ['confirmPassword'] };

export const ZEmailRequest = z.object({ email: ZEmail });
export type EmailRequest = z.infer<typeof ZEmailRequest>;

/** The spec's client sends only the link's data; the token knows its kind, so `type` is optional. */
export const ZTokenCheckRequest = z.object({
  email: ZEmail,
  token: ZLinkToken,
  type: z.enum(VERIFICATION_TYPES, { error: 'type must be reset-password, set-password or confirm-email' }).optional(),
});
export type TokenCheckRequest = z.infer<typeof ZTokenCheckRequest>;

export const ZTokenCheckResponse = dataEnvelope(z.object({ isValid: z.boolean(), isExpired: z.boolean() }));

/** Reset (PUT /verifications/password) and set (POST /verifications/password/set) bodies. */
export const ZPasswordWithTokenRequest = z
  .object({ email: ZEmail, token: ZLinkToken, ...newPasswordTwice })
  .refine(passwordsMatch, mismatch);
export type PasswordWithTokenRequest = z.infer<typeof ZPasswordWithTokenRequest>;

export const ZConfirmEmailRequest = z.object({ email: ZEmail, token: ZLinkToken, password: ZCurrentPassword });
export type ConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

export const ZChangePasswordRequest = z
  .object({ oldPassword: ZCurrentPassword, ...newPasswordTwice })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** A profile name: trimmed, at most 100; empty arrives as null, and both names are required. */
const ZPersonName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, messageKeys.nameTooLong)
  .nullable()
  .refine((name) => Boolean(name), messageKeys.fieldRequired);

/**
 * PUT /users/{id}: a new e-mail, or first and last name, or all three (the admin's edit form).
 * Names come together; the e-mail is sent only when it changes.
 */
export const ZUpdateAccountRequest = z
  .object({ email: ZEmail.optional(), firstName: ZPersonName.optional(), lastName: ZPersonName.optional() })
  .superRefine((body, ctx) => {
    const names = [body.firstName, body.lastName].filter((n) => n !== undefined).length;
    if (names === 1) {
      const missing = body.firstName === undefined ? 'firstName' : 'lastName';
      ctx.addIssue({ code: 'custom', message: messageKeys.fieldRequired, path: [missing] });
    } else if (names === 0 && body.email === undefined) {
      ctx.addIssue({ code: 'custom', message: messageKeys.accountUpdateEmpty, path: ['email'] });
    }
  });
export type UpdateAccountRequest = z.infer<typeof ZUpdateAccountRequest>;

export const ZAvatarRequest = z.object({ imageId: z.uuid({ error: messageKeys.notFound }).optional() }).nullish();

export const ZEmailNotificationsRequest = z.object({ emailNotificationState: z.boolean().optional() }).nullish();
