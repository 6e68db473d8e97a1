import { date, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './organizations.js';
import { tags } from './user-groups.js';

/** Mirrors migrations/0014_actions.sql. */
export const actions = pgTable(
  'actions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
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
