import { sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationFiles } from './organizations.js';

/** A full-text vector column; the database computes it (generated columns), so it is only read. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Mirrors the file_texts table of migrations/0025_search.sql: the text of an organization file,
 * read once by the job 'extract-file-text' (modules/search/file-texts.ts). The file's name is
 * searchable from the start; its text once the job has read it.
 */
export const fileTexts = pgTable(
  'file_texts',
  {
    organizationId: uuid('organization_id').notNull(),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['pending', 'extracted', 'unreadable', 'unsupported'] })
      .notNull()
      .default('pending'),
    content: text('content'),
    /** The text went on beyond what is kept. */
    truncated: boolean('truncated').notNull().default(false),
    extractedAt: timestamp('extracted_at', { withTimezone: true }),
    /** Why the text could not be read (status 'unreadable'). */
    error: text('error'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('qualis_search', file_name), 'B') || setweight(to_tsvector('qualis_search', coalesce(content, '')), 'D')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.fileId] }),
    foreignKey({
      columns: [t.organizationId, t.fileId],
      foreignColumns: [organizationFiles.organizationId, organizationFiles.id],
    }).onDelete('cascade'),
  ],
);
