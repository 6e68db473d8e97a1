import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMissingError, type FileStorage, LocalDiskStorage, openFileStorage, StorageError } from './files.js';
import { S3Storage } from './s3-storage.js';
import { startS3Server, type S3Server } from '../test/s3-server.js';
import { req } from '../../../../docs/requirements/req.js';

// The contract of FileStorage (core/files.ts), the same for every driver: what the server relies
// on when FILE_STORAGE switches from the local disk to an S3-compatible bucket.

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readAll = async (storage: FileStorage, key: string) => buffer(await storage.read(key));

/** Bytes that differ from chunk to chunk, so a part sent twice or out of order shows. */
const chunks = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => Buffer.alloc(size, (i * 37 + 11) % 256));

/** A stream that gives `before` bytes, then fails: a body cut short. */
function failingStream(before: number) {
  const cut = new Error('the client went away');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= before) return this.destroy(cut);
      const chunk = Buffer.alloc(Math.min(MiB, before - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, cut };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root: string;
let s3: S3Server;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-files-'));
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const drivers: [string, () => FileStorage][] = [
  ['local disk', () => new LocalDiskStorage(root)],
  ['S3', () => new S3Storage(s3.settings)],
];

describe.each(drivers)(`FileStorage on %s ${req('FILE-003')}`, (_name, open) => {
  it('reads back the bytes of a buffer and of a stream, a multipart-sized one and an empty one', async () => {
    const storage = open();
    await storage.put('organizations/o1/aa/buffer', Buffer.from('hello'));
    expect((await readAll(storage, 'organizations/o1/aa/buffer')).toString()).toBe('hello');

    // Past one part (5 MiB) on S3: sent as a multipart upload, in order.
    const parts = chunks(6, MiB + 3);
    await storage.put('organizations/o1/aa/stream', Readable.from(parts));
    const back = await readAll(storage, 'organizations/o1/aa/stream');
    expect(back.length).toBe(6 * (MiB + 3));
    expect(sha256(back)).toBe(sha256(Buffer.concat(parts)));

    await storage.put('organizations/o1/aa/empty', Readable.from([]));
    expect((await readAll(storage, 'organizations/o1/aa/empty')).length).toBe(0);
  });

  it('keeps nothing of a stream that fails, and the previous bytes under its key', async () => {
    const storage = open();
    for (const size of [1000, 6 * MiB]) {
      const { stream, cut } = failingStream(size);
      await expect(storage.put(`organizations/o1/bb/cut-${size}`, stream)).rejects.toBe(cut);
      await expect(storage.read(`organizations/o1/bb/cut-${size}`)).rejects.toBeInstanceOf(FileMissingError);
    }
    await storage.put('organizations/o1/bb/kept', Buffer.from('first'));
    const { stream, cut } = failingStream(2000);
    await expect(storage.put('organizations/o1/bb/kept', stream)).rejects.toBe(cut);
    expect((await readAll(storage, 'organizations/o1/bb/kept')).toString()).toBe('first');
  });

  it('tells when the bytes were written, and a rewrite moves it (to the second on S3)', async () => {
    const storage = open();
    await storage.put('organizations/o1/cc/file', Buffer.from('one'));
    const first = await storage.modifiedAt('organizations/o1/cc/file');
    expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(60_000);
    await pause(1100);
    await storage.put('organizations/o1/cc/file', Buffer.from('two'));
    expect((await storage.modifiedAt('organizations/o1/cc/file')).getTime()).toBeGreaterThan(first.getTime());
  });

  it('removes the bytes; a key that is not there answers FileMissingError on read and modifiedAt', async () => {
    const storage = open();
    await storage.put('organizations/o1/dd/file', Buffer.from('bytes'));
    await storage.remove('organizations/o1/dd/file');
    for (const key of ['organizations/o1/dd/file', 'organizations/o1/dd/never-written']) {
      await expect(storage.read(key)).rejects.toEqual(new FileMissingError(key));
      await expect(storage.modifiedAt(key)).rejects.toEqual(new FileMissingError(key));
      await expect(storage.remove(key)).resolves.toBeUndefined();
    }
  });

  it('lists the keys stored under a prefix, and none under a prefix that holds nothing', async () => {
    const storage = open();
    const listed = async (prefix: string) => {
      const keys = [];
      for await (const key of storage.keys(prefix)) keys.push(key);
      return keys.sort();
    };
    for (const key of ['organizations/o2/ee/one', 'organizations/o2/ff/two', 'organizations/o3/ee/three']) {
      await storage.put(key, Buffer.from(key));
    }
    expect(await listed('organizations/o2/')).toEqual(['organizations/o2/ee/one', 'organizations/o2/ff/two']);
    expect(await listed('organizations/o4/')).toEqual([]);
    expect(await listed('organizations/')).toEqual(
      expect.arrayContaining(['organizations/o2/ee/one', 'organizations/o3/ee/three']),
    );
  });

  it('refuses a key that could leave its root, for every operation', async () => {
    const storage = open();
    for (const key of ['../escape', '/etc/passwd', 'organizations/../../x', '', '.hidden', 'a b']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.read(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.modifiedAt(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.keys(key)[Symbol.asyncIterator]().next()).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('S3Storage when the bucket fails', () => {
  it('answers StorageError, and ends the stream it was given with it so its writer does not wait', async () => {
    const storage = new S3Storage({ ...s3.settings, bucket: 'qualis-missing' });
    // Far larger than the parts in flight: the upload fails long before it has read it all.
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i += 1) yield Buffer.alloc(MiB, i);
      })(),
    );
    const failure = await storage.put('organizations/o3/file', body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageError);
    expect(body.errored).toBe(failure);
    await expect(storage.read('organizations/o3/file')).rejects.toBeInstanceOf(StorageError);
    await expect(storage.remove('organizations/o3/file')).rejects.toBeInstanceOf(StorageError);
  });
});

describe('openFileStorage', () => {
  it(`opens the local disk under DATA_DIR/files by default, and the bucket when FILE_STORAGE=s3 ${req('FILE-003')}`, async () => {
    const local = await openFileStorage({ dataDir: root, fileStorage: { kind: 'local' } });
    await local.put('organizations/o2/file', Buffer.from('on disk'));
    expect(await fs.readFile(path.join(root, 'files/organizations/o2/file'), 'utf8')).toBe('on disk');

    const bucket = await openFileStorage({ dataDir: root, fileStorage: s3.settings });
    expect(bucket).toBeInstanceOf(S3Storage);
    await bucket.put('organizations/o2/file', Buffer.from('in the bucket'));
    expect((await readAll(new S3Storage(s3.settings), 'organizations/o2/file')).toString()).toBe('in the bucket');
  });
});
