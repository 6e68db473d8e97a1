import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_EXTENSIONS } from '@qualis/contract';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import type { AppContext } from '../../core/context.js';
import { AppError, type PlainMessageKey } from '../../core/errors.js';
import {
  cleanFileName,
  extensionOf,
  FileInspector,
  judgeFile,
  sniffType,
  StorageError,
  type FileFacts,
  type FileVerdict,
} from '../../core/files.js';
import { newId } from '../../core/ids.js';
import { queueFileText } from '../search/file-texts.js';
import {
  findImages,
  insertImage,
  insertOrganizationFile,
  type ImageRow,
  type OrganizationFileRow,
} from './uploads.repository.js';

/** One file part of a request, still streaming in. */
export interface Upload {
  fileName: string;
  content: Readable;
}

interface Limit {
  maxBytes: number;
  tooLarge: PlainMessageKey;
}

/**
 * Streams an upload to storage under `storageKey`, hashing and counting it on the way and keeping
 * only its head for sniffing. Nothing stays on disk when it fails: too large (413), a body cut
 * short or malformed (400), empty (400), or any storage error.
 */
async function receive(ctx: AppContext, upload: Upload, storageKey: string, limit: Limit): Promise<FileFacts> {
  const inspector = new FileInspector(limit.maxBytes, () => new AppError('PAYLOAD_TOO_LARGE', limit.tooLarge, 'file'));
  const [read, stored] = await Promise.allSettled([
    pipeline(upload.content, inspector),
    ctx.storage.put(storageKey, inspector),
  ]);
  const failure = [read, stored].find((r) => r.status === 'rejected')?.reason as unknown;
  if (failure) {
    await ctx.storage.remove(storageKey);
    if (failure instanceof AppError) throw failure;
    // A failure on one side tears the other down with the same error, so the order of events
    // says nothing; a failed system call (disk, permissions) or bucket is ours, anything else came from
    // the client's bytes (a body cut short, a malformed part).
    if (isStorageFailure(failure)) throw failure;
    throw AppError.badRequest('uploadUnreadable', 'file');
  }
  const facts = inspector.facts();
  if (facts.sizeBytes === 0) {
    await ctx.storage.remove(storageKey);
    throw AppError.badRequest('fileMissing', 'file');
  }
  return facts;
}

const isStorageFailure = (error: unknown) =>
  error instanceof StorageError || typeof (error as { syscall?: unknown } | null)?.syscall === 'string';

/** Checks and records stored bytes with `record`; the bytes go when it refuses them or fails. */
async function keepOrRemove<T>(ctx: AppContext, storageKey: string, record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await ctx.storage.remove(storageKey);
    throw error;
  }
}

const storageKeyOf = (prefix: string, id: string) => `${prefix}/${id.slice(0, 8)}/${id}`;

/** Where the organizations' files are kept, each under its organization's id (restore-archive.ts reads it). */
export const ORGANIZATIONS_FOLDER = 'organizations';
export const organizationFilesFolder = (organizationId: string) => `${ORGANIZATIONS_FOLDER}/${organizationId}`;

const IMAGE_FORMATS: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };

/**
 * An avatar or logo (spec 01): the name's extension from the spec's list and the content a PNG,
 * JPEG or SVG, else the spec's message. The image is the uploader's until it becomes a logo.
 */
export async function storeImage(ctx: AppContext, upload: Upload, limit: Limit, uploadedBy: string): Promise<string> {
  const id = newId();
  const storageKey = storageKeyOf('uploads', id);
  const facts = await receive(ctx, upload, storageKey, limit);
  return keepOrRemove(ctx, storageKey, async () => {
    const fileName = cleanFileName(upload.fileName);
    const sniffed = await sniffType(facts.head);
    const contentType = sniffed && IMAGE_FORMATS[sniffed.format];
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName)) || !contentType) {
      throw AppError.badRequest('imageFormat', 'file');
    }
    await insertImage(ctx.database.db, {
      id,
      organizationId: null,
      storageKey,
      originalName: fileName,
      contentType,
      sizeBytes: facts.sizeBytes,
      sha256: facts.sha256,
      uploadedBy,
    });
    return id;
  });
}

const REFUSALS: Record<Extract<FileVerdict, { allowed: false }>['reason'], PlainMessageKey> = {
  type: 'fileTypeNotAllowed',
  mismatch: 'fileTypeMismatch',
  notText: 'fileNotText',
};

/**
 * A file of an organization (spec 03 documents, trainings, HR records attach it by id): allowed
 * by its content and name (`judgeFile`), recorded with its SHA-256, size and sniffed type, and
 * audited, in one transaction, which also queues the reading of its text for the search.
 */
export async function storeOrganizationFile(
  ctx: AppContext,
  upload: Upload,
  limit: Limit,
  scope: { organizationId: string; actor: AuditActor & { userId: string } },
): Promise<OrganizationFileRow> {
  const id = newId();
  const storageKey = storageKeyOf(organizationFilesFolder(scope.organizationId), id);
  const facts = await receive(ctx, upload, storageKey, limit);
  return keepOrRemove(ctx, storageKey, async () => {
    const fileName = cleanFileName(upload.fileName);
    const verdict = judgeFile(extensionOf(fileName), await sniffType(facts.head), facts.isText);
    if (!verdict.allowed) throw AppError.badRequest(REFUSALS[verdict.reason], 'file');
    // The bytes just written are the ones hashed: the first list of their signatures reads none.
    const verifiedModifiedAt = await ctx.storage.modifiedAt(storageKey);
    return ctx.database.db.transaction(async (tx) => {
      const row = await insertOrganizationFile(tx, {
        organizationId: scope.organizationId,
        id,
        storageKey,
        originalName: fileName,
        contentType: verdict.contentType,
        sizeBytes: facts.sizeBytes,
        sha256: facts.sha256,
        verifiedSha256: facts.sha256,
        verifiedModifiedAt,
        verifiedAt: new Date(),
        uploadedBy: scope.actor.userId,
      });
      await recordAudit(tx, scope.actor, {
        organizationId: scope.organizationId,
        infoType: 'Files',
        action: 'create',
        entityType: 'file',
        entityId: id,
        after: { fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, sha256: row.sha256 },
      });
      await queueFileText(tx, row);
      return row;
    });
  });
}

/** An image to show: only the images table is ever served by id alone. */
export async function readImage(ctx: AppContext, id: string): Promise<ImageRow> {
  const [image] = await findImages(ctx.database.db, [id]);
  if (!image) throw AppError.notFound();
  return image;
}
