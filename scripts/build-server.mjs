// Builds the server to JavaScript (apps/server/dist) when the build is missing or older than its
// sources: an esbuild bundle of apps/server/src/main.ts and the contract package it imports (the
// npm dependencies stay external), the SQL migrations next to it, and a migrated PGlite data
// directory that a fresh DATA_DIR is copied from instead of running PGlite's initdb and the
// migrations (see docs/decisions/0011-built-server.md). Used by `npm start` and the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { isStale } from './stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const bundle = path.join(dist, 'main.js');
const template = path.join(dist, 'pglite-template');
const isTest = (file) => /\.test\.ts$/.test(file) || file === path.join(server, 'src/test');

// The mail texts are bundled from the locale catalogues (core/mail/templates.ts).
const locales = path.join(root, 'apps/web/src/locales');
const mailCatalogues = fs
  .readdirSync(locales)
  .map((language) => path.join(locales, language, 'mail.json'))
  .filter((file) => fs.existsSync(file));
const sources = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(root, 'packages/contract/src'),
  ...mailCatalogues,
  fileURLToPath(import.meta.url),
];
if (isStale(bundle, sources, isTest)) {
  console.log('Building the server…');
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  fs.rmSync(path.join(dist, 'migrations'), { recursive: true, force: true });
  fs.cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
  // The bundle is written last: its time stamp says the whole build is complete.
  await build({
    // All at the top of dist/: each finds dist/migrations beside it as migrate.ts expects, and the
    // server finds its file text worker (modules/search/file-text-reader.ts).
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'prepare-template': path.join(server, 'src/db/prepare-template.ts'),
      'file-text-worker': path.join(server, 'src/modules/search/file-text-worker.ts'),
    },
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // The contract is TypeScript source: bundled. Every npm dependency loads from node_modules.
    external: Object.keys(dependencies).filter((name) => name !== '@qualis/contract'),
    logLevel: 'warning',
  });
}

const templateSources = [
  path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  path.join(server, 'src/db/migrations'),
  path.join(server, 'src/db/client.ts'),
  path.join(server, 'src/db/migrate.ts'),
  path.join(server, 'src/db/prepare-template.ts'),
  fileURLToPath(import.meta.url),
];
if (isStale(path.join(template, 'PG_VERSION'), templateSources)) {
  console.log('Preparing the embedded database template…');
  const { prepareTemplate } = await import(pathToFileURL(path.join(dist, 'prepare-template.js')).href);
  const scratch = `${template}.tmp`;
  fs.rmSync(scratch, { recursive: true, force: true });
  await prepareTemplate(scratch);
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(scratch, template);
}
