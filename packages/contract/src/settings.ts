import { z } from 'zod';
import { requiredText } from './fields.js';
import { SEARCH_MAX_LENGTH } from './limits.js';

/** Organization settings: document types and tags (spec 02 sections 2, 3, 5 and 7). */

/** A document type or a tag of an organization. */
export const ZNamedEntry = z.object({ id: z.uuid(), name: z.string() });
export type DocumentType = z.infer<typeof ZNamedEntry>;
export type Tag = z.infer<typeof ZNamedEntry>;
export const ZDocumentType = ZNamedEntry;
export const ZTag = ZNamedEntry;

/** POST /organizations/{id}/document-types and /tags: the name, trimmed, 1 to 100 characters. */
export const ZCreateNamedEntryRequest = z.object({ name: requiredText() });
export type CreateNamedEntryRequest = z.infer<typeof ZCreateNamedEntryRequest>;

/** GET /organizations/{id}/document-types and /tags: optionally only the names matching `search`. */
export const ZNamedEntriesQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
});
