import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { nonEmpty } from './exports.js';
import { attachmentHeader, cleanFileName } from './files.js';

/** A part of an entry's path (a folder or file name), safe for any file system, at most `max` characters. */
export function safePathPart(name: string, max = 150): string {
  return cleanFileName(name.replace(/[\\/:*?"<>|]/g, '_')).slice(0, max);
}

/**
 * Adds `stream` to `zip` as `name`. yazl keeps each entry's pump function until the ZIP ends, and
 * with it the stream it was given: handed over lazily and then let go, a written entry's stream (a
 * whole PDF document, the bytes it buffered) is not kept, and a ZIP of thousands of entries stays flat.
 */
export function addStreamEntry(
  zip: yazl.ZipFile,
  stream: Readable,
  name: string,
  options: Partial<yazl.ReadStreamOptions>,
): void {
  let pending: Readable | undefined = stream;
  zip.addReadStreamLazy(name, options, (give) => {
    const taken = pending!;
    pending = undefined;
    give(null, taken);
  });
}

/**
 * An entry name never used before in the archive (compared without case, as Windows and macOS
 * do): `name.ext`, then `name (2).ext` and so on. `name` is already safe; `extension` has no dot.
 */
export function uniqueEntryName(name: string, extension: string, used: Set<string>): string {
  const dot = extension ? `.${extension}` : '';
  let entry = `${name}${dot}`;
  for (let n = 2; used.has(entry.toLowerCase()); n += 1) entry = `${name} (${n})${dot}`;
  used.add(entry.toLowerCase());
  return entry;
}

/** One file of an archive: its path in the archive and how to open its bytes (when its turn comes). */
export interface ArchiveEntry {
  /** Folders and file name, `/`-separated, each part already safe (`safePathPart`). */
  path: string;
  open: () => Promise<Readable>;
}

/**
 * A ZIP of stored files, written as they are read: the next file is opened only when the ZIP has
 * taken the previous one whole, so one file at a time is open and memory stays flat whatever the
 * archive's size. A path used twice gets ' (2)' before its extension; a file the storage cannot
 * open becomes a short text entry saying so (`<name> (missing).txt`).
 */
export function filesArchiveStream(entries: AsyncIterable<ArchiveEntry>, at: Date): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  void (async () => {
    const used = new Set<string>();
    try {
      for await (const entry of entries) {
        const slash = entry.path.lastIndexOf('/');
        const folder = entry.path.slice(0, slash + 1);
        const file = entry.path.slice(slash + 1);
        const dot = file.lastIndexOf('.');
        const [base, extension] = dot > 0 ? [file.slice(0, dot), file.slice(dot + 1)] : [file, ''];
        let bytes: Readable;
        try {
          bytes = await entry.open();
        } catch {
          // A stored file that cannot be read is named in the archive, not silently left out.
          const note = uniqueEntryName(`${folder}${base} (missing)`, 'txt', used);
          zip.addBuffer(Buffer.from(missingNote(file)), note, { mtime: at });
          continue;
        }
        addStreamEntry(zip, bytes, uniqueEntryName(`${folder}${base}`, extension, used), { mtime: at });
        await finished(bytes);
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

export const missingNote = (file: string) =>
  `The file "${file}" could not be read from the file storage when this archive was made.\r\n` +
  'Please, tell your administrator: the stored copy of this file is missing or unreadable.\r\n';

/**
 * Sends stored files as a ZIP attachment; nothing to put in it answers 400 'No records to export'
 * before any byte is sent, as the other exports.
 */
export async function sendFilesArchive(
  reply: FastifyReply,
  fileName: string,
  entries: AsyncIterable<ArchiveEntry>,
  at = new Date(),
) {
  const all = await nonEmpty(entries);
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'no-store')
    .send(filesArchiveStream(all, at));
}
