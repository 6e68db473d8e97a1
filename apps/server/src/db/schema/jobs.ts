import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id'),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  /** The process holding the job while it runs, and until when (renewed while it works). */
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
