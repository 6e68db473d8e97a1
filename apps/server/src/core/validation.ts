import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError, type PlainMessageKey } from './errors.js';

/**
 * C0 control characters other than tab, line feed and carriage return. NUL cannot be stored in
 * PostgreSQL text or jsonb at all; the others are never typed by a person and only hide text.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** Nesting deeper than any request of the API, well within what a walk or a parser can take. */
const NESTING_MAX = 64;

/** Why a text cannot be taken: a control character, or a lone surrogate, which jsonb refuses. */
function textProblem(text: string): PlainMessageKey | undefined {
  if (CONTROL_CHARACTER.test(text)) return 'controlCharacter';
  if (!text.isWellFormed()) return 'illFormedText';
  return undefined;
}

export interface InputProblem {
  /** The path of the text ('' for the value itself or for nesting too deep), dot-separated. */
  field: string;
  /** The catalogue key of what is wrong. */
  message: PlainMessageKey;
}

/**
 * The first text (string or key, in document order) that cannot be taken, or nesting deeper than
 * `NESTING_MAX`. Iterative, so no input can exhaust the stack.
 */
export function findInputProblem(value: unknown): InputProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { path, depth } = next;
    if (typeof next.value === 'string') {
      const message = textProblem(next.value);
      if (message) return { field: path, message };
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (depth === NESTING_MAX) return { field: '', message: 'nestedTooDeeply' };
    // Last entry first, each key above its value: they come off the stack in document order.
    for (const [key, item] of Object.entries(next.value).reverse()) {
      const itemPath = path ? `${path}.${key}` : key;
      pending.push({ value: item, path: itemPath, depth: depth + 1 }, { value: key, path: itemPath, depth });
    }
  }
  return undefined;
}

/**
 * The Zod validator of every route, preceded by one rule for every text a request carries
 * (params, query, body, headers): no control characters, no lone surrogates, no nesting deeper
 * than `NESTING_MAX`. Done here, in validation, it covers every route that exists or will exist,
 * answers 400 naming the field like any validation error before the schema or the handler sees
 * the input, and keeps the access-before-validation order of the request pipeline.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const problem = findInputProblem(data);
    if (problem) return { error: AppError.badRequest(problem.message, problem.field || route.httpPart) };
    return validate(data);
  };
};
