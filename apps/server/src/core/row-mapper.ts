import { Column, getTableName, is, noopDecoder, SQL, Subquery, type DriverValueDecoder } from 'drizzle-orm';
import type { PgSelect, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';

/** What a Drizzle select prepares: its fields in order, and the hook that maps the driver's array rows. */
export interface PreparedSelect {
  fields: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(): Promise<unknown>;
}

type Decode = (value: unknown) => unknown;
type RowMapper = (row: unknown[]) => Record<string, unknown>;

const passThrough = Column.prototype.mapFromDriverValue;

/** A field's decoder, or none when the driver's value is the answer (text, uuid, boolean...). */
function decoderOf(field: SelectedFieldsOrdered[number]['field']): Decode | undefined {
  // `SQL.decoder` is Drizzle's internal field (set by `mapWith`), which `mapResultRow` reads too.
  const sqlDecoder = (query: SQL) => (query as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
  const decoder: DriverValueDecoder<unknown, unknown> = is(field, Column)
    ? field
    : sqlDecoder(is(field, SQL) ? field : is(field, Subquery) ? (field._.sql as SQL) : field.sql);
  if (decoder === noopDecoder || decoder.mapFromDriverValue === passThrough) return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * Drizzle's own row mapping (`mapResultRow`), decided once per query instead of per cell: each
 * field's path and decoder, and which joined objects answer null when their table's first column
 * is null (a left join that found nothing), by the same rule. `omit` names top-level fields the
 * caller reads from the array itself (a keyset's cursor). 100,000 rows of 17 fields cost about
 * their SQL again through the generic mapping (issue 26, docs/performance.md).
 */
export function compileRowMapper(
  fields: SelectedFieldsOrdered,
  joinsNotNullableMap?: Record<string, boolean>,
  omit: ReadonlySet<string> = new Set(),
): RowMapper {
  const cells = fields
    .map(({ path, field }, index) => ({ path, index, decode: decoderOf(field) }))
    .filter((c) => !omit.has(c.path[0]!));
  // Per joined object: the column that decides (its first), when all its columns are of one nullable table.
  const nullable = new Map<string, { index: number; table: string | false }>();
  if (joinsNotNullableMap) {
    fields.forEach(({ path, field }, index) => {
      if (!is(field, Column) || path.length !== 2 || omit.has(path[0]!)) return;
      const table = getTableName(field.table);
      const seen = nullable.get(path[0]!);
      if (!seen) nullable.set(path[0]!, { index, table });
      else if (seen.table !== table) seen.table = false;
    });
    for (const [object, { table }] of nullable)
      if (table === false || joinsNotNullableMap[table]) nullable.delete(object);
  }
  if (cells.every((c) => c.path.length === 1)) {
    const names = cells.map((c) => c.path[0]!);
    const indexes = cells.map((c) => c.index);
    const decoders = cells.map((c) => c.decode);
    return (row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const value = row[indexes[i]!];
        const decode = decoders[i];
        result[names[i]!] = value === null || !decode ? value : decode(value);
      }
      return result;
    };
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const { path, index, decode } of cells) {
      let node = result;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      const value = row[index];
      node[path.at(-1)!] = value === null || !decode ? value : decode(value);
    }
    for (const [object, { index }] of nullable) if (row[index] === null) result[object] = null;
    return result;
  };
}

/**
 * A select's rows as the driver answers them (arrays in field order) and its fields, for
 * `compileRowMapper`. Through Drizzle's internal `_prepare()`: with `customResultMapper` set, both
 * drivers (pg and PGlite, 0.45) hand it their array-mode rows instead of mapping them per cell;
 * row-mapper.test.ts fails if an upgrade changes that.
 */
export async function selectArrays(query: PgSelect): Promise<{ rows: unknown[][]; prepared: PreparedSelect }> {
  const prepared = (query as unknown as { _prepare(): PreparedSelect })._prepare();
  prepared.customResultMapper = (rows) => rows;
  return { rows: (await prepared.execute()) as unknown[][], prepared };
}
