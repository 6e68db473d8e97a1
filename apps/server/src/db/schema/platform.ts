import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable('audit_events', {
  id: uuid('id').primaryKey(),
  chainKey: text('chain_key').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  organizationId: uuid('organization_id'),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  actorUserId: uuid('actor_user_id'),
  actorEmail: text('actor_email'),
  actorIp: text('actor_ip'),
  requestId: text('request_id'),
  infoType: text('info_type').notNull(),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

export const auditChainHeads = pgTable('audit_chain_heads', {
  chainKey: text('chain_key').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});

/** A chain's state at a moment, kept also outside the database (core/audit.ts `sealAuditChain`). */
export const auditSeals = pgTable('audit_seals', {
  id: uuid('id').primaryKey(),
  chainKey: text('chain_key').notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  /** Files sent with the mail; their bytes are in the file storage (removed once sent when asked). */
  attachments: jsonb('attachments')
    .notNull()
    .default([])
    .$type<{ fileName: string; storageKey: string; contentType: string; removeAfterSend?: boolean }[]>(),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  /** The worker sending the mail, and until when (renewed while it works). */
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** 'Mark reviewed' of the audit trail review (migration 0033): who reviewed which range of a chain, when. */
export const auditReviews = pgTable('audit_reviews', {
  id: uuid('id').primaryKey(),
  chainKey: text('chain_key').notNull(),
  organizationId: uuid('organization_id'),
  reviewerUserId: uuid('reviewer_user_id'),
  reviewerEmail: text('reviewer_email').notNull(),
  filters: jsonb('filters').notNull().$type<Record<string, string>>(),
  upToSeq: bigint('up_to_seq', { mode: 'number' }).notNull(),
  eventCount: integer('event_count').notNull(),
  comment: text('comment'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
});
