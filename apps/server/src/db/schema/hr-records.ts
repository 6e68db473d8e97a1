import { foreignKey, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationFiles, organizations, users } from './organizations.js';
import { tags } from './user-groups.js';

/** Mirrors migrations/0024_human_resource_records.sql: one record per person and organization, kept when they leave. */
export const hrRecords = pgTable(
  'hr_records',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The CV. */
    fileId: uuid('file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('hr_records_user_key').on(t.organizationId, t.userId),
    foreignKey({
      columns: [t.organizationId, t.fileId],
      foreignColumns: [organizationFiles.organizationId, organizationFiles.id],
    }),
  ],
);

export const hrRecordTags = pgTable(
  'hr_record_tags',
  {
    organizationId: uuid('organization_id').notNull(),
    hrRecordId: uuid('hr_record_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.hrRecordId, t.tagId] }),
    foreignKey({
      columns: [t.organizationId, t.hrRecordId],
      foreignColumns: [hrRecords.organizationId, hrRecords.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.tagId], foreignColumns: [tags.organizationId, tags.id] }).onDelete(
      'cascade',
    ),
  ],
);
