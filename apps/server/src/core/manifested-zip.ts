import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { addStreamEntry, missingNote, uniqueEntryName } from './archive.js';
import { HashingStream } from './files.js';
import { newId } from './ids.js';

/** The manifest's name in the archive: `sha256sum -c MANIFEST.sha256` checks the unpacked files. */
export const MANIFEST_NAME = 'MANIFEST.sha256';

/** One file of the archive: its path (folders and name, each part safe) and its bytes when its turn comes. */
export interface ManifestedEntry {
  path: string;
  open: () => Promise<Readable> | Readable;
  /** False for stored files (mostly compressed formats already): copied as they are, much faster. */
  compress?: boolean;
  /** A stored file: when it cannot be opened, a note says so in its place (else the error ends the ZIP). */
  stored?: boolean;
}

const splitName = (file: string): [string, string] => {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? [file.slice(0, dot), file.slice(dot + 1)] : [file, ''];
};

/**
 * A ZIP written as it is read (`stream`), whose every entry is hashed (SHA-256) while it is
 * written, and closed by MANIFEST.sha256: a `<hash>  <path>` line per entry, in the format of
 * `sha256sum`. One entry at a time is open; the manifest's lines wait in a temporary file, so
 * memory stays flat whatever the number of entries. A path used twice gets ' (2)' before its
 * extension; a stored file (`stored`) that cannot be read becomes `<name> (missing).txt` saying so.
 */
export class ManifestedZip {
  readonly stream = new PassThrough();
  /** How many entries were written, the manifest not counted. */
  entries = 0;
  private readonly zip = new yazl.ZipFile();
  private readonly used = new Set<string>();
  private readonly manifestPath = path.join(os.tmpdir(), `qualis-manifest-${newId()}.sha256`);
  private readonly manifest = createWriteStream(this.manifestPath);
  /** The entry being written: `fail` ends it, so an `add` waiting for a reader that left rejects. */
  private current: HashingStream | undefined;

  constructor(private readonly at: Date) {
    this.zip.outputStream.pipe(this.stream);
  }

  /** Writes the entry whole (the ZIP has taken its last byte) and answers its name in the archive. */
  async add(entry: ManifestedEntry): Promise<string> {
    const slash = entry.path.lastIndexOf('/');
    const folder = entry.path.slice(0, slash + 1);
    const [base, extension] = splitName(entry.path.slice(slash + 1));
    let source: Readable;
    let name: string;
    try {
      source = await entry.open();
      name = uniqueEntryName(`${folder}${base}`, extension, this.used);
    } catch (error) {
      if (!entry.stored) throw error;
      source = Readable.from([Buffer.from(missingNote(entry.path.slice(slash + 1)))]);
      name = uniqueEntryName(`${folder}${base} (missing)`, 'txt', this.used);
    }
    const hashing = new HashingStream();
    this.current = hashing;
    source.on('error', (error) => hashing.destroy(error));
    addStreamEntry(this.zip, source.pipe(hashing), name, { mtime: this.at, compress: entry.compress ?? true });
    await finished(hashing);
    this.entries += 1;
    if (!this.manifest.write(`${hashing.digest()}  ${name}\n`)) await once(this.manifest, 'drain');
    return name;
  }

  /** Adds MANIFEST.sha256 and ends the ZIP; `stream` ends once its reader has taken the rest. */
  async finish(): Promise<void> {
    this.manifest.end();
    await finished(this.manifest);
    const lines = createReadStream(this.manifestPath);
    addStreamEntry(this.zip, lines, MANIFEST_NAME, { mtime: this.at });
    await finished(lines);
    this.zip.end();
    await this.removeManifest();
  }

  /**
   * Ends the stream with the error (the storage then keeps nothing), and the entry being written
   * (its `add` rejects), and removes the temporary file.
   */
  async fail(error: Error): Promise<void> {
    this.stream.destroy(error);
    this.current?.destroy(error);
    this.manifest.destroy();
    await this.removeManifest();
  }

  private removeManifest() {
    return fs.rm(this.manifestPath, { force: true });
  }
}
