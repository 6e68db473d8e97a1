import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './limits.js';
import { ZPagination } from './envelopes.js';
import { ORDER_DIRECTIONS, ZListQuery } from './lists.js';

/**
 * Global search (spec 03 sections 2, 3 "Global search row" and 7): every artifact a person may
 * open, found by its fields, the text inside its files, or (tag mode) its tags.
 */

export const SEARCH_RESULT_TYPES = ['Document', 'Action', 'TrainingRecord', 'HumanResource'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** `text`: words, phrases ("…") and partial names or numbers; `tag`: artifacts carrying a tag whose name matches. */
export const SEARCH_MODES = ['text', 'tag'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** `relevance` is the default: the best matches first (with `desc`). */
export const SEARCH_SORT_KEYS = ['relevance', 'type', 'name'] as const;
export type SearchSortKey = (typeof SEARCH_SORT_KEYS)[number];

const lowerCase = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

export const ZGlobalSearchQuery = ZListQuery.pick({ limit: true, offset: true }).extend({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .default(''),
  mode: z.preprocess(lowerCase, z.enum(SEARCH_MODES, { error: 'mode must be text or tag' })).default('text'),
  orderBy: z
    .preprocess(lowerCase, z.enum(SEARCH_SORT_KEYS, { error: 'orderBy must be relevance, type or name' }))
    .default('relevance'),
  /** Default: `desc` for relevance, `asc` for type and name. */
  orderDirection: z
    .preprocess(lowerCase, z.enum(ORDER_DIRECTIONS, { error: 'Sort direction must be asc or desc' }))
    .optional(),
});
export type GlobalSearchQuery = z.infer<typeof ZGlobalSearchQuery>;

/** A piece of a snippet; `match` pieces are the searched words, to be highlighted. */
export const ZSnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof ZSnippetPart>;

/** Where the row matched: its name or number, its other fields, a file's name or text, a tag. */
export const SEARCH_MATCH_SOURCES = ['name', 'fields', 'file', 'tag'] as const;

export const ZGlobalSearchRow = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.uuid(),
  /** Documents: "Document ID name" when the revision has a Document ID; HR records: the person's name. */
  name: z.string(),
  /** The web app's path to the artifact, with `?revision=` for a document revision. */
  link: z.string(),
  /** Documents: the revision the row is for. */
  revision: z.number().int().nullable(),
  /** System # of documents, actions and training records. */
  number: z.number().int().nullable(),
  matchedIn: z.enum(SEARCH_MATCH_SOURCES),
  /** The name of the file whose name or text matched (`matchedIn` file). */
  matchedFile: z.string().nullable(),
  /** Where the text matched, a few words around it; empty when the name itself matched. */
  snippet: z.array(ZSnippetPart),
});
export type GlobalSearchRow = z.infer<typeof ZGlobalSearchRow>;

/**
 * At most this many artifacts are gathered and ranked for a search (the best of each kind of
 * match). A larger total is answered as at least this many, `totalCapped`, shown as "1,000+".
 */
export const SEARCH_TOTAL_CAP = 1000;

/** The answer's pagination: `totalCapped` says that `totalCount` is a floor, not the exact total. */
export const ZGlobalSearchPagination = ZPagination.extend({ totalCapped: z.boolean() });

export const ZGlobalSearchResult = z.object({ data: z.array(ZGlobalSearchRow), pagination: ZGlobalSearchPagination });
export type GlobalSearchResult = z.infer<typeof ZGlobalSearchResult>;
