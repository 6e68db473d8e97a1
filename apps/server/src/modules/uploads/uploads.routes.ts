import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES, ZUuid, dataEnvelope, messages } from '@qualis/contract';
import { requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { hasControlCharacter } from '../../core/validation.js';
import { assertAllowedImage, contentTypeOf, findImage, storeUpload, type Upload } from './uploads.service.js';

const ZUploaded = dataEnvelope(z.object({ id: z.uuid() }));

/**
 * Reads the single file part of a multipart request, refusing it past `maxBytes`. A body that
 * is not valid multipart (no boundary, cut short, a broken part header) is the client's error.
 */
async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<Upload> {
  if (!request.isMultipart()) throw AppError.badRequest(messages.fileMissing, 'file');
  let upload: Upload;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw AppError.badRequest(messages.fileMissing, 'file');
    upload = { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge, 'file');
    }
    request.log.info({ err: error }, 'unreadable upload');
    throw AppError.badRequest(messages.uploadUnreadable, 'file');
  }
  if (upload.bytes.length === 0) throw AppError.badRequest(messages.fileMissing, 'file');
  if (hasControlCharacter(upload.fileName)) throw AppError.badRequest(messages.controlCharacter, 'file');
  return upload;
}

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/upload/image',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (JPG, JPEG, PNG, SVG; 10 MB at most), answered with its id',
        consumes: ['multipart/form-data'],
        response: { 201: ZUploaded },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const upload = await readUpload(request, IMAGE_MAX_BYTES, messages.imageTooLarge);
      const contentType = assertAllowedImage(upload);
      const id = await storeUpload(app.ctx, upload, { contentType, uploadedBy: actor.userId });
      return reply.status(201).send({ data: { id } });
    },
  );

  app.post(
    '/upload/file',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a file (30 MB at most), answered with its id; one call per file',
        consumes: ['multipart/form-data'],
        response: { 201: ZUploaded },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const upload = await readUpload(request, FILE_MAX_BYTES, messages.fileTooLarge);
      const id = await storeUpload(app.ctx, upload, {
        contentType: contentTypeOf(upload.bytes),
        uploadedBy: actor.userId,
      });
      return reply.status(201).send({ data: { id } });
    },
  );

  // Images (avatars, logos) are shown by <img> tags, which send no bearer token: they are served
  // by their unguessable id alone, as attachments, with a CSP that keeps an SVG inert.
  app.get(
    '/images/:imageId',
    {
      config: { policy: 'public' },
      schema: { tags: ['uploads'], summary: 'An uploaded image', security: [], params: z.object({ imageId: ZUuid }) },
    },
    async (request, reply) => {
      const file = await findImage(app.ctx, request.params.imageId);
      const stream = await app.ctx.storage.read(file.storageKey);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.originalName)}"`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(stream);
    },
  );
};
