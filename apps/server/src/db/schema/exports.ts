import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationFiles } from './organizations.js';

/**
 * Organization files that are generated exports (migration 0022): a large Single PDF or PDF
 * archive, made by a job for the person who asked (the file's `uploaded_by`), downloadable by
 * them alone until `expires_at`.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    organizationId: uuid('organization_id').notNull(),
    fileId: uuid('file_id').notNull(),
    source: text('source').notNull(),
    format: text('format', { enum: ['pdf', 'zip'] }).notNull(),
    recordCount: integer('record_count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.fileId] }),
    foreignKey({
      columns: [t.organizationId, t.fileId],
      foreignColumns: [organizationFiles.organizationId, organizationFiles.id],
    }).onDelete('cascade'),
    index('export_files_expires_at_idx').on(t.expiresAt),
  ],
);
