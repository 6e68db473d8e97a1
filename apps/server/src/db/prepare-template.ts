import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

/**
 * Writes the embedded database a fresh DATA_DIR is copied from: PGlite's initdb and the
 * migrations, done once when the server is built (scripts/build-server.mjs) instead of at a
 * first start. Starting from it, `migrate()` finds every migration applied.
 */
export async function prepareTemplate(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database.raw);
  } finally {
    await database.close();
  }
}
