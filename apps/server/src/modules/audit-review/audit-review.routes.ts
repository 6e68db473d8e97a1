import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  message,
  type AuditTrailFilters,
  type ListQuery,
  type MarkReviewedRequest,
  endpoints,
  type Endpoint,
} from '@qualis/contract';
import type { z } from 'zod';
import { PROVIDER_CHAIN } from '../../core/audit.js';
import { contractRoutes, type ContractRouteOptions, type RoutesApp } from '../../core/contract-route.js';
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

/** Who may read and change a trail, and where its organization comes from. */
type TrailAccess = Omit<ContractRouteOptions, 'summary'>;
const tags = ['audit-trail'];

type ListInput = AuditTrailFilters & ListQuery;
type ExportInput = AuditTrailFilters & Pick<ListQuery, 'orderBy' | 'orderType'>;
type WithQuery<Q> = Endpoint & { query: z.ZodType<Q> };

/**
 * The rows of one trail: the organization's and the provider's differ in where the organization
 * is (its query or body carries `organizationId`), so each row is typed by what both parse to.
 */
interface TrailRows {
  list: WithQuery<ListInput>;
  verification: Endpoint;
  reviews: WithQuery<Pick<ListQuery, 'limit' | 'offset'>>;
  markReviewed: Endpoint & { body: z.ZodType<MarkReviewedRequest> };
  exportCsv: WithQuery<ExportInput>;
  exportPdf: WithQuery<ExportInput>;
}

/** One trail's routes: where they are, who may, the schemas, and whose chain a request reads. */
interface TrailRoutes {
  name: string;
  rows: TrailRows;
  read: TrailAccess;
  write: TrailAccess;
  contextOf: (request: FastifyRequest) => TrailContext;
}

/** The list, verification, reviews, 'Mark reviewed' and the CSV and PDF exports of one trail. */
function trailRoutes(app: RoutesApp, trail: TrailRoutes) {
  const { name, rows, read, write, contextOf } = trail;
  const route = contractRoutes(app, tags);

  route(
    rows.list,
    {
      ...read,
      summary: `${name}: its events, newest first (orderType=asc: oldest first; the one sort key is seq), filtered by person (actorUserId), record kind (entityType), record (entityId), action and UTC days (from, to), each change readable`,
    },
    async (request) => auditTrailPage(contextOf(request), request.query),
  );

  route(
    rows.verification,
    {
      ...read,
      summary: `${name}: the chain verified now from its first event (its length, intact or the first event where it breaks, its latest seal)`,
    },
    async (request) => ({ data: await auditTrailVerification(contextOf(request)) }),
  );

  route(
    rows.reviews,
    {
      ...read,
      summary: `${name}: its past reviews, newest first: who reviewed which range, when`,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, totalCount } = await listAuditReviews(app.ctx.database.db, contextOf(request).scope.chainKey, {
        limit,
        offset,
      });
      return { data: rows.map(presentAuditReview), pagination: { totalCount } };
    },
  );

  route(
    rows.markReviewed,
    {
      ...write,
      summary: `${name}: 'Mark reviewed': the filters looked through, up to event upToSeq, and a comment; itself an audit event`,
    },
    async (request, reply) => {
      const review = await markAuditTrailReviewed(contextOf(request), request.body);
      return reply.status(201).send({ data: presentAuditReview(review), ...message('auditTrailReviewed') });
    },
  );

  route(
    rows.exportCsv,
    {
      ...read,
      summary: `${name}: the filtered view as CSV, in the list's order, changes readable`,
      produces: ['text/csv'],
    },
    async (request, reply) => sendAuditTrailCsv(contextOf(request), reply, request.query),
  );

  route(
    rows.exportPdf,
    {
      ...read,
      summary: `${name}: the filtered view as one PDF, headed by its filters and the chain's verification`,
      produces: ['application/pdf'],
    },
    async (request, reply) => sendAuditTrailPdf(contextOf(request), reply, request.query),
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
    rows: {
      list: endpoints.auditTrail.list,
      verification: endpoints.auditTrail.verification,
      reviews: endpoints.auditTrail.reviews,
      markReviewed: endpoints.auditTrail.markReviewed,
      exportCsv: endpoints.auditTrail.exportCsv,
      exportPdf: endpoints.auditTrail.exportPdf,
    },
    read: { policy, organization: organizationFrom.query() },
    write: { policy, organization: organizationFrom.body() },
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
    rows: {
      list: endpoints.auditTrail.providerList,
      verification: endpoints.auditTrail.providerVerification,
      reviews: endpoints.auditTrail.providerReviews,
      markReviewed: endpoints.auditTrail.providerMarkReviewed,
      exportCsv: endpoints.auditTrail.providerExportCsv,
      exportPdf: endpoints.auditTrail.providerExportPdf,
    },
    read: provider,
    write: provider,
    contextOf: (request) => ({
      app: app.ctx,
      actor: requireActor(request),
      audit: auditActorOf(request),
      scope: { chainKey: PROVIDER_CHAIN, organizationId: null },
    }),
  });
};
