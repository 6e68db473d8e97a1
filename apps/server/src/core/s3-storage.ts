import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.js';
import { FileMissingError, type FileStorage, StorageError, storageKey } from './files.js';

/**
 * A part of a multipart upload: S3's smallest. A file up to this size is sent with one PutObject;
 * a larger one in parts, `PARTS_IN_FLIGHT` of them sent at a time while the next is filled, so
 * memory does not grow with the file (docs/performance.md, S3 storage).
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Not there: GetObject's NoSuchKey; HeadObject answers a bare 404, which the SDK names NotFound. */
const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/** `source` piped into a pass-through that its failure ends too (`pipe()` alone does not pass it on). */
function passThroughOf(source: Readable, onError: (error: unknown) => void): PassThrough {
  const passThrough = source.pipe(new PassThrough());
  source.on('error', (error) => {
    onError(error);
    passThrough.destroy(error);
  });
  return passThrough;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph) under the same keys as on
 * local disk (`organizations/<organization id>/...`). Uploads and downloads stream; an upload is
 * one object that appears only once complete (PutObject, or CompleteMultipartUpload, which an
 * aborted upload never reaches), so a failed write leaves no object.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: Omit<S3Settings, 'kind'>) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  async put(key: string, content: Buffer | Readable): Promise<void> {
    const Key = storageKey(key);
    // The upload reads its own pass-through, so that when it fails it ends that one (with an
    // AbortError) and `content` is ended here with the failure the caller must see: the bytes'
    // own error (a body cut short, a file too large) or the bucket's.
    let sourceError: unknown;
    const body = Buffer.isBuffer(content) ? content : passThroughOf(content, (error) => (sourceError ??= error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: body },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (sourceError) throw sourceError;
      const failure = new StorageError(`storing ${Key} in the bucket failed`, { cause: error });
      // The writer of the stream learns it as well, instead of waiting for a reader that left.
      if (!Buffer.isBuffer(content)) content.destroy(failure);
      throw failure;
    }
  }

  async read(key: string): Promise<Readable> {
    const Key = storageKey(key);
    const { Body } = await this.send(Key, () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key })));
    if (!(Body instanceof Readable)) throw new StorageError(`the bucket sent no stream for ${Key}`, { cause: Body });
    return Body;
  }

  async modifiedAt(key: string): Promise<Date> {
    const Key = storageKey(key);
    const { LastModified } = await this.send(Key, () =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key })),
    );
    if (!LastModified) throw new StorageError(`the bucket sent no LastModified for ${Key}`, { cause: undefined });
    return LastModified;
  }

  async remove(key: string): Promise<void> {
    const Key = storageKey(key);
    await this.send(Key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
  }

  async *keys(prefix: string): AsyncGenerator<string> {
    const Prefix = storageKey(prefix);
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix });
    try {
      for await (const page of pages) {
        for (const { Key } of page.Contents ?? []) if (Key) yield Key;
      }
    } catch (error) {
      throw new StorageError(`listing ${Prefix} in the bucket failed`, { cause: error });
    }
  }

  /** Runs a request, answering a missing key as `FileMissingError` and any other failure as `StorageError`. */
  private async send<T>(Key: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw isNotFound(error)
        ? new FileMissingError(Key)
        : new StorageError(`the bucket failed on ${Key}`, { cause: error });
    }
  }
}
