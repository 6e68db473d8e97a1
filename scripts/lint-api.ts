// Lints the OpenAPI document (docs/decisions/0010-api-document-lint.md): builds the app without a
// database or a listening socket, writes its document to a temporary file and runs Redocly's
// linter on it with redocly.yaml. Exits non-zero on any error.
//   npm run lint:api
//   npm run lint:api -- --keep      (keeps the document and prints where it is)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderOpenApiDocument } from '../apps/server/src/openapi-document.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-openapi-'));
const file = path.join(folder, 'openapi.json');
let status = 1;
try {
  await fs.writeFile(file, JSON.stringify(await renderOpenApiDocument(), null, 2));
  const lint = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      path.join(root, 'redocly.yaml'),
    ],
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  status = lint.status ?? 1;
} finally {
  if (values.keep) console.log(`The document: ${file}`);
  else await fs.rm(folder, { recursive: true, force: true });
}
process.exit(status);
