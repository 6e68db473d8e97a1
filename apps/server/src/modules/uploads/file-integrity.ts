import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { FileMissingError, HashingStream, sendStoredFile } from '../../core/files.js';
import { findVerifiableFiles, recordFileVerification, type VerifiableFile } from './uploads.repository.js';

/**
 * Stored bytes checked against the SHA-256 recorded at upload (21 CFR 11.70: a signature stays
 * linked to the bytes it signed). The hash of the stored bytes is kept with the file's
 * modification time then (organization_files.verified_*, migration 0032): the signatures' tabs and
 * PDFs hash a file again only once it was written since; a download hashes the bytes it sends.
 */

type Storage = Pick<AppContext, 'database' | 'storage'>;

/** The response header a download of an organization file carries: `match` or `mismatch`. */
const FILE_INTEGRITY_HEADER = 'x-qualis-file-integrity';

/** The modification time of the stored bytes, null when they are gone. */
async function modifiedAtOf(ctx: Storage, file: VerifiableFile): Promise<Date | null> {
  try {
    return await ctx.storage.modifiedAt(file.storageKey);
  } catch (error) {
    if (error instanceof FileMissingError) return null;
    throw error;
  }
}

const verifiedAt = (file: VerifiableFile, modifiedAt: Date) =>
  file.verifiedSha256 !== null && file.verifiedModifiedAt?.getTime() === modifiedAt.getTime()
    ? file.verifiedSha256
    : undefined;

/** The hash of the stored bytes (null when they are gone) and their modification time. */
async function verify(ctx: Storage, file: VerifiableFile) {
  const modifiedAt = await modifiedAtOf(ctx, file);
  if (!modifiedAt) return { sha256: null, modifiedAt };
  const known = verifiedAt(file, modifiedAt);
  if (known) return { sha256: known, modifiedAt };
  const hash = createHash('sha256');
  for await (const chunk of await ctx.storage.read(file.storageKey)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  await recordFileVerification(ctx.database.db, file, { sha256, modifiedAt });
  return { sha256, modifiedAt };
}

/**
 * The SHA-256 of the file's bytes as stored now, null when they are gone: the hash last recorded
 * while the file has not been written since, else the bytes read and hashed (and recorded).
 */
export const storedSha256 = async (ctx: Storage, file: VerifiableFile) => (await verify(ctx, file)).sha256;

/** `storedSha256` of each of the organization's files, by id (a file one after the other). */
export async function storedSha256sOf(ctx: Storage, organizationId: string, fileIds: readonly string[]) {
  const hashes = new Map<string, string | null>();
  for (const file of await findVerifiableFiles(ctx.database.db, organizationId, [...new Set(fileIds)])) {
    hashes.set(file.id, await storedSha256(ctx, file));
  }
  return hashes;
}

/**
 * Sends an organization file as `sendStoredFile` does, with `X-Qualis-File-Integrity: match` or
 * `mismatch` (its bytes against the SHA-256 recorded at upload). The bytes are hashed as they are
 * sent; the header is decided before, by the hash recorded for the file's modification time (only
 * a file written since is read to hash it first). A change that kept the modification time shows
 * in the hash taken while sending, recorded for the next read.
 */
export async function sendVerifiedFile(
  ctx: Storage,
  reply: FastifyReply,
  file: VerifiableFile & { contentType: string; originalName: string },
) {
  const { sha256: before, modifiedAt } = await verify(ctx, file);
  const hashing = new HashingStream();
  hashing.on('finish', () => {
    const sha256 = hashing.digest();
    if (modifiedAt && sha256 !== before) {
      recordFileVerification(ctx.database.db, file, { sha256, modifiedAt }).catch((error: unknown) =>
        reply.log.error({ err: error, fileId: file.id }, 'recording the hash of a sent file failed'),
      );
    }
  });
  const read = async (key: string) => {
    const source = await ctx.storage.read(key);
    source.on('error', (error) => hashing.destroy(error));
    return source.pipe(hashing);
  };
  reply.header(FILE_INTEGRITY_HEADER, before === file.sha256 ? 'match' : 'mismatch');
  return sendStoredFile({ read }, reply, file);
}
