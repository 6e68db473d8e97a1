// Prints the folder of a Node.js binary of the given major version (default 24), installed once
// from the npm registry's `node` package (its platform package carries the binary) under
// node_modules/.cache/node-<major>. CI puts that folder first on PATH to run a suite on it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const major = process.argv[2] ?? '24';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prefix = path.join(root, 'node_modules', '.cache', `node-${major}`);
const platformPackage = `node-${process.platform}-${process.arch}`;
const binDir = path.join(prefix, 'node_modules', 'node', 'node_modules', platformPackage, 'bin');

const version = () => spawnSync(path.join(binDir, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();

if (!version()?.startsWith(`v${major}.`)) {
  fs.rmSync(prefix, { recursive: true, force: true });
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (install.status !== 0 || !version()?.startsWith(`v${major}.`)) {
    console.error(`Could not install Node ${major} from the npm registry (package node@${major}).`);
    process.exit(1);
  }
}
console.log(binDir);
