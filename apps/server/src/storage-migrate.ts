import path from 'node:path';
import { configOrExit, openConfiguredDatabase } from './command-line.js';
import { LocalDiskStorage } from './core/files.js';
import { S3Storage } from './core/s3-storage.js';
import { migrateFiles, problemLine, summaryLine } from './modules/uploads/storage-migration.js';

// `npm run storage:migrate -- --to s3`: copies the files of DATA_DIR/files to the bucket of the
// S3_* settings, checking each against the SHA-256 the database recorded (modules/uploads/
// storage-migration.ts). Run it with the server stopped (or, on PostgreSQL, before switching
// FILE_STORAGE=s3 and again after: it copies only what is not there yet), then start the server
// with FILE_STORAGE=s3. Exits 1 when a file is missing or does not match, 2 on a usage or
// configuration error.
async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 2 || args[0] !== '--to' || args[1] !== 's3') {
    console.error('usage: npm run storage:migrate -- --to s3');
    process.exit(2);
  }
  // The bucket's settings are checked as the server checks them with FILE_STORAGE=s3.
  const config = configOrExit({ ...process.env, FILE_STORAGE: 's3' });
  if (config.fileStorage.kind !== 's3') throw new Error('FILE_STORAGE=s3 was not read');
  const source = new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const target = new S3Storage(config.fileStorage);
  const database = await openConfiguredDatabase(config);
  try {
    const { counts, ok } = await migrateFiles(database.db, source, target, (outcome, file) =>
      console.log(problemLine(outcome, file)),
    );
    console.log(summaryLine(counts));
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
