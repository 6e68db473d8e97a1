// The text of organization files for the global search (spec 03; migration 0025, table
// file_texts; docs/decisions/0022-file-text-extraction.md). Each uploaded file gets a pending row,
// found by its name at once, and a job that reads its text in a worker thread. Files never
// change (a new version is a new file), so each file is read once.
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { enqueueJob } from '../../core/jobs.js';
import type { DbOrTx } from '../../db/client.js';
import type { TextFormat } from './file-text-content.js';
import type { FileTextReader } from './file-text-reader.js';
import { findFileToRead, insertPendingFileText, saveFileText, type FileKey } from './file-texts.repository.js';

export const EXTRACT_FILE_TEXT_JOB = 'extract-file-text';

export const ZExtractFileTextPayload = z.object({ organizationId: z.uuid(), fileId: z.uuid() });

/**
 * The formats read, by the media type a file is stored with (core/files.ts). Images have no text
 * without OCR; Office 97-2003 and OpenDocument files have no well-kept reader for Node.
 */
const TEXT_FORMATS: Record<string, TextFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'text',
  'text/csv': 'text',
};

const textFormatOf = (contentType: string): TextFormat | undefined =>
  TEXT_FORMATS[contentType.split(';')[0]!.trim().toLowerCase()];

/** Called in the transaction that records an uploaded organization file: its text will be read. */
export async function queueFileText(
  tx: DbOrTx,
  file: { organizationId: string; id: string; originalName: string },
): Promise<void> {
  const key = { organizationId: file.organizationId, fileId: file.id };
  await insertPendingFileText(tx, { ...key, fileName: file.originalName });
  await enqueueJob(tx, EXTRACT_FILE_TEXT_JOB, key, { organizationId: file.organizationId });
}

/**
 * The job: reads the file's text and records it, or records why there is none. A file that cannot
 * be read is the file's problem and ends the job well; only a failure of the storage, the
 * database or the worker throws, so the job retries. A file deleted meanwhile ends it quietly.
 */
export async function extractFileText(ctx: AppContext, reader: FileTextReader, key: FileKey): Promise<void> {
  const { db } = ctx.database;
  const file = await findFileToRead(db, key);
  if (!file) return;
  const format = textFormatOf(file.contentType);
  if (!format) return saveFileText(db, key, { status: 'unsupported' });
  let bytes: Buffer;
  try {
    bytes = await buffer(await ctx.storage.read(file.storageKey));
  } catch (error) {
    if (!(await findFileToRead(db, key))) return;
    throw error;
  }
  const outcome = await reader.read(format, bytes);
  await saveFileText(
    db,
    key,
    outcome.status === 'extracted'
      ? { status: 'extracted', content: outcome.text, truncated: outcome.truncated }
      : { status: 'unreadable', error: outcome.reason },
  );
}
