import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_LIST_LIMIT, SEARCH_MAX_LENGTH } from './limits.js';

export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

const direction = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(ORDER_DIRECTIONS, { error: 'Sort direction must be asc or desc' }));

/** Repeated query parameters arrive as a string or an array; both mean a list. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

/**
 * The list parameters every list of the spec speaks. Both spellings of the order are accepted:
 * `orderBy`/`orderType` and `Order.Key`/`Order.Direction`.
 */
export const ZListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  orderBy: z.string().max(100).optional(),
  orderType: direction.optional(),
  'Order.Key': z.string().max(100).optional(),
  'Order.Direction': direction.optional(),
  columns: repeated(z.string().max(100)),
});
export type ListQuery = z.infer<typeof ZListQuery>;
