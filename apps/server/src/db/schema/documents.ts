import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationFiles, organizations, users } from './organizations.js';
import { documentTypes, tags } from './user-groups.js';

/**
 * Mirrors migrations/0021_documents.sql, 0034_document_withdrawal.sql, 0035_revision_reason_for_change.sql,
 * 0036_effective_revisions.sql, 0037_periodic_review.sql, 0040_document_withdrawn_flag.sql and
 * 0042_documents_list_estimates.sql (docs/decisions/0018-documents.md, 0032-effective-revisions.md,
 * 0033-periodic-review.md). 0042's statistics on the row revision's expression have no Drizzle form.
 */
export const documents = pgTable(
  'documents',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    latestRevision: integer('latest_revision').notNull(),
    releasedRevision: integer('released_revision'),
    /** The revision most recently made effective (revision-effect.ts); it stays when that one is withdrawn. */
    effectiveRevision: integer('effective_revision'),
    /** Periodic review (migration 0037, periodic-review.ts): the period's start, its end, the reminder's day. */
    reviewFrom: date('review_from', { mode: 'string' }),
    nextReviewOn: date('next_review_on', { mode: 'string' }),
    reviewRemindOn: date('review_remind_on', { mode: 'string' }),
    /** When its last live revision was withdrawn (migration 0040; withdrawn-documents.ts): out of the default list. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('documents_number_key').on(t.organizationId, t.number),
    index('documents_live_idx')
      .on(t.organizationId, t.id)
      .where(sql`withdrawn_at is null`),
    index('documents_withdrawn_idx')
      .on(t.organizationId, t.id)
      .where(sql`withdrawn_at is not null`),
    index('documents_review_remind_idx')
      .on(t.reviewRemindOn, t.organizationId, t.id)
      .where(sql`review_remind_on is not null`),
    index('documents_next_review_idx')
      .on(t.organizationId, t.nextReviewOn)
      .where(sql`next_review_on is not null`),
  ],
);

/** Obsolete: withdrawn (migration 0034); a released revision is never deleted. */
export const DOCUMENT_REVISION_STATUSES = ['Submitted', 'Reviewed', 'Approved', 'Rejected', 'Obsolete'] as const;

export const documentRevisions = pgTable(
  'document_revisions',
  {
    organizationId: uuid('organization_id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    typeId: uuid('type_id').notNull(),
    typeDescription: text('type_description'),
    name: text('name').notNull(),
    revisionName: text('revision_name'),
    revisionDescription: text('revision_description').notNull(),
    /** Required for a revision added after the first (migration 0035); null on revisions stored before. */
    reasonForChange: text('reason_for_change'),
    fileId: uuid('file_id').notNull(),
    submitterId: uuid('submitter_id')
      .notNull()
      .references(() => users.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: DOCUMENT_REVISION_STATUSES }).notNull().default('Submitted'),
    signatureCycle: integer('signature_cycle').notNull().default(1),
    isFinal: boolean('is_final').notNull().default(false),
    finalAt: timestamp('final_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    requiresTraining: boolean('requires_training').notNull().default(false),
    trainingRecordId: uuid('training_record_id'),
    /** The UTC day the Responsible chose for the revision to take effect (none: at its release). */
    effectiveOn: date('effective_on', { mode: 'string' }),
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: integer('superseded_by'),
    /** Training before effect (migration 0039): effective when its trainees passed, or this many days after release. */
    trainingEffectDays: smallint('training_effect_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.documentId, t.revision] }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [documents.organizationId, documents.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.typeId],
      foreignColumns: [documentTypes.organizationId, documentTypes.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.fileId],
      foreignColumns: [organizationFiles.organizationId, organizationFiles.id],
    }),
    uniqueIndex('document_revisions_identity_key').on(t.organizationId, t.typeId, sql`lower(${t.name})`, t.revision),
    index('document_revisions_type_idx').on(t.organizationId, t.typeId),
    index('document_revisions_submitter_idx').on(t.organizationId, t.submitterId),
    index('document_revisions_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('document_revisions_training_due_idx')
      .on(t.organizationId, t.documentId, t.revision)
      .where(
        sql`${t.trainingEffectDays} is not null and ${t.isFinal} and ${t.effectiveAt} is null and ${t.supersededAt} is null and ${t.status} <> 'Obsolete'`,
      ),
    index('document_revisions_due_idx')
      .on(t.effectiveOn)
      .where(
        sql`${t.isFinal} and ${t.effectiveAt} is null and ${t.supersededAt} is null and ${t.status} <> 'Obsolete'`,
      ),
  ],
);

const revisionKey = (t: { organizationId: AnyPgColumn; documentId: AnyPgColumn; revision: AnyPgColumn }) =>
  foreignKey({
    columns: [t.organizationId, t.documentId, t.revision],
    foreignColumns: [documentRevisions.organizationId, documentRevisions.documentId, documentRevisions.revision],
  }).onDelete('cascade');

export const documentRevisionFiles = pgTable(
  'document_revision_files',
  {
    organizationId: uuid('organization_id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    fileId: uuid('file_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.documentId, t.revision, t.fileId] }),
    revisionKey(t),
    foreignKey({
      columns: [t.organizationId, t.fileId],
      foreignColumns: [organizationFiles.organizationId, organizationFiles.id],
    }),
  ],
);

export const documentRevisionTags = pgTable(
  'document_revision_tags',
  {
    organizationId: uuid('organization_id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.documentId, t.revision, t.tagId] }),
    revisionKey(t),
    foreignKey({ columns: [t.organizationId, t.tagId], foreignColumns: [tags.organizationId, tags.id] }).onDelete(
      'cascade',
    ),
    index('document_revision_tags_tag_idx').on(t.organizationId, t.tagId),
  ],
);

export const DOCUMENT_SIGNER_ROLES = ['reviewer', 'approver'] as const;
export type DocumentSignerRole = (typeof DOCUMENT_SIGNER_ROLES)[number];

export const documentRevisionSigners = pgTable(
  'document_revision_signers',
  {
    organizationId: uuid('organization_id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    role: text('role', { enum: DOCUMENT_SIGNER_ROLES }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The revision waits for this person's response (modules/documents/waiting-signers.ts; migration 0043). */
    waiting: boolean('waiting').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.documentId, t.revision, t.role, t.userId] }),
    revisionKey(t),
    index('document_revision_signers_user_idx').on(t.organizationId, t.userId, t.role),
    index('document_revision_signers_waiting_idx')
      .on(t.organizationId, t.userId, t.role, t.assignedAt)
      .where(sql`${t.waiting}`),
  ],
);

export const documentParticipants = pgTable(
  'document_participants',
  {
    organizationId: uuid('organization_id').notNull(),
    documentId: uuid('document_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.documentId] }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [documents.organizationId, documents.id],
    }).onDelete('cascade'),
    index('document_participants_document_idx').on(t.organizationId, t.documentId),
  ],
);

export const documentReferences = pgTable(
  'document_references',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    type: smallint('type'),
    linkedId: uuid('linked_id'),
    link: text('link'),
    linkDescription: text('link_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    revisionKey(t),
    index('document_references_revision_idx').on(t.organizationId, t.documentId, t.revision),
  ],
);

/** A withdrawal (migration 0034) is signed too: meaning Withdrawn, the reason as its comment. */
export const DOCUMENT_SIGNATURE_KINDS = ['review', 'approval', 'withdrawal'] as const;
export type DocumentSignatureKind = (typeof DOCUMENT_SIGNATURE_KINDS)[number];

/** Append-only (a trigger refuses UPDATE and DELETE but the cascade of the document's delete). */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    signatureCycle: integer('signature_cycle').notNull(),
    kind: text('kind', { enum: DOCUMENT_SIGNATURE_KINDS }).notNull(),
    meaning: text('meaning', { enum: ['Reviewed', 'Approved', 'Rejected', 'Withdrawn'] }).notNull(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    comment: text('comment'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    fileId: uuid('file_id').notNull(),
    fileSha256: text('file_sha256').notNull(),
    passwordConfirmed: boolean('password_confirmed').notNull().default(false),
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [documents.organizationId, documents.id],
    }).onDelete('cascade'),
    uniqueIndex('document_signatures_once_key').on(
      t.organizationId,
      t.documentId,
      t.revision,
      t.signatureCycle,
      t.kind,
      t.signerId,
    ),
  ],
);

export const signingAttempts = pgTable('signing_attempts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'Reviewed, no change' (migration 0037): append-only, deleted only with its document. */
export const documentPeriodicReviews = pgTable(
  'document_periodic_reviews',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    documentId: uuid('document_id').notNull(),
    revision: integer('revision').notNull(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    reason: text('reason').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    fileId: uuid('file_id').notNull(),
    fileSha256: text('file_sha256').notNull(),
    passwordConfirmed: boolean('password_confirmed').notNull().default(false),
    reviewDueOn: date('review_due_on', { mode: 'string' }).notNull(),
    nextReviewOn: date('next_review_on', { mode: 'string' }).notNull(),
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [documents.organizationId, documents.id],
    }).onDelete('cascade'),
    index('document_periodic_reviews_document_idx').on(t.organizationId, t.documentId),
  ],
);
