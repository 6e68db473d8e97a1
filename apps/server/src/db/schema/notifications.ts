import { foreignKey, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { actions } from './actions.js';
import { memberships } from './organizations.js';

export const notifications = pgTable(
  'notifications',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['ActionAssigned'] }).notNull(),
    entityId: uuid('entity_id'),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.entityId],
      foreignColumns: [actions.organizationId, actions.id],
    }).onDelete('cascade'),
  ],
);
