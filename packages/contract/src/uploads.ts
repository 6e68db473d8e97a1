import { z } from 'zod';
import { ZUuid } from './fields.js';

/** POST /upload/file names the organization the file will belong to (spec 03: a query parameter). */
export const ZUploadFileQuery = z.object({ organizationId: ZUuid });

/** POST /upload/image answers only the new image's id (spec 01). */
export const ZUploadedImage = z.object({ id: z.uuid() });

/** Spec 03's file object (id, fileName, fileSize), with what the server learnt from the bytes. */
export const ZOrganizationFile = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
});
export type OrganizationFile = z.infer<typeof ZOrganizationFile>;
