import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { sendStoredFile } from '../../core/files.js';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { readImage, storeImage, storeOrganizationFile, type Upload } from './uploads.service.js';
import type { OrganizationFileRow } from './uploads.repository.js';

/**
 * The single file part of a multipart request, in the field `file`, still streaming. Busboy is
 * allowed one byte past `maxBytes`, so the service sees an oversized file and refuses it instead
 * of keeping it cut short.
 */
async function openUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw AppError.badRequest('fileMissing', 'file');
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  } catch {
    // No boundary, a malformed header, a body cut short before the file: the client's bytes.
    throw AppError.badRequest('uploadUnreadable', 'file');
  }
  if (!part) throw AppError.badRequest('fileMissing', 'file');
  if (part.fieldname !== 'file') throw AppError.badRequest('uploadFieldName', 'file');
  return { fileName: part.filename, content: part.file };
}

const presentFile = (row: OrganizationFileRow) => ({
  id: row.id,
  organizationId: row.organizationId,
  fileName: row.originalName,
  fileSize: row.sizeBytes,
  contentType: row.contentType,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
});

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['uploads']);
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5 } });

  route(
    endpoints.uploads.image,
    {
      policy: 'authenticated',
      summary: "Upload an avatar or logo image (JPG, JPEG, PNG, SVG; 10 MB at most), the uploader's own",
      consumes: ['multipart/form-data'],
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const upload = await openUpload(request, IMAGE_MAX_BYTES);
      const limit = { maxBytes: IMAGE_MAX_BYTES, tooLarge: 'imageTooLarge' as const };
      const id = await storeImage(app.ctx, upload, limit, actor.userId);
      return reply.status(201).send({ data: { id } });
    },
  );

  route(
    endpoints.uploads.file,
    {
      // The organization is checked before a byte of the body is read.
      policy: 'organizationFile.upload',
      organization: organizationFrom.query(),
      summary:
        'Upload a file into an organization (PDF, Office, OpenDocument, image, text, CSV; 30 MB at most), ' +
        'answered with the file object; one call per file',
      consumes: ['multipart/form-data'],
    },
    async (request, reply) => {
      const organizationId = organizationAccessOf(request).organization.id;
      const upload = await openUpload(request, FILE_MAX_BYTES);
      const limit = { maxBytes: FILE_MAX_BYTES, tooLarge: 'fileTooLarge' as const };
      const actor = { ...auditActorOf(request), userId: requireActor(request).userId };
      const file = await storeOrganizationFile(app.ctx, upload, limit, { organizationId, actor });
      return reply.status(201).send({ data: presentFile(file) });
    },
  );

  // Images (avatars, logos) are shown by <img> tags, which send no bearer token: they are served
  // by their unguessable id alone. Organization files are never served here (they are another
  // table); the spec 03 modules serve them after their own organization and visibility checks.
  route(endpoints.uploads.imageContent, { policy: 'public', summary: 'An uploaded image' }, async (request, reply) =>
    sendStoredFile(app.ctx.storage, reply, await readImage(app.ctx, request.params.imageId)),
  );
};
