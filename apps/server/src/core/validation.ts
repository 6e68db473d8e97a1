import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { messages } from '@qualis/contract';
import { AppError } from './errors.js';

/**
 * C0 control characters other than tab, line feed and carriage return. NUL cannot be stored in
 * PostgreSQL text or jsonb at all; the others are never typed by a person and only hide text.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text);

/** The path ('' for the value itself) of the first string or key with a control character. */
export function findControlCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasControlCharacter(key)) return itemPath;
    const found = findControlCharacter(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The Zod validator of every route, preceded by one rule for every text a request carries
 * (params, query, body, headers): no control characters. Done here, in validation, it covers
 * every route that exists or will exist, answers 400 naming the field like any validation
 * error, and keeps the access-before-validation order of the request pipeline.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const field = findControlCharacter(data);
    if (field !== undefined) {
      return { error: AppError.badRequest(messages.controlCharacter, field || route.httpPart) };
    }
    return validate(data);
  };
};
