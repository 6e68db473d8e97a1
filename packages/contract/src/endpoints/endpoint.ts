import { z } from 'zod';
import { changedEnvelope, dataEnvelope, listEnvelope, messageKeyFields } from '../envelopes.js';
import {
  ZAddPeopleRequest,
  ZCreatePersonRequest,
  ZDeletePersonQuery,
  ZExportPeopleQuery,
  ZPeopleListQuery,
  ZPerson,
  ZPersonOption,
  ZPersonOptionsQuery,
  ZSetPersonStatusRequest,
} from '../people.js';
import { ZCreateNamedEntryRequest, ZNamedEntry } from '../settings.js';

/**
 * The API as the web app calls it: one row per call, with its method, its path template
 * (`{name}` for a path parameter, as in docs/api.md), the schemas of its query and body, and the
 * schema of its answer. The web's client takes paths, inputs and outputs from here; the server
 * keeps its own route files, and a unit test checks that every row exists among its routes.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; `ZFileResponse` for a download, `ZNoContent` for an empty answer. */
  response: z.ZodType;
  /** The success status when it is not 200 (201 for a creation; an empty answer is 204). */
  status?: 201 | 202;
  /** More method and path spellings the same call answers at (the spec's clients use them). */
  aliases?: readonly { method?: HttpMethod; path?: string }[];
  /** Error statuses the API document lists for this call besides the usual 400/401/403/404. */
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429)[];
}

/**
 * A file answer (exports); the client hands back its bytes and name, not JSON. A PDF export of
 * more records than the server streams answers `{ data: { message } }` instead: the file is
 * made in the background and e-mailed as a link (the client shows the message).
 */
export const ZFileResponse = z.custom<Blob>(() => true);
/** An answer without a body. */
export const ZNoContent = z.undefined();
/** An event stream (text/event-stream): the client reads it as it arrives, not as JSON. */
export const ZEventStream = z.custom<ReadableStream<Uint8Array>>(() => true);
/** A multipart body (uploads). */
export const ZFormBody = z.custom<FormData>((value) => typeof FormData !== 'undefined' && value instanceof FormData);

export const endpoint = <const E extends Endpoint>(e: E) => e;

export const ZUploadedImage = dataEnvelope(z.object({ id: z.uuid() }));
export const ZMessageData = dataEnvelope(z.object({ message: z.string().optional(), ...messageKeyFields }));
export const ZChangedId = changedEnvelope(z.object({ id: z.uuid() }));

/** The calls Admins and Users share under two paths (docs/api.md). */
export const peopleEndpoints = <const P extends string, const X extends string>(path: P, exportPath: X) => ({
  list: endpoint({ method: 'GET', path, query: ZPeopleListQuery, response: listEnvelope(ZPerson) }),
  options: endpoint({
    method: 'GET',
    path: `${path}/all`,
    query: ZPersonOptionsQuery,
    response: dataEnvelope(z.array(ZPersonOption)),
  }),
  create: endpoint({ method: 'POST', path, body: ZCreatePersonRequest, response: changedEnvelope(ZPerson) }),
  add: endpoint({
    method: 'POST',
    path: `${path}/add`,
    body: ZAddPeopleRequest,
    response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: `${path}/{id}/status`,
    aliases: [{ method: 'PUT' }],
    body: ZSetPersonStatusRequest,
    response: changedEnvelope(ZPerson),
  }),
  remove: endpoint({ method: 'DELETE', path: `${path}/{id}`, query: ZDeletePersonQuery, response: ZChangedId }),
  export: endpoint({ method: 'GET', path: exportPath, query: ZExportPeopleQuery, response: ZFileResponse }),
});

/** The named lists of an organization's settings, one set of calls each. */
export const namedEntryEndpoints = <
  const P extends string,
  const Q extends z.ZodType,
  const E extends z.ZodType = typeof ZNamedEntry,
>(
  segment: P,
  query: Q,
  entry: E = ZNamedEntry as unknown as E,
) => ({
  list: endpoint({
    method: 'GET',
    path: `/organizations/{organizationId}/${segment}`,
    query,
    response: dataEnvelope(z.array(entry)),
  }),
  create: endpoint({
    method: 'POST',
    path: `/organizations/{organizationId}/${segment}`,
    body: ZCreateNamedEntryRequest,
    response: changedEnvelope(entry),
    status: 201,
  }),
  remove: endpoint({ method: 'DELETE', path: `/organizations/{organizationId}/${segment}/{id}`, response: ZChangedId }),
});

/** `{ id: string }` for the path `/user-groups/{groupId}`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : Record<never, never>;

export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
