import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';
import { prepareTemplate } from './prepare-template.js';
import { req } from '../../../../docs/requirements/req.js';

// The embedded database a fresh DATA_DIR starts from (scripts/build-server.mjs prepares it).

let dir: string;
let template: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-template-'));
  template = path.join(dir, 'template');
  await prepareTemplate(template);
}, 60_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const migrationFiles = async () =>
  (await fs.readdir(path.join(import.meta.dirname, 'migrations'))).filter((f) => f.endsWith('.sql')).sort();

describe('PGlite template', () => {
  it(`gives a fresh data directory every migration, with nothing left to apply ${req('SEC-007')}`, async () => {
    const dataDir = path.join(dir, 'fresh', 'pglite');
    const database = await openDatabase({ kind: 'pglite', dataDir, template });
    try {
      const applied = await database.raw.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(await migrationFiles());
      expect(await migrate(database.raw)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(await fs.readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('never copies the template over an existing database', async () => {
    const dataDir = path.join(dir, 'existing', 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir, template });
    await first.raw.exec('CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)');
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir, template });
    try {
      expect(await again.raw.query('SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    } finally {
      await again.close();
    }
  });
});
