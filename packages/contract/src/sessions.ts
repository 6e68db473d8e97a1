import { z } from 'zod';
import { ZEmail } from './fields.js';
import { ZLanguage } from './languages.js';
import { messageKeys } from './messages/index.js';
import { ZRole } from './roles.js';

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z
    .string({ error: messageKeys.fieldRequired })
    .min(1, messageKeys.fieldRequired)
    .max(200, messageKeys.invalidCredentials),
  /** The web's current language; stored as the person's language when the sign-in succeeds. */
  language: ZLanguage.optional(),
});
export type SignInRequest = z.infer<typeof ZSignInRequest>;

export const ZRefreshRequest = z.object({
  refreshToken: z.string({ error: messageKeys.fieldRequired }).min(1, messageKeys.fieldRequired).max(200),
});
export type RefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZTokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresAt: z.string(),
});
export type TokenPair = z.infer<typeof ZTokenPair>;

export const ZImageRef = z.object({ compactPath: z.string(), originalPath: z.string() });

export const ZSessionUser = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  newEmail: z.string().nullable(),
  role: ZRole,
  organizationCount: z.number().int(),
  /** The first active organization of the person, by name; null for none (and for SuperAdmin). */
  firstOrganizationId: z.uuid().nullable(),
  avatar: ZImageRef.nullable(),
  emailNotificationState: z.boolean(),
  /** The language of the person's e-mails, set by the web's language switch and at sign-in. */
  language: ZLanguage,
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZSignInResponse = z.object({ data: z.object({ user: ZSessionUser, token: ZTokenPair }) });
export type SignInResponse = z.infer<typeof ZSignInResponse>;

export const ZRefreshResponse = z.object({ data: ZTokenPair });
