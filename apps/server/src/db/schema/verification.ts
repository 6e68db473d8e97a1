import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './organizations.js';

export const VERIFICATION_PURPOSES = ['reset-password', 'set-password', 'confirm-email'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export const verificationTokens = pgTable('verification_tokens', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
