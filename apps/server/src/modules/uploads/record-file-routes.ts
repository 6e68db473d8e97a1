import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '@qualis/contract';
import { contractRoutes, type ContractRequest, type RoutesApp } from '../../core/contract-route.js';
import type { OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { API_PREFIX } from '../../core/openapi.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import type { DbOrTx } from '../../db/client.js';
import type { PolicyName } from '../policies.js';
import { sendVerifiedFile } from './file-integrity.js';

type StoredFile = Parameters<typeof sendVerifiedFile>[2];

export interface RecordFileRoutes<L extends Endpoint, C extends Endpoint> {
  /** The contract rows: `…/file/{fileId}` (where to fetch the bytes) and `…/file/{fileId}/content`. */
  link: L;
  content: C;
  tags: string[];
  /** The record's view policy. */
  policy: PolicyName;
  summaries: { link: string; content: string };
  /** The file, when the person may see the record and it holds the file. */
  find(
    db: DbOrTx,
    access: OrganizationAccess,
    params: ContractRequest<L>['params'],
    query: ContractRequest<L>['query'],
  ): Promise<StoredFile | undefined>;
}

/**
 * Declares the two routes of a record's attached files: the link answers where to fetch the bytes
 * (an API path taking the same bearer token, with the same query) and the file's name; the content
 * the bytes, as an attachment, with whether they are the bytes uploaded (`sendVerifiedFile`). A file
 * of a record the person may not see, or one the record does not hold, answers 404.
 */
export function recordFileRoutes<L extends Endpoint, C extends Endpoint>(
  app: RoutesApp,
  routes: RecordFileRoutes<L, C>,
) {
  const route = contractRoutes(app, routes.tags);
  const inQuery = { policy: routes.policy, organization: organizationFrom.query() };
  const fileOf = async (request: FastifyRequest) => {
    const file = await routes.find(
      app.ctx.database.db,
      organizationAccessOf(request),
      request.params as ContractRequest<L>['params'],
      request.query as ContractRequest<L>['query'],
    );
    if (!file) throw AppError.notFound();
    return file;
  };

  route(routes.link, { ...inQuery, summary: routes.summaries.link }, async (request) => {
    const file = await fileOf(request);
    const values = request.params as Record<string, string>;
    const path = routes.content.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
    const query = Object.entries(request.query as Record<string, unknown>).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)]],
    );
    return {
      data: { path: `${API_PREFIX}${path}?${new URLSearchParams(query).toString()}`, fileName: file.originalName },
    } as never;
  });

  route(routes.content, { ...inQuery, summary: routes.summaries.content }, async (request, reply) =>
    sendVerifiedFile(app.ctx, reply, await fileOf(request)),
  );
}
