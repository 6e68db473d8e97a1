import { z } from 'zod';
import { messageKeyFields } from './envelopes.js';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'SIGN_IN_LOCKED',
  'SIGNING_LOCKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'UNPROCESSABLE',
  'LOCKED',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ZErrorCode>;

export const ZApiError = z.object({
  code: ZErrorCode,
  message: z.string(),
  ...messageKeyFields,
  field: z.string().optional(),
});
export const ZErrorEnvelope = z.object({ errors: z.array(ZApiError).min(1) });
export type ApiError = z.infer<typeof ZApiError>;
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
