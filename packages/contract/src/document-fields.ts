/** Field schemas the documents modules of the contract share; only ZDocumentRevisionNumber leaves the package (index.ts). */
import { z } from 'zod';
import { DOCUMENT_REVISION_MAX, DOCUMENT_REVISION_MIN } from './documents.js';
import { ZUuid } from './fields.js';
import { messageKeys } from './messages/index.js';

const ZRevisionNumber = z.coerce
  .number({ error: messageKeys.documentRevisionInvalid })
  .int(messageKeys.documentRevisionInvalid)
  .min(DOCUMENT_REVISION_MIN, messageKeys.documentRevisionInvalid)
  .max(DOCUMENT_REVISION_MAX, messageKeys.documentRevisionInvalid);
/** A required revision number (a body field or query parameter). */
export const ZDocumentRevisionNumber = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', messageKeys.fieldRequired)
  .pipe(ZRevisionNumber);
/** `?revision=`: the revision to open; the default revision when left out. */
export const ZOptionalRevision = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  ZRevisionNumber.optional(),
);

export const ZRequiredId = z.string({ error: messageKeys.fieldRequired }).min(1, messageKeys.fieldRequired).pipe(ZUuid);
export const ids = (max: number, tooMany: string) =>
  z
    .array(ZUuid)
    .max(max, tooMany)
    .nullish()
    .transform((list) => [...new Set(list ?? [])]);

export const requiredReason = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be ${max} characters or fewer`);
