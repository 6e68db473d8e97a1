import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberships, organizationFiles, organizations, users } from './organizations.js';
import { tags, userGroups } from './user-groups.js';

/** Mirrors migrations/0023_training_records.sql (docs/decisions/0020-training-records.md). */
export const trainingRecords = pgTable(
  'training_records',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    assignerId: uuid('assigner_id')
      .notNull()
      .references(() => users.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    link: text('link'),
    linkDescription: text('link_description'),
    extraLink: text('extra_link'),
    extraLinkDescription: text('extra_link_description'),
    quizVersion: integer('quiz_version').notNull().default(1),
    cycle: integer('cycle').notNull().default(1),
    cycleDocumentId: uuid('cycle_document_id'),
    cycleRevision: integer('cycle_revision'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('training_records_number_key').on(t.organizationId, t.number),
    index('training_records_assigner_idx').on(t.organizationId, t.assignerId, t.number),
    index('training_records_creator_idx').on(t.organizationId, t.creatorId, t.number),
    index('training_records_name_idx').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

const trainingKey = (t: { organizationId: AnyPgColumn; trainingId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.organizationId, t.trainingId],
    foreignColumns: [trainingRecords.organizationId, trainingRecords.id],
  }).onDelete('cascade');

export const trainingRecordFiles = pgTable(
  'training_record_files',
  {
    organizationId: uuid('organization_id').notNull(),
    trainingId: uuid('training_id').notNull(),
    fileId: uuid('file_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.trainingId, t.fileId] }),
    trainingKey(t),
    foreignKey({
      columns: [t.organizationId, t.fileId],
      foreignColumns: [organizationFiles.organizationId, organizationFiles.id],
    }),
  ],
);

export const trainingRecordTags = pgTable(
  'training_record_tags',
  {
    organizationId: uuid('organization_id').notNull(),
    trainingId: uuid('training_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.trainingId, t.tagId] }),
    trainingKey(t),
    foreignKey({ columns: [t.organizationId, t.tagId], foreignColumns: [tags.organizationId, tags.id] }).onDelete(
      'cascade',
    ),
    index('training_record_tags_tag_idx').on(t.organizationId, t.tagId),
  ],
);

export const trainingQuestions = pgTable(
  'training_questions',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    trainingId: uuid('training_id').notNull(),
    quizVersion: integer('quiz_version').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    trainingKey(t),
    uniqueIndex('training_questions_order_key').on(t.organizationId, t.trainingId, t.quizVersion, t.number),
  ],
);

export const trainingAnswers = pgTable(
  'training_answers',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    questionId: uuid('question_id').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    isCorrect: boolean('is_correct').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.questionId],
      foreignColumns: [trainingQuestions.organizationId, trainingQuestions.id],
    }).onDelete('cascade'),
    uniqueIndex('training_answers_order_key').on(t.organizationId, t.questionId, t.number),
  ],
);

export const trainingAssigneeUsers = pgTable(
  'training_assignee_users',
  {
    organizationId: uuid('organization_id').notNull(),
    trainingId: uuid('training_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.trainingId, t.userId] }), trainingKey(t)],
);

export const trainingAssigneeGroups = pgTable(
  'training_assignee_groups',
  {
    organizationId: uuid('organization_id').notNull(),
    trainingId: uuid('training_id').notNull(),
    groupId: uuid('group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.trainingId, t.groupId] }),
    trainingKey(t),
    foreignKey({
      columns: [t.organizationId, t.groupId],
      foreignColumns: [userGroups.organizationId, userGroups.id],
    }).onDelete('cascade'),
    index('training_assignee_groups_group_idx').on(t.organizationId, t.groupId),
  ],
);

export const trainingAssignments = pgTable(
  'training_assignments',
  {
    organizationId: uuid('organization_id').notNull(),
    trainingId: uuid('training_id').notNull(),
    userId: uuid('user_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.trainingId, t.userId] }),
    trainingKey(t),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
    index('training_assignments_user_idx').on(t.organizationId, t.userId, t.trainingId),
  ],
);

/** One answer of an attempt: the question and the answers chosen. */
export interface TrainingAttemptAnswer {
  questionId: string;
  answerIds: string[];
}

export const trainingAttempts = pgTable(
  'training_attempts',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    trainingId: uuid('training_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cycle: integer('cycle').notNull(),
    quizVersion: integer('quiz_version').notNull(),
    documentId: uuid('document_id'),
    revision: integer('revision'),
    answers: jsonb('answers').notNull().$type<TrainingAttemptAnswer[]>(),
    passed: boolean('passed').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    trainingKey(t),
    index('training_attempts_training_idx').on(t.organizationId, t.trainingId, t.userId, t.attemptedAt),
    index('training_attempts_user_idx').on(t.organizationId, t.userId, t.attemptedAt),
    uniqueIndex('training_attempts_pass_key')
      .on(t.organizationId, t.trainingId, t.userId, t.cycle)
      .where(sql`passed`),
  ],
);
