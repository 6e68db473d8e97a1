import { z } from 'zod';

export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const ZPagination = z.object({
  totalCount: z.number().int().nonnegative(),
  totalCapped: z
    .boolean()
    .optional()
    .describe('True when totalCount is a floor: counting stopped at the cap (LIST_TOTAL_CAP rows past the page)'),
});
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: ZPagination });

/**
 * The catalogue key of a `message` (a key of `messages`) and the values of its placeholders, next
 * to the English text, so a client shows the text in its own language (see `message()`).
 */
export const messageKeyFields = {
  messageKey: z.string().optional().describe('Key of the message in the catalogue, for translation'),
  messageParams: z.record(z.string(), z.string()).optional().describe("Values of the message's placeholders"),
};
/** A success text for a toast (`{ data: { message } }` or `{ data, message }`), with its key. */
export const messageFields = { message: z.string(), ...messageKeyFields };

export type DataEnvelope<T> = { data: T };
export type ListEnvelope<T> = { data: T[]; pagination: { totalCount: number; totalCapped?: boolean } };

/** The answer of a change: the record and, often, the server's success text (spec 02 section 8). */
export const changedEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ data, message: z.string().optional(), ...messageKeyFields });
export type Changed<T> = { data: T; message?: string; messageKey?: string; messageParams?: Record<string, string> };
