// The tests' s3rver (apps/server/src/test/s3-server.ts) in a process of its own, for bench/nodes.ts:
// the bucket then gets its own CPU time instead of sharing the load generator's event loop, as a
// real object store would. Prints the servers' S3_* environment as one JSON line; SIGTERM stops it.
import { startS3Server } from '../apps/server/src/test/s3-server.js';

const s3 = await startS3Server();
process.stdout.write(`${JSON.stringify(s3.env)}\n`);
process.once('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
