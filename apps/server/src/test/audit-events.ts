import { and, eq } from 'drizzle-orm';
import { auditEvents, documentRevisions } from '../db/schema/index.js';
import type { TestContext } from './harness.js';

/** The audit events of a record (of one action when given), in the chain's order. */
export const auditEventsOf = async (t: TestContext, entityId: string, action?: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)))
    .filter((e) => !action || e.action === action)
    .sort((a, b) => a.seq - b.seq);

/** One stored revision row of a document. */
export const revisionRowOf = async (t: TestContext, documentId: string, revision: number) =>
  (
    await t.db
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.documentId, documentId), eq(documentRevisions.revision, revision)))
  )[0]!;
