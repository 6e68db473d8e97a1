import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ZAuditReview,
  ZAuditReviewsQuery,
  ZAuditTrailEvent,
  ZAuditTrailExportQuery,
  ZAuditTrailQuery,
  ZAuditTrailVerification,
  ZMarkReviewedRequest,
  ZOrganizationAuditReviewsQuery,
  ZOrganizationAuditTrailExportQuery,
  ZOrganizationAuditTrailQuery,
  ZOrganizationMarkReviewedRequest,
  ZOrganizationScopeQuery,
  dataEnvelope,
  listEnvelope,
  messageFields,
  message,
  type AuditTrailFilters,
  type ListQuery,
  type MarkReviewedRequest,
} from '@qualis/contract';
import { PROVIDER_CHAIN } from '../../core/audit.js';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { presentAuditReview } from './audit-review.presenter.js';
import { listAuditReviews } from './audit-review.repository.js';
import {
  auditTrailPage,
  auditTrailVerification,
  markAuditTrailReviewed,
  sendAuditTrailCsv,
  sendAuditTrailPdf,
  type TrailContext,
} from './audit-review.service.js';

type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['audit-trail'];

/** One trail's routes: where they are, who may, the schemas, and whose chain a request reads. */
interface TrailRoutes {
  name: string;
  base: string;
  exportCsv: string;
  exportPdf: string;
  read: FastifyContextConfig;
  write: FastifyContextConfig;
  schemas: {
    list: z.ZodType;
    scope?: z.ZodType;
    reviews: z.ZodType;
    markReviewed: z.ZodType;
    export: z.ZodType;
  };
  contextOf: (request: FastifyRequest) => TrailContext;
}

// The type provider cannot resolve a schema chosen per trail; each schema has parsed its input.
type ListInput = AuditTrailFilters & ListQuery;
type ExportInput = AuditTrailFilters & Pick<ListQuery, 'orderBy' | 'orderType'>;

/** The list, verification, reviews, 'Mark reviewed' and the CSV and PDF exports of one trail. */
function trailRoutes(app: RoutesApp, trail: TrailRoutes) {
  const { name, read, write, schemas, contextOf } = trail;
  const scopeQuery = schemas.scope ? { querystring: schemas.scope } : {};

  app.get(
    trail.base,
    {
      config: read,
      schema: {
        tags,
        summary: `${name}: its events, newest first (orderType=asc: oldest first; the one sort key is seq), filtered by person (actorUserId), record kind (entityType), record (entityId), action and UTC days (from, to), each change readable`,
        querystring: schemas.list,
        response: { 200: listEnvelope(ZAuditTrailEvent) },
      },
    },
    async (request) => auditTrailPage(contextOf(request), request.query as ListInput),
  );

  app.get(
    `${trail.base}/verification`,
    {
      config: read,
      schema: {
        tags,
        summary: `${name}: the chain verified now from its first event (its length, intact or the first event where it breaks, its latest seal)`,
        ...scopeQuery,
        response: { 200: dataEnvelope(ZAuditTrailVerification) },
      },
    },
    async (request) => ({ data: await auditTrailVerification(contextOf(request)) }),
  );

  app.get(
    `${trail.base}/reviews`,
    {
      config: read,
      schema: {
        tags,
        summary: `${name}: its past reviews, newest first: who reviewed which range, when`,
        querystring: schemas.reviews,
        response: { 200: listEnvelope(ZAuditReview) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query as Pick<ListQuery, 'limit' | 'offset'>;
      const { rows, totalCount } = await listAuditReviews(app.ctx.database.db, contextOf(request).scope.chainKey, {
        limit,
        offset,
      });
      return { data: rows.map(presentAuditReview), pagination: { totalCount } };
    },
  );

  app.post(
    `${trail.base}/reviews`,
    {
      config: write,
      schema: {
        tags,
        summary: `${name}: 'Mark reviewed': the filters looked through, up to event upToSeq, and a comment; itself an audit event`,
        body: schemas.markReviewed,
        response: { 201: dataEnvelope(ZAuditReview).extend(messageFields) },
      },
    },
    async (request, reply) => {
      const review = await markAuditTrailReviewed(contextOf(request), request.body as MarkReviewedRequest);
      return reply.status(201).send({ data: presentAuditReview(review), ...message('auditTrailReviewed') });
    },
  );

  app.get(
    trail.exportCsv,
    {
      config: read,
      schema: {
        tags,
        summary: `${name}: the filtered view as CSV, in the list's order, changes readable`,
        querystring: schemas.export,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => sendAuditTrailCsv(contextOf(request), reply, request.query as ExportInput),
  );

  app.get(
    trail.exportPdf,
    {
      config: read,
      schema: {
        tags,
        summary: `${name}: the filtered view as one PDF, headed by its filters and the chain's verification`,
        querystring: schemas.export,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendAuditTrailPdf(contextOf(request), reply, request.query as ExportInput),
  );
}

/**
 * The audit trail review (issue 23, Annex 11 §9; docs/api.md "Audit trail"): an organization's
 * trail for its Admins and the SuperAdmin, and the provider's trail for the SuperAdmin.
 */
export const auditReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = 'auditTrail.review' as const;
  trailRoutes(app, {
    name: "The organization's audit trail",
    base: '/audit-trail',
    exportCsv: '/export/audit-trail',
    exportPdf: '/export/audit-trail-pdf',
    read: { policy, organization: organizationFrom.query() },
    write: { policy, organization: organizationFrom.body() },
    schemas: {
      list: ZOrganizationAuditTrailQuery,
      scope: ZOrganizationScopeQuery,
      reviews: ZOrganizationAuditReviewsQuery,
      markReviewed: ZOrganizationMarkReviewedRequest,
      export: ZOrganizationAuditTrailExportQuery,
    },
    contextOf: (request) => {
      const access = organizationAccessOf(request);
      const organizationId = access.organization.id;
      return {
        app: app.ctx,
        actor: access.actor,
        audit: auditActorOf(request),
        scope: { chainKey: organizationId, organizationId },
        access,
      };
    },
  });

  const provider = { policy: 'auditTrail.reviewProvider' } as const;
  trailRoutes(app, {
    name: "The provider's audit trail",
    base: '/provider/audit-trail',
    exportCsv: '/export/provider-audit-trail',
    exportPdf: '/export/provider-audit-trail-pdf',
    read: provider,
    write: provider,
    schemas: {
      list: ZAuditTrailQuery,
      reviews: ZAuditReviewsQuery,
      markReviewed: ZMarkReviewedRequest,
      export: ZAuditTrailExportQuery,
    },
    contextOf: (request) => ({
      app: app.ctx,
      actor: requireActor(request),
      audit: auditActorOf(request),
      scope: { chainKey: PROVIDER_CHAIN, organizationId: null },
    }),
  });
};
