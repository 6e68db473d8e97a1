import { z } from 'zod';

export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const ZPagination = z.object({ totalCount: z.number().int().nonnegative() });
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: ZPagination });

export type DataEnvelope<T> = { data: T };
export type ListEnvelope<T> = { data: T[]; pagination: { totalCount: number } };

/** The answer of a change: the record and, often, the server's success text (spec 02 section 8). */
export const changedEnvelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });
export type Changed<T> = { data: T; message?: string };
