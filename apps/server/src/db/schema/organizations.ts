import { boolean, pgTable, primaryKey, smallint, text, timestamp, uuid, bigint } from 'drizzle-orm/pg-core';
import { LANGUAGES, MEMBERSHIP_RESTRICTIONS } from '@qualis/contract';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status', { enum: ['Active', 'Inactive'] })
    .notNull()
    .default('Active'),
  isManagedByClient: boolean('is_managed_by_client').notNull().default(false),
  /** Signers re-enter their password at each signing (migration 0021). */
  signingRequiresPassword: boolean('signing_requires_password').notNull().default(false),
  logoFileId: uuid('logo_file_id'),
  /** Days before a periodic review its reminder action is made (migration 0037). */
  reviewReminderDays: smallint('review_reminder_days').notNull().default(30),
  ...timestamps,
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  newEmail: text('new_email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  role: text('role', { enum: ['SuperAdmin', 'Admin', 'User'] }).notNull(),
  passwordHash: text('password_hash'),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  emailNotificationState: boolean('email_notification_state').notNull().default(true),
  avatarFileId: uuid('avatar_file_id'),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  ...timestamps,
});

/** A person's stored row (the access pipeline and the session cache carry it). */
export type UserRow = typeof users.$inferSelect;

export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Inactive'),
    firstActivatedAt: timestamp('first_activated_at', { withTimezone: true }),
    /** The restricted roles of spec 03 section 6 (migration 0027). */
    restriction: text('restriction', { enum: MEMBERSHIP_RESTRICTIONS }).notNull().default('none'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

export const organizationCounters = pgTable(
  'organization_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);

/** The number of organizations, kept by a trigger (migration 0019): the unfiltered list's total. */
export const organizationTotal = pgTable('organization_total', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/** Avatars and logos: served by id without a session (they appear in <img> tags). */
export const images = pgTable('images', {
  id: uuid('id').primaryKey(),
  /** The organization whose logo this image became; null while it is a person's own. */
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamps.createdAt,
});

/** Files of an organization (spec 03 artifacts reference them); never served without an organization check. */
export const organizationFiles = pgTable(
  'organization_files',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The SHA-256 of the stored bytes when last read (modules/uploads/file-integrity.ts). */
    verifiedSha256: text('verified_sha256'),
    /** The stored file's modification time when `verifiedSha256` was taken: a later change hashes it again. */
    verifiedModifiedAt: timestamp('verified_modified_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);
