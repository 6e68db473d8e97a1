import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { message, messages, requiredText, ZEmail } from '@qualis/contract';
import { AppError, errorEnvelope, registerErrorHandling, schemaText } from './errors.js';
import { validatorCompiler } from './validation.js';

/** A bare app with the server's validation and error handling, and one route per kind of refusal. */
async function appWithSchemas() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.post(
    '/check',
    { schema: { body: z.object({ name: requiredText(), email: ZEmail, count: z.number().optional() }) } },
    async () => ({ ok: true }),
  );
  app.get('/refuse', async () => {
    throw AppError.conflict(message('hrRecordOfMember', { name: 'Ann Lee' }), 'ids');
  });
  await app.ready();
  return app;
}

describe('the validation formatter', () => {
  it("answers a contract schema's key as its English text with the key, under its field", async () => {
    const app = await appWithSchemas();
    const res = await app.inject({ method: 'POST', url: '/check', payload: { name: ' ', email: 'a@b.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        { code: 'VALIDATION_FAILED', message: messages.fieldRequired, messageKey: 'fieldRequired', field: 'name' },
      ],
    });
    const email = await app.inject({ method: 'POST', url: '/check', payload: { name: 'A', email: 'nope' } });
    expect(email.json().errors[0]).toMatchObject({ messageKey: 'invalidEmail', message: messages.invalidEmail });
    await app.close();
  });

  it("answers Zod's own text as it is, without a key", async () => {
    const app = await appWithSchemas();
    const res = await app.inject({
      method: 'POST',
      url: '/check',
      payload: { name: 'A', email: 'a@b.test', count: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const [error] = res.json().errors;
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'count' });
    expect(error.message).toMatch(/expected number/);
    expect(error).not.toHaveProperty('messageKey');
    await app.close();
  });

  it('answers an input walk refusal (a control character) by its key', async () => {
    const app = await appWithSchemas();
    const res = await app.inject({ method: 'POST', url: '/check', payload: { name: 'a\u0000', email: 'a@b.test' } });
    expect(res.json().errors[0]).toEqual({
      code: 'VALIDATION_FAILED',
      message: messages.controlCharacter,
      messageKey: 'controlCharacter',
      field: 'name',
    });
    await app.close();
  });

  it("answers an AppError's template with its values", async () => {
    const app = await appWithSchemas();
    const res = await app.inject({ method: 'GET', url: '/refuse' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      code: 'CONFLICT',
      message: messages.hrRecordOfMember.replace('{name}', 'Ann Lee'),
      messageKey: 'hrRecordOfMember',
      messageParams: { name: 'Ann Lee' },
      field: 'ids',
    });
    await app.close();
  });
});

describe('AppError and the error envelope', () => {
  it('says a plain key as its English text, with the key; the defaults are keys too', () => {
    const error = AppError.badRequest('fileMissing', 'file');
    expect(error.message).toBe(messages.fileMissing);
    expect(error.messageKey).toBe('fileMissing');
    expect(AppError.notFound().messageKey).toBe('notFound');
    expect(AppError.forbidden().messageKey).toBe('accessDenied');
    expect(errorEnvelope('RATE_LIMITED', 'rateLimited')).toEqual({
      errors: [{ code: 'RATE_LIMITED', message: messages.rateLimited, messageKey: 'rateLimited' }],
    });
  });

  it('tells a key of the catalogue from a text', () => {
    expect(schemaText('notFound')).toEqual({ message: messages.notFound, messageKey: 'notFound' });
    expect(schemaText('Invalid input')).toEqual({ message: 'Invalid input' });
  });

  it('takes keys only: a text does not compile', () => {
    // @ts-expect-error an English text is no key
    const text = () => AppError.badRequest('The file is missing');
    // @ts-expect-error a template needs its values (message(...))
    const template = () => AppError.conflict('hrRecordOfMember');
    expect([text, template]).toHaveLength(2);
  });
});
