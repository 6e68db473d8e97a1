import { describe, expect, it } from 'vitest';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { ZEventStream, ZFileResponse, ZNoContent, listEndpoints } from '@qualis/contract';
import { req } from '../../../../docs/requirements/req.js';
import { answerJsonSchema, answerSerializerCompiler } from './answer-serializer.js';

const route = { method: 'GET', url: '/x', httpStatus: '200' } as const;
const ZAnswer = z.object({
  data: z.object({ id: z.string(), note: z.string().nullable(), count: z.int(), tags: z.array(z.string()) }),
});
const serializerOf = (checkAnswers: boolean) =>
  answerSerializerCompiler(checkAnswers)({ ...route, schema: ZAnswer }) as (data: unknown) => string;

describe('the compiled answer serializer', () => {
  it(`compiles the answer schema of every contract row ${req('SEC-006')}`, () => {
    const schemas = new Set(listEndpoints().map((endpoint) => endpoint.response));
    for (const streamed of [ZFileResponse, ZEventStream, ZNoContent]) schemas.delete(streamed);
    const failures = [...schemas].flatMap((schema) => {
      try {
        fastJsonStringify(answerJsonSchema(schema));
        return [];
      } catch (error) {
        return [String(error)];
      }
    });
    expect(schemas.size).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it(`writes only the schema's properties ${req('SEC-006')}`, () => {
    const answer = { data: { id: 'a', note: null, count: 2, tags: ['x'], passwordHash: 'secret' }, extra: 1 };
    for (const checked of [false, true]) {
      expect(JSON.parse(serializerOf(checked)(answer))).toEqual({
        data: { id: 'a', note: null, count: 2, tags: ['x'] },
      });
    }
  });

  it('writes a nullable plain value as a type union, not a schema validator', () => {
    expect(answerJsonSchema(z.object({ note: z.string().nullable() })).properties).toEqual({
      note: { type: ['string', 'null'] },
    });
  });

  it(`refuses, where answers are checked, what the compiled serializer alone would write wrongly ${req('SEC-006')}`, () => {
    const wrong = { data: { id: 5, note: null, count: 2, tags: [] } };
    // Unchecked, a number where a text belongs is written as a text: the schema is not a validator.
    expect(JSON.parse(serializerOf(false)(wrong)).data.id).toBe('5');
    expect(() => serializerOf(true)(wrong)).toThrow("Response doesn't match the schema");
  });
});
