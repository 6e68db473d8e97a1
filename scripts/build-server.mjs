// Builds the server to JavaScript (apps/server/dist) when the build is missing or older than its
// sources: an esbuild bundle of apps/server/src/main.ts with the contract package and the npm
// dependencies it imports (all but those that read files of their own at run time, below; code
// loaded on first use is split into chunks beside it), the SQL migrations next to it, and a migrated PGlite data
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
  // The bundled dependencies: a new version rebuilds.
  path.join(root, 'package-lock.json'),
  fileURLToPath(import.meta.url),
];

/**
 * Dependencies loaded from node_modules rather than bundled: each finds files of its own beside its
 * code at run time (PGlite its WebAssembly and data, pdfkit its sRGB profile, fontkit's and
 * pdfkit's Unicode tables, swagger-ui its page's assets, the text readers' PDF.js), is native
 * (argon2), or is not used by the server at run time (tsx, pg's optional native driver). They are
 * loaded on first use except PGlite and argon2 (docs/performance.md, start-up).
 */
const UNBUNDLED = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@cantoo/pdf-lib',
  'pdfkit',
  'fontkit',
  'png-js',
  'dejavu-fonts-ttf',
  '@fastify/swagger-ui',
  'mammoth',
  'unpdf',
  'tsx',
  'pg-native',
];
if (isStale(bundle, sources, isTest)) {
  console.log('Building the server…');
  fs.rmSync(path.join(dist, 'migrations'), { recursive: true, force: true });
  // The chunks of the previous build (their names carry a hash of their content).
  for (const file of fs.existsSync(dist) ? fs.readdirSync(dist) : []) {
    if (/^chunk-.*\.js(\.map)?$/.test(file)) fs.rmSync(path.join(dist, file));
  }
  fs.cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
  // The bundle is written last: its time stamp says the whole build is complete.
  await build({
    // All at the top of dist/, the shared chunks too: each finds dist/migrations beside it as
    // migrate.ts expects, and the server finds its file text worker (modules/search/file-text-reader.ts).
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
    // Less to read and parse at every start; names are kept, so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    // A dynamic import() becomes a chunk of its own, loaded when it is first needed.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    external: UNBUNDLED,
    // The bundled CommonJS packages call require() for Node's modules and some name __dirname:
    // an ES module has neither, so every output file defines them first.
    banner: {
      js: [
        "import { createRequire as __qualisCreateRequire } from 'node:module';",
        "import { dirname as __qualisDirname } from 'node:path';",
        "import { fileURLToPath as __qualisFileURLToPath } from 'node:url';",
        'const require = __qualisCreateRequire(import.meta.url);',
        'const __filename = __qualisFileURLToPath(import.meta.url);',
        'const __dirname = __qualisDirname(__filename);',
      ].join('\n'),
    },
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
