import path from 'node:path';
import { configOrExit, optionOf, refuseOnPostgres } from './command-line.js';
import { openFileStorage } from './core/files.js';
import { RestoreError, restoreBackup } from './modules/operations/restore-archive.js';

// `npm run restore -- FILE [--data-dir DIR]`: restores a backup of `npm run backup` into an empty
// DATA_DIR (docs/decisions/0043-backups.md): every hash of its manifest is checked first, then the
// database and the files are written and the audit chains verified against the heads it recorded.
// Exits 1 when the archive is refused or the restore fails, 2 on a usage error.
async function main() {
  const args = process.argv.slice(2);
  const [file] = args;
  const dataDir = optionOf(args, '--data-dir');
  if (!file || file.startsWith('--') || args.length % 2 !== 1) {
    console.error('usage: npm run restore -- FILE [--data-dir DIR]');
    process.exit(2);
  }
  const config = configOrExit({ ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  refuseOnPostgres(config, 'restore');
  try {
    await restoreBackup(path.resolve(file), config.dataDir, await openFileStorage(config), (line) => console.log(line));
    console.log(`restored into ${config.dataDir}`);
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

await main();
