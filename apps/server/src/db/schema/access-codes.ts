import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './organizations.js';

/** A person's e-mailed signature code (hash only); at most one active per person. */
export const userAccessCodes = pgTable('user_access_codes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});
