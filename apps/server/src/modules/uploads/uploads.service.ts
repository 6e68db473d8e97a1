import { createHash } from 'node:crypto';
import path from 'node:path';
import { IMAGE_EXTENSIONS, messages } from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { detectContentType } from '../../core/files.js';
import { newId } from '../../core/ids.js';
import { findStoredFile, insertStoredFile, type StoredFileRow } from './uploads.repository.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

export interface Upload {
  fileName: string;
  bytes: Buffer;
}

/** Checks an image by its extension (the spec's list) and by its bytes; both must agree. */
export function assertAllowedImage(upload: Upload): string {
  const extension = path.extname(upload.fileName).slice(1).toLowerCase();
  const detected = detectContentType(upload.bytes);
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension) || !detected || !IMAGE_TYPES.has(detected)) {
    throw AppError.badRequest(messages.imageFormat, 'file');
  }
  return detected;
}

/**
 * Stores the bytes under a server-made key first, then records them. A failed insert leaves an
 * unreferenced file on disk (harmless, removable), never a record without its bytes.
 */
export async function storeUpload(
  ctx: AppContext,
  upload: Upload,
  values: { contentType: string; uploadedBy: string },
): Promise<StoredFileRow['id']> {
  const id = newId();
  const storageKey = `uploads/${id.slice(0, 8)}/${id}`;
  await ctx.storage.put(storageKey, upload.bytes);
  await insertStoredFile(ctx.database.db, {
    id,
    organizationId: null,
    storageKey,
    originalName: path.basename(upload.fileName).slice(0, 255) || 'file',
    contentType: values.contentType,
    sizeBytes: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    uploadedBy: values.uploadedBy,
  });
  return id;
}

export async function findImage(ctx: AppContext, id: string): Promise<StoredFileRow> {
  const file = await findStoredFile(ctx.database.db, id);
  if (!file || !IMAGE_TYPES.has(file.contentType)) throw AppError.notFound();
  return file;
}

export const contentTypeOf = (bytes: Buffer) => detectContentType(bytes) ?? 'application/octet-stream';
