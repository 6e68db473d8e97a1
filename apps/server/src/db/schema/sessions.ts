import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './organizations.js';

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessTokenHash: text('access_token_hash').notNull(),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
  refreshTokenHash: text('refresh_token_hash').notNull(),
  previousRefreshTokenHash: text('previous_refresh_token_hash'),
  previousRefreshRotatedAt: timestamp('previous_refresh_rotated_at', { withTimezone: true }),
  /** The pair the previous refresh token was exchanged for, sealed with that token (sealWithToken). */
  previousRefreshAnswer: text('previous_refresh_answer'),
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
});

export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failureCount: integer('failure_count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
