import { foreignKey, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberships, organizations } from './organizations.js';

/** Mirrors migrations/0007_user_groups_and_settings.sql. */
export const userGroups = pgTable(
  'user_groups',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

export const userGroupPermissions = pgTable(
  'user_group_permissions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    type: smallint('type').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.groupId, t.type] }),
    foreignKey({
      columns: [t.organizationId, t.groupId],
      foreignColumns: [userGroups.organizationId, userGroups.id],
    }).onDelete('cascade'),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.groupId, t.userId] }),
    foreignKey({
      columns: [t.organizationId, t.groupId],
      foreignColumns: [userGroups.organizationId, userGroups.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

const namedEntry = (table: string) =>
  pgTable(
    table,
    {
      organizationId: uuid('organization_id')
        .notNull()
        .references(() => organizations.id, { onDelete: 'cascade' }),
      id: uuid('id').notNull(),
      name: text('name').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
  );

/** A document type's review interval in months (migration 0037; none: no periodic review). */
export const documentTypes = pgTable(
  'document_types',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    reviewIntervalMonths: smallint('review_interval_months'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);
export const tags = namedEntry('tags');
