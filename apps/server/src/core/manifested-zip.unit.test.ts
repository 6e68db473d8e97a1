import { Readable, Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { ManifestedZip } from './manifested-zip.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

it('keeps nothing of an entry once written: a package of thousands of entries stays flat', async () => {
  const zip = new ManifestedZip(new Date('2026-11-26T03:00:00Z'));
  zip.stream.pipe(new Writable({ write: (_chunk, _encoding, done) => done() }));
  // The bytes of each entry: what a kept stream would keep.
  const written: WeakRef<ArrayBuffer>[] = [];
  for (let i = 0; i < 4; i += 1) {
    await zip.add({
      path: `Entry ${i}.txt`,
      open: () => {
        const bytes = Buffer.alloc(100_000, i);
        written.push(new WeakRef(bytes.buffer));
        return Readable.from([bytes]);
      },
    });
  }
  await new Promise(setImmediate);
  gc();
  // The last entry's bytes may still be on their way through the ZIP's streams.
  expect(written.slice(0, -1).map((entry) => entry.deref() === undefined)).toEqual([true, true, true]);
  await zip.finish();
});

it('ends the entry being written when it fails: an add waiting for a reader that left rejects', async () => {
  const zip = new ManifestedZip(new Date('2026-11-26T03:00:00Z'));
  zip.stream.on('error', () => undefined);
  // Nobody reads the ZIP: an entry larger than the streams' buffers waits for its reader.
  const chunks = Array.from({ length: 200 }, () => Buffer.alloc(65_536, 1));
  const adding = zip.add({ path: 'Large.bin', open: () => Readable.from(chunks), compress: false });
  const rejected = expect(adding).rejects.toThrow('the reader left');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await zip.fail(new Error('the reader left'));
  await rejected;
});
