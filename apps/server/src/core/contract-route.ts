import type { FastifyContextConfig, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Endpoint,
  ZErrorEnvelope,
  ZEventStream,
  ZFileResponse,
  ZFormBody,
  ZNoContent,
  ZUuid,
} from '@qualis/contract';
import { operationIdOf } from './openapi.js';
import type { OrganizationSource } from './pipeline.js';

export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** `'/tasks/{taskId}/details'` → `'taskId'`. */
type ParamName<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamName<Rest> : never;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Streamed = Blob | ReadableStream<Uint8Array> | undefined;

/** The request of a contract row, typed from its path, query and body schemas. */
export type ContractRequest<E extends Endpoint, P = { [K in ParamName<E['path']>]: string }> = FastifyRequest<{
  Params: P;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What the handler gives back: the row's JSON answer, or the reply it sent itself (files, streams). */
type ContractAnswer<E extends Endpoint> = [z.output<E['response']>] extends [Streamed]
  ? unknown
  : z.input<E['response']> | FastifyReply;

/** What a route adds to its contract row: who may call it, where its organization is, its handler. */
export interface ContractRouteOptions<P extends z.ZodObject | undefined = undefined> {
  policy: NonNullable<FastifyContextConfig['policy']>;
  organization?: OrganizationSource;
  /** The API document's one-line description. */
  summary: string;
  /** Path parameters when they are not all ids (every `{name}` is a UUID by default). */
  params?: P;
  /** More route settings, such as its rate limit. */
  config?: Omit<FastifyContextConfig, 'policy' | 'organization'>;
  preValidation?: preValidationHookHandler;
  /** The media types of a file answer, for the API document. */
  produces?: string[];
  /** The media types of a body other than JSON (uploads). */
  consumes?: string[];
  exposeHeadRoute?: boolean;
}

const STREAMED: readonly z.ZodType[] = [ZFileResponse, ZEventStream];

/** `{name}` placeholders of a contract path. */
const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * Registers the routes of one area from their contract rows (packages/contract/src/endpoints):
 * the method, the path, the query, body and answer schemas, the success status and the declared
 * error answers come from the row, so the API the web calls and the one the server serves cannot
 * drift; the route adds its policy, its organization source, its summary and the handler.
 */
export function contractRoutes(app: RoutesApp, tags: string[]) {
  return function route<E extends Endpoint, P extends z.ZodObject | undefined = undefined>(
    endpoint: E,
    options: ContractRouteOptions<P>,
    handler: (
      request: ContractRequest<E, P extends z.ZodObject ? z.output<P> : { [K in ParamName<E['path']>]: string }>,
      reply: FastifyReply,
    ) => Promise<ContractAnswer<E>>,
  ) {
    const names = paramNames(endpoint.path);
    const params =
      options.params ?? (names.length ? z.object(Object.fromEntries(names.map((name) => [name, ZUuid]))) : undefined);
    const status = endpoint.status ?? (endpoint.response === ZNoContent ? 204 : 200);
    const errors = Object.fromEntries((endpoint.errors ?? []).map((code) => [code, ZErrorEnvelope]));
    const response = STREAMED.includes(endpoint.response)
      ? undefined
      : { [status]: endpoint.response === ZNoContent ? z.null() : endpoint.response, ...errors };
    for (const spelling of [{}, ...(endpoint.aliases ?? [])]) {
      const path = spelling.path ?? endpoint.path;
      app.route({
        method: spelling.method ?? endpoint.method,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        ...(options.exposeHeadRoute === undefined ? {} : { exposeHeadRoute: options.exposeHeadRoute }),
        ...(options.preValidation ? { preValidation: options.preValidation } : {}),
        config: { ...options.config, policy: options.policy, organization: options.organization, endpoint },
        schema: {
          tags,
          summary: options.summary,
          // A path spelled only in another letter case would get the same generated operationId.
          ...(spelling.path ? { operationId: `${operationIdOf(spelling.method ?? endpoint.method, path)}Alias` } : {}),
          ...(params ? { params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.body && endpoint.body !== ZFormBody ? { body: endpoint.body } : {}),
          ...(response ? { response } : {}),
          ...(options.produces ? { produces: options.produces } : {}),
          ...(options.consumes ? { consumes: options.consumes } : {}),
          // A public call needs no bearer token (the API document's global security does not apply).
          ...(options.policy === 'public' ? { security: [] } : {}),
        },
        handler: async (request, reply) => {
          if (status !== 200) reply.code(status);
          return handler(request as never, reply);
        },
      });
    }
  };
}
