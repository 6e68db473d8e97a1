import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config.js';

/**
 * An S3-compatible server in this process for the tests (s3rver: the S3 REST API over a folder,
 * SigV4 signatures checked; docs/decisions/0038-s3-file-storage.md says what it does not cover),
 * on a free port of the loopback, with one empty bucket. Close it in afterAll.
 */
export async function startS3Server() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-s3-'));
  const bucket = 'qualis-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    // s3rver's own keys: it checks the SigV4 signature of every request made with them.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  return {
    settings,
    /** The server's environment for this bucket (loadConfig). */
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
