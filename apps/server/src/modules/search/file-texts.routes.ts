import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FileTextReader } from './file-text-reader.js';
import { EXTRACT_FILE_TEXT_JOB, extractFileText, ZExtractFileTextPayload } from './file-texts.js';

/** No HTTP routes: the job that reads uploaded files' text, with this process's reader. */
export const fileTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = new FileTextReader();
  app.ctx.jobs.define(EXTRACT_FILE_TEXT_JOB, ZExtractFileTextPayload, (ctx, key) => extractFileText(ctx, reader, key));
  app.addHook('onClose', () => reader.close());
};
