import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { configOrExit, optionOf, refuseOnPostgres } from './command-line.js';
import { OPERATIONS_TOKEN_FILE } from './modules/operations/operations.routes.js';

// `npm run backup -- --out FILE [--data-dir DIR] [--url http://127.0.0.1:PORT]`: asks the running
// server for a backup of its embedded database and files (docs/decisions/0043-backups.md) with
// the secret it wrote to DATA_DIR/operations.token, and saves it to FILE (written beside it and
// renamed once whole). Exits 1 when the server refuses or the backup fails, 2 on a usage error.
async function main() {
  const args = process.argv.slice(2);
  const out = optionOf(args, '--out');
  const dataDir = optionOf(args, '--data-dir');
  if (!out || args.length % 2 !== 0) {
    console.error('usage: npm run backup -- --out FILE [--data-dir DIR] [--url http://127.0.0.1:PORT]');
    process.exit(2);
  }
  const config = configOrExit({ ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  refuseOnPostgres(config, 'backup');
  const url = optionOf(args, '--url') ?? `http://127.0.0.1:${config.port}`;
  const token = await fs.readFile(path.join(config.dataDir, OPERATIONS_TOKEN_FILE), 'utf8').catch(() => {
    console.error(`no ${OPERATIONS_TOKEN_FILE} in ${config.dataDir}: is the server running with this DATA_DIR?`);
    process.exit(2);
  });
  const response = await fetch(new URL('/operations/backup', url), {
    headers: { authorization: `Bearer ${token}` },
  }).catch((error: Error) => {
    console.error(`no server answers at ${url}: ${error.message} (give --url http://127.0.0.1:PORT)`);
    process.exit(1);
  });
  if (!response.ok || !response.body) {
    console.error(`the server refused the backup: ${response.status} ${await response.text()}`);
    process.exit(1);
  }
  const target = path.resolve(out);
  const partial = `${target}.partial`;
  try {
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(partial, { mode: 0o600 }));
    await fs.rename(partial, target);
  } catch (error) {
    await fs.rm(partial, { force: true });
    console.error(`the backup failed: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`backup written to ${target} (${(await fs.stat(target)).size} bytes)`);
}

await main();
