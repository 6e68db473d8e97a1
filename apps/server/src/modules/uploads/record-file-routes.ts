import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZDocumentFileLink, dataEnvelope } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { API_PREFIX } from '../../core/openapi.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import type { DbOrTx } from '../../db/client.js';
import type { PolicyName } from '../policies.js';
import { sendVerifiedFile } from './file-integrity.js';

type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];
type StoredFile = Parameters<typeof sendVerifiedFile>[2];

export interface RecordFileRoutes<
  P extends z.ZodType<{ fileId: string }>,
  Q extends z.ZodType<{ organizationId: string }>,
> {
  /** The record's path with its id parameter ('/documents/:documentId'); the files are under `/file/:fileId`. */
  url: string;
  tags: string[];
  /** The record's view policy. */
  policy: PolicyName;
  /** The record's id and `fileId`. */
  params: P;
  /** The organization, and what else chooses the file (a document's revision); the link carries it on. */
  querystring: Q;
  summaries: { link: string; content: string };
  /** The file, when the person may see the record and it holds the file. */
  find(
    db: DbOrTx,
    access: OrganizationAccess,
    params: z.output<P>,
    query: z.output<Q>,
  ): Promise<StoredFile | undefined>;
}

/**
 * Declares the two routes of a record's attached files: `GET {url}/file/:fileId` answers where to
 * fetch the bytes (an API path taking the same bearer token, with the same query) and the file's
 * name; `GET {url}/file/:fileId/content` the bytes, as an attachment, with whether they are the bytes
 * uploaded (`sendVerifiedFile`). A file of a record the
 * person may not see, or one the record does not hold, answers 404.
 */
export function recordFileRoutes<
  P extends z.ZodType<{ fileId: string }>,
  Q extends z.ZodType<{ organizationId: string }>,
>(app: RoutesApp, routes: RecordFileRoutes<P, Q>) {
  const { tags, params, querystring, summaries } = routes;
  const config = { policy: routes.policy, organization: organizationFrom.query() };
  const url = `${routes.url}/file/:fileId`;
  // The type provider cannot resolve a generic schema's output; `params` and `querystring` have parsed them.
  const fileOf = async (request: FastifyRequest) => {
    const file = await routes.find(
      app.ctx.database.db,
      organizationAccessOf(request),
      request.params as z.output<P>,
      request.query as z.output<Q>,
    );
    if (!file) throw AppError.notFound();
    return file;
  };

  app.get(
    url,
    {
      config,
      schema: {
        tags,
        summary: summaries.link,
        params,
        querystring,
        response: { 200: dataEnvelope(ZDocumentFileLink) },
      },
    },
    async (request) => {
      const file = await fileOf(request);
      const values = request.params as Record<string, string>;
      const path = url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '');
      const query = Object.entries(request.query as Record<string, unknown>).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      );
      return {
        data: {
          path: `${API_PREFIX}${path}/content?${new URLSearchParams(query).toString()}`,
          fileName: file.originalName,
        },
      };
    },
  );

  app.get(
    `${url}/content`,
    { config, schema: { tags, summary: summaries.content, params, querystring } },
    async (request, reply) => sendVerifiedFile(app.ctx, reply, await fileOf(request)),
  );
}
