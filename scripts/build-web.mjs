// Builds the web app (production) when apps/web/dist is missing or older than its sources, then
// writes a brotli (.br) and a gzip (.gz) copy beside every text file of 1 KiB or more, which the
// server sends to browsers that accept them (@fastify/static `preCompressed`).
// Used by `npm start` and by the browser tests, so neither ever serves a stale or dev build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { isStale } from './stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const builtIndex = path.join(dist, 'index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
  }
}

if (isStale(builtIndex, [...sources.map((s) => path.join(root, s)), fileURLToPath(import.meta.url)])) {
  console.log('Building the web app…');
  // A test runner's NODE_ENV=test would otherwise give a development build of React and antd.
  const build = spawnSync('npm', ['run', 'build', '-w', '@qualis/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  precompress(dist);
  // The time stamp of index.html says the whole build, compressed copies included, is complete.
  const now = new Date();
  fs.utimesSync(builtIndex, now, now);
}
