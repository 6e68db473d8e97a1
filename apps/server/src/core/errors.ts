import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, type ErrorEnvelope, messageKeyOf, messages } from '@qualis/contract';

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

/** The one error type business code throws; the handler turns it into the spec's envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS_OF[code];
  }

  static badRequest(message: string, field?: string) {
    return new AppError('VALIDATION_FAILED', message, field);
  }
  static unauthenticated(message: string = messages.accessDenied) {
    return new AppError('UNAUTHENTICATED', message);
  }
  static forbidden(message: string = messages.accessDenied) {
    return new AppError('FORBIDDEN', message);
  }
  static notFound(message: string = messages.notFound) {
    return new AppError('NOT_FOUND', message);
  }
  static conflict(message: string, field?: string) {
    return new AppError('CONFLICT', message, field);
  }
}

/** The spec's error envelope; a message of the catalogue carries its key (and placeholder values). */
export const errorEnvelope = (code: ErrorCode, message: string, field?: string): ErrorEnvelope => ({
  errors: [{ code, message, ...messageKeyOf(message), ...(field ? { field } : {}) }],
});

/** Fastify's own errors, by code, with the message a person should read instead. */
const FRAMEWORK_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', messages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', messages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', messages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', messages.invalidJson],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', messages.bodyTooLarge],
  FST_ERR_BAD_URL: ['BAD_REQUEST', messages.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', messages.uriTooLong],
};

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
    const [code, message]: [ErrorCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', messages.headersTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['REQUEST_TIMEOUT', messages.requestTimeout]
          : ['BAD_REQUEST', messages.requestFailed];
    const status = STATUS_OF[code];
    const body = JSON.stringify(errorEnvelope(code, message));
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
    return reply.status(error.status).send(errorEnvelope(error.code, error.message, error.field));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
    const where = error.validationContext === 'body' ? undefined : error.validationContext;
    return reply
      .status(400)
      .send(errorEnvelope('VALIDATION_FAILED', first?.message ?? messages.requestFailed, field ?? where));
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) {
    return reply.status(STATUS_OF[known[0]]).send(errorEnvelope(known[0], known[1]));
  }
  if (error.statusCode === 429) {
    return reply.status(429).send(errorEnvelope('RATE_LIMITED', messages.rateLimited));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    return reply.status(error.statusCode).send(errorEnvelope('BAD_REQUEST', messages.requestFailed));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorEnvelope('INTERNAL', messages.internal));
}
