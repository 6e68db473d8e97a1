import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Stringify = (data: unknown) => string;

/**
 * `anyOf: [X, {type: 'null'}]` (Zod's `.nullable()`) as `type: [X's type, 'null']` where X is one
 * plain type: fast-json-stringify writes that with a type check, where `anyOf` runs a schema
 * validator on every value. Everything else is walked unchanged.
 */
function withPlainNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withPlainNullables);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withPlainNullables(value)]),
  ) as JsonSchema;
  const options = schema.anyOf as JsonSchema[] | undefined;
  if (options?.length !== 2) return schema;
  const nullAt = options.findIndex((option) => option.type === 'null' && Object.keys(option).length === 1);
  const other = options[1 - nullAt];
  if (nullAt < 0 || !other || typeof other.type !== 'string' || 'anyOf' in other || 'oneOf' in other) return schema;
  const { anyOf: _anyOf, ...siblings } = schema;
  return { ...siblings, ...other, type: [other.type, 'null'] };
}

/** The JSON schema of a Zod answer schema, as the compiled serializer reads it. */
export const answerJsonSchema = (schema: z.ZodType): JsonSchema =>
  withPlainNullables(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
  ) as JsonSchema;

/** One compiled serializer per answer schema: many routes share one (every error envelope). */
const compiled = new WeakMap<z.ZodType, Stringify>();

function stringifierOf(schema: z.ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) compiled.set(schema, (stringify = fastJsonStringify(answerJsonSchema(schema)) as Stringify));
  return stringify;
}

/**
 * The serializer of every JSON answer: fast-json-stringify compiled from the JSON schema of the
 * route's Zod answer schema (docs/decisions/0039), on first use so start-up compiles nothing. It
 * writes the schema's properties and drops the rest, but checks no value; so where answers are
 * checked (`checkAnswers`: the API tests, servers started with test controls) each answer is
 * first encoded by its Zod schema, a failure answering 500 as before, and what the compiled
 * serializer wrote must read back as what Zod's encoding would have written.
 */
export function answerSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    let stringify: Stringify | undefined;
    const write = (data: unknown) => (stringify ??= stringifierOf(schema))(data);
    if (!checkAnswers) return write;
    return (data) => {
      const checked = schema.safeEncode(data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        const cause = new z.ZodError([
          { code: 'custom', path: [], message: `the compiled serializer wrote ${written.slice(0, 500)}`, input: data },
        ]);
        throw new ResponseSerializationError(method, url, { cause });
      }
      return written;
    };
  };
}
