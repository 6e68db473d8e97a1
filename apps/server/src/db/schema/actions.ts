import { date, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ActionTextKey, ActionTextParams } from '@qualis/contract';
import { organizations, users } from './organizations.js';
import { tags } from './user-groups.js';

/** Mirrors migrations/0014_actions.sql, 0015 and 0027. */
export const actions = pgTable(
  'actions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    /** An automatic action's name as a key of the contract's ACTION_TEXTS (migration 0027). */
    nameKey: text('name_key').$type<ActionTextKey>(),
    nameParams: jsonb('name_params').$type<ActionTextParams>(),
    description: text('description').notNull(),
    descriptionKey: text('description_key').$type<ActionTextKey>(),
    status: text('status', { enum: ['ToDo', 'Complete'] })
      .notNull()
      .default('ToDo'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    link: text('link'),
    linkDescription: text('link_description'),
    extraLink: text('extra_link'),
    extraLinkDescription: text('extra_link_description'),
    assignerId: uuid('assigner_id')
      .notNull()
      .references(() => users.id),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull().default('manual'),
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

export const actionTags = pgTable(
  'action_tags',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.actionId, t.tagId] }),
    foreignKey({
      columns: [t.organizationId, t.actionId],
      foreignColumns: [actions.organizationId, actions.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.tagId], foreignColumns: [tags.organizationId, tags.id] }).onDelete(
      'cascade',
    ),
  ],
);
