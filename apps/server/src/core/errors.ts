import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type ErrorCode,
  type ErrorEnvelope,
  isMessageKey,
  type KeyedMessage,
  message,
  type MessageArgs,
  type MessageKey,
} from '@qualis/contract';

const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  UNPROCESSABLE: 422,
  LOCKED: 423,
  SIGN_IN_LOCKED: 429,
  SIGNING_LOCKED: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** A key of the catalogue whose text has no placeholders. */
export type PlainMessageKey = { [K in MessageKey]: MessageArgs<K> extends [] ? K : never }[MessageKey];

/** A text without a key: a framework's own (Zod's "Invalid input"), shown by the web as it is. */
export interface UnkeyedText {
  message: string;
  messageKey?: undefined;
}

/**
 * What an error says: a plain key (`'fileMissing'`), a template with its values (`message(...)`),
 * or what a schema said (`schemaText(issue.message)`).
 */
export type ErrorMessage = PlainMessageKey | KeyedMessage | UnkeyedText;

const keyed = (said: ErrorMessage): KeyedMessage | UnkeyedText => (typeof said === 'string' ? message(said) : said);

/**
 * A schema's refusal: the contract's schemas give a key of the catalogue as their message (its
 * English text and key are answered); Zod's own texts have no key and go as they are.
 */
export const schemaText = (text: string): KeyedMessage | UnkeyedText =>
  isMessageKey(text) ? message(text as PlainMessageKey) : { message: text };

/**
 * The one error type business code throws; the handler turns it into the spec's envelope. It
 * says a message of the catalogue by key: `AppError.badRequest('fileMissing', 'file')`, or
 * `AppError.conflict(message('hrRecordOfMember', { name }), 'ids')` for a template.
 */
export class AppError extends Error {
  readonly status: number;
  readonly said: KeyedMessage | UnkeyedText;
  constructor(
    readonly code: ErrorCode,
    said: ErrorMessage,
    readonly field?: string,
  ) {
    const text = keyed(said);
    super(text.message);
    this.said = text;
    this.status = STATUS_OF[code];
  }

  get messageKey(): MessageKey | undefined {
    return this.said.messageKey;
  }

  static badRequest(said: ErrorMessage, field?: string) {
    return new AppError('VALIDATION_FAILED', said, field);
  }
  static unauthenticated(said: ErrorMessage = 'accessDenied') {
    return new AppError('UNAUTHENTICATED', said);
  }
  static forbidden(said: ErrorMessage = 'accessDenied') {
    return new AppError('FORBIDDEN', said);
  }
  static notFound(said: ErrorMessage = 'notFound') {
    return new AppError('NOT_FOUND', said);
  }
  static conflict(said: ErrorMessage, field?: string) {
    return new AppError('CONFLICT', said, field);
  }
}

/** The spec's error envelope: the English text with its key (and placeholder values) when it has one. */
export const errorEnvelope = (code: ErrorCode, said: ErrorMessage, field?: string): ErrorEnvelope => ({
  errors: [{ code, ...keyed(said), ...(field ? { field } : {}) }],
});

/** Fastify's own errors, by code, with the message a person should read instead. */
const FRAMEWORK_ERRORS: Record<string, [ErrorCode, PlainMessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', 'invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', 'invalidJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'invalidJson'],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'bodyTooLarge'],
  FST_ERR_BAD_URL: ['BAD_REQUEST', 'badUrl'],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'uriTooLong'],
};

/** A schema's first refusal, by its field (or the part of the request), as `schemaText` says it. */
function validationEnvelope(
  error: FastifyError & { validation: readonly ValidationIssue[]; validationContext?: string },
) {
  const first = error.validation[0];
  const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
  const where = error.validationContext === 'body' ? undefined : error.validationContext;
  return errorEnvelope(
    'VALIDATION_FAILED',
    first?.message ? schemaText(first.message) : 'requestFailed',
    field ?? where,
  );
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(sendError);
}

/**
 * Fastify options for the errors raised before a route runs: the router's (a malformed or too
 * long address) and Node's HTTP parser's (headers too large, a timeout, a broken request),
 * which Node would otherwise answer itself. Both answer in the error envelope.
 */
export const httpLayerErrorHandling = {
  frameworkErrors: sendError,
  clientErrorHandler: (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, said]: [ErrorCode, PlainMessageKey] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'headersTooLarge']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['REQUEST_TIMEOUT', 'requestTimeout']
          : ['BAD_REQUEST', 'requestFailed'];
    const status = STATUS_OF[code];
    const body = JSON.stringify(errorEnvelope(code, said));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.status).send(errorEnvelope(error.code, error.said, error.field));
  }
  if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(validationEnvelope(error));
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) {
    return reply.status(STATUS_OF[known[0]]).send(errorEnvelope(known[0], known[1]));
  }
  if (error.statusCode === 429) {
    return reply.status(429).send(errorEnvelope('RATE_LIMITED', 'rateLimited'));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    return reply.status(error.statusCode).send(errorEnvelope('BAD_REQUEST', 'requestFailed'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorEnvelope('INTERNAL', 'internal'));
}
