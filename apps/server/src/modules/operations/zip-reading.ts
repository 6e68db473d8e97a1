import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A ZIP read entry by entry from disk (no whole file in memory); close it when done. */
export function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** The next entry, or undefined at the end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const settle = (action: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      action();
    };
    const onEntry = (entry: yauzl.Entry) => settle(() => resolve(entry));
    const onEnd = () => settle(() => resolve(undefined));
    const onError = (error: Error) => settle(() => reject(error));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

/** Each entry of the ZIP in order, with a way to read its bytes (checked against its CRC by yauzl). */
export async function* zipEntries(zip: yauzl.ZipFile): AsyncGenerator<{ name: string; open: () => Promise<Readable> }> {
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    const current = entry;
    if (current.fileName.endsWith('/')) continue;
    yield {
      name: current.fileName,
      open: () =>
        new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(current, (error, stream) => (error ? reject(error) : resolve(stream))),
        ),
    };
  }
}
