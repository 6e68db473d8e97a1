// Builds the web app (production) when apps/web/dist is missing or older than its sources.
// Used by `npm start` and by the browser tests, so neither ever serves a stale or dev build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

if (
  isStale(
    builtIndex,
    sources.map((s) => path.join(root, s)),
  )
) {
  console.log('Building the web app…');
  // A test runner's NODE_ENV=test would otherwise give a development build of React and antd.
  const build = spawnSync('npm', ['run', 'build', '-w', '@qualis/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
