import type { FastifyReply } from 'fastify';
import { DEFAULT_LANGUAGE, type AuditTrailFilters, type ListQuery, type MarkReviewedRequest } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { verifyAuditChainSinceLast } from '../../core/audit-verification.js';
import type { Actor } from '../../core/auth.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { exportFileName, sendCsvExport } from '../../core/exports.js';
import { newId } from '../../core/ids.js';
import { sendRecordsExport, type PdfLetterhead } from '../../core/record-pdf.js';
import { letterheadOf } from '../exports/letterhead.js';
import { PROVIDER_CHAIN_NAME } from '../organizations/audit-chains.js';
import {
  auditTrailPdfRecords,
  AUDIT_TRAIL_CSV,
  filtersText,
  presentAuditEvents,
  presentedEvents,
  presentedInBatches,
  presentVerification,
} from './audit-review.presenter.js';
import {
  auditEventRows,
  chainLength,
  countAuditEvents,
  insertAuditReview,
  listAuditEvents,
  type AuditReviewRow,
  type AuditTrailScope,
} from './audit-review.repository.js';
import { recordNames } from './record-names.js';

/**
 * Whose trail and who asks: an organization's chain with the caller's access there (checked by
 * the pipeline), or the provider's chain with the SuperAdmin.
 */
export interface TrailContext {
  app: AppContext;
  actor: Actor;
  audit: AuditActor;
  scope: AuditTrailScope;
  /** The caller's access in the organization; absent for the provider's chain. */
  access?: OrganizationAccess;
}

type ExportQuery = AuditTrailFilters & Pick<ListQuery, 'orderBy' | 'orderType'>;

const filtersOf = ({ actorUserId, entityType, entityId, action, from, to }: AuditTrailFilters): AuditTrailFilters =>
  Object.fromEntries(
    Object.entries({ actorUserId, entityType, entityId, action, from, to }).filter(([, v]) => v),
  ) as AuditTrailFilters;

/** The filters as the review's event holds them: the person as `userId`, which the history names. */
const readableFilters = ({ actorUserId, ...rest }: AuditTrailFilters) => ({
  ...rest,
  ...(actorUserId ? { userId: actorUserId } : {}),
});

/** A page of the trail, readable. */
export async function auditTrailPage(ctx: TrailContext, query: AuditTrailFilters & ListQuery) {
  const { db } = ctx.app.database;
  const { rows, ...pagination } = await listAuditEvents(db, { ...ctx.scope, filters: filtersOf(query) }, query);
  return { data: await presentAuditEvents(db, ctx.scope.organizationId, rows), pagination };
}

/** The chain verified now against its latest seal, from where this process last found it intact. */
export async function auditTrailVerification(ctx: TrailContext) {
  const verification = await verifyAuditChainSinceLast(ctx.app.database.db, ctx.scope.chainKey);
  return presentVerification(verification, new Date());
}

/**
 * 'Mark reviewed': stores who reviewed which range (the filters, up to event `upToSeq`, which
 * must be an event of the chain) and when, with the event of the review, in one transaction.
 */
export async function markAuditTrailReviewed(ctx: TrailContext, input: MarkReviewedRequest): Promise<AuditReviewRow> {
  const { scope } = ctx;
  const filters = filtersOf(input.filters);
  return ctx.app.database.db.transaction(async (tx) => {
    if (input.upToSeq > (await chainLength(tx, scope.chainKey))) {
      throw AppError.badRequest('auditTrailReviewBeyondChain', 'upToSeq');
    }
    const review: AuditReviewRow = {
      id: newId(),
      chainKey: scope.chainKey,
      organizationId: scope.organizationId,
      reviewerUserId: ctx.actor.userId,
      reviewerEmail: ctx.actor.email,
      filters: filters as Record<string, string>,
      upToSeq: input.upToSeq,
      eventCount: await countAuditEvents(tx, { ...scope, filters, upToSeq: input.upToSeq }),
      comment: input.comment,
      reviewedAt: new Date(),
    };
    await insertAuditReview(tx, review);
    await recordAudit(tx, ctx.audit, {
      organizationId: scope.organizationId,
      infoType: 'Organizations',
      action: 'review',
      entityType: 'audit-trail',
      entityId: review.id,
      after: {
        ...readableFilters(filters),
        upToSeq: review.upToSeq,
        eventCount: review.eventCount,
        comment: review.comment,
      },
    });
    return review;
  });
}

/** The events of the filtered view, presented a batch at a time while an export is written. */
function exportBatches(ctx: TrailContext, query: ExportQuery) {
  const { db } = ctx.app.database;
  const rows = auditEventRows(db, { ...ctx.scope, filters: filtersOf(query) }, query);
  return presentedInBatches(db, ctx.scope.organizationId, rows);
}

const FILE_LABEL = 'Audit_trail';

/** The filtered view as CSV, in the list's order; nothing to export is a 400. */
export function sendAuditTrailCsv(ctx: TrailContext, reply: FastifyReply, query: ExportQuery) {
  const rows = presentedEvents(exportBatches(ctx, query));
  return sendCsvExport(reply, exportFileName(FILE_LABEL, ctx.actor.email), AUDIT_TRAIL_CSV, rows);
}

async function letterhead(ctx: TrailContext): Promise<PdfLetterhead> {
  if (ctx.access) return letterheadOf(ctx.app, ctx.access);
  return {
    organizationName: PROVIDER_CHAIN_NAME,
    logo: null,
    exportedBy: ctx.actor.email,
    exportedAt: new Date(),
    language: DEFAULT_LANGUAGE,
  };
}

/** The filtered view as one PDF (core/record-pdf.ts), headed by its filters and the chain's verification. */
export async function sendAuditTrailPdf(ctx: TrailContext, reply: FastifyReply, query: ExportQuery) {
  const head = await letterhead(ctx);
  const verification = await auditTrailVerification(ctx);
  const records = auditTrailPdfRecords(
    exportBatches(ctx, query),
    { trail: head.organizationName, filters: filtersText(filtersOf(query)), verification: verification.text },
    (events) => recordNames(ctx.app.database.db, ctx.scope.organizationId, events),
  );
  const fileName = exportFileName(FILE_LABEL, ctx.actor.email, head.exportedAt, 'pdf');
  return sendRecordsExport(reply, 'pdf', fileName, records, head);
}
