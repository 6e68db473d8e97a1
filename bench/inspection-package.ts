// The inspection package at size (issue 23): one organization of N documents (2 revisions, a file
// of K KB each, an approval signature each), M actions and T trainings; the package job's time and
// peak memory against reading the same stored files from disk (`npx tsx bench/inspection-package.ts --help`).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client.js';
import { runInspectionPackage } from '../apps/server/src/modules/exports/inspection-package.js';
import { parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  benchOrganizationId,
  openInProcessBench,
  personByEmail,
  startBenchApp,
} from './in-process.js';
import { BENCH_ADMIN_EMAIL, positiveInt, seed } from './seed.js';

const REVISIONS = 2;

const options = parseCommandLine(['npx tsx bench/inspection-package.ts [options]'], {
  documents: { type: 'string', default: '10000', value: 'N', description: 'documents (2 revisions each)' },
  'file-kb': { type: 'string', default: '200', value: 'K', description: "each revision's controlled file, in KB" },
  actions: { type: 'string', default: '20000', value: 'N', description: 'actions' },
  trainings: { type: 'string', default: '2000', value: 'N', description: 'trainings (one assignee each)' },
  keep: { type: 'string', value: 'FILE', description: 'copy the package there, to look at it (unzip -l, README.pdf)' },
  'database-url': DATABASE_URL_OPTION,
});

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/**
 * Runs `work` while sampling the memory every 20 ms: its time, and the RSS before and at its peak,
 * with the peaks of the JavaScript heap and of the buffers outside it (what the RSS is made of).
 */
async function measured<T>(work: () => Promise<T>) {
  const start = process.memoryUsage().rss;
  const peak = { rss: start, heap: 0, buffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.arrayBuffers);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  return { result, ms, start, peak: peak.rss, heap: peak.heap, buffers: peak.buffers };
}

/** The documents, their revisions' files (bytes written under DATA_DIR) and signatures, the actions and trainings. */
async function seedPackage(database: Database, dataDir: string, sizes: Record<string, number>) {
  await seed(database.raw, {
    organizations: 1,
    users: 1,
    membershipsPerUser: 1,
    largeOrganizationUsers: 20,
    largeOrganizationGroups: 1,
  });
  const organizationId = (await benchOrganizationId(database))!;
  const admin = await personByEmail(database, BENCH_ADMIN_EMAIL);
  const q = (text: string, params: unknown[] = []) => database.raw.query(text, params);
  await q(`INSERT INTO document_types (organization_id, id, name) VALUES ($1, gen_random_uuid(), 'SOP')`, [
    organizationId,
  ]);
  await q(
    `INSERT INTO documents (organization_id, id, number, creator_id, latest_revision, released_revision)
     SELECT $1, gen_random_uuid(), g, $2, ${REVISIONS}, ${REVISIONS} FROM generate_series(1, $3::int) AS g`,
    [organizationId, admin.id, sizes.documents],
  );
  const documents = await q(`SELECT id, number FROM documents WHERE organization_id = $1 ORDER BY number`, [
    organizationId,
  ]);
  // Each file's bytes on disk and its row with its real SHA-256, then the revision that holds it.
  const fileBytes = sizes.fileKb! * 1024;
  for (const d of documents as { id: string; number: number }[]) {
    for (let r = 1; r <= REVISIONS; r++) {
      const id = crypto.randomUUID();
      const key = `organizations/${organizationId}/bench/${id}`;
      const bytes = randomBytes(fileBytes);
      await fs.mkdir(path.join(dataDir, 'files', path.dirname(key)), { recursive: true });
      await fs.writeFile(path.join(dataDir, 'files', key), bytes);
      await q(
        `INSERT INTO organization_files (organization_id, id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by)
         VALUES ($1, $2, $3, $4, 'application/pdf', $5, $6, $7)`,
        [
          organizationId,
          id,
          key,
          `Document ${d.number} revision ${r}.pdf`,
          fileBytes,
          createHash('sha256').update(bytes).digest('hex'),
          admin.id,
        ],
      );
      await q(
        `INSERT INTO document_revisions (organization_id, document_id, revision, type_id, name, revision_description,
           file_id, submitter_id, creator_id, status, is_final, final_at, approved_at)
         SELECT $1, $2, $3::int, t.id, 'Procedure ' || $4::text, 'Revision ' || $3::text, $5, $6, $6, 'Approved', true, now(), now()
         FROM document_types t WHERE t.organization_id = $1`,
        [organizationId, d.id, r, d.number, id, admin.id],
      );
    }
  }
  await q(
    `INSERT INTO document_signatures (organization_id, id, document_id, revision, signature_cycle, kind, meaning,
       signer_id, signer_name, signer_email, signed_at, file_id, file_sha256)
     SELECT $1, gen_random_uuid(), r.document_id, r.revision, 1, 'approval', 'Approved', $2, 'Bench Admin', $3, now(), f.id, f.sha256
     FROM document_revisions r JOIN organization_files f ON f.organization_id = r.organization_id AND f.id = r.file_id
     WHERE r.organization_id = $1`,
    [organizationId, admin.id, BENCH_ADMIN_EMAIL],
  );
  await q(
    `INSERT INTO actions (organization_id, id, number, name, description, due_date, assigner_id, assignee_id, creator_id)
     SELECT $1, gen_random_uuid(), g, 'Bench action ' || g, 'Check item ' || g, DATE '2030-01-01' + (g % 365), $2, $2, $2
     FROM generate_series(1, $3::int) AS g`,
    [organizationId, admin.id, sizes.actions],
  );
  await q(
    `INSERT INTO training_records (organization_id, id, number, name, description, due_date, assigner_id, creator_id)
     SELECT $1, gen_random_uuid(), g, 'Bench training ' || g, 'What to know about item ' || g, DATE '2030-01-01' + (g % 365), $2, $2
     FROM generate_series(1, $3::int) AS g`,
    [organizationId, admin.id, sizes.trainings],
  );
  await q(
    `INSERT INTO training_assignee_users (organization_id, training_id, user_id)
     SELECT organization_id, id, $2 FROM training_records WHERE organization_id = $1`,
    [organizationId, admin.id],
  );
  await q(
    `INSERT INTO training_assignments (organization_id, training_id, user_id, assigned_at)
     SELECT organization_id, training_id, user_id, now() FROM training_assignee_users WHERE organization_id = $1`,
    [organizationId],
  );
  await q('ANALYZE');
  return { organizationId, admin };
}

/** Every stored file of the organization's revisions read from disk, one after the other (the floor). */
async function readStoredFiles(database: Database, dataDir: string, organizationId: string) {
  const files = (await database.raw.query(
    `SELECT f.storage_key FROM document_revisions r JOIN organization_files f ON f.organization_id = r.organization_id AND f.id = r.file_id
     WHERE r.organization_id = $1 ORDER BY r.document_id, r.revision`,
    [organizationId],
  )) as { storage_key: string }[];
  let bytes = 0;
  for (const f of files) {
    for await (const chunk of createReadStream(path.join(dataDir, 'files', f.storage_key)))
      bytes += (chunk as Buffer).length;
  }
  return bytes;
}

async function main() {
  const sizes = {
    documents: positiveInt('documents', options.documents),
    fileKb: positiveInt('file-kb', options['file-kb']),
    actions: positiveInt('actions', options.actions),
    trainings: positiveInt('trainings', options.trainings),
  };
  const databaseUrl = options['database-url'];
  const bench = await openInProcessBench('inspection-package', databaseUrl);
  try {
    const seeded = await measured(() => seedPackage(bench.database, bench.dataDir, sizes));
    const { organizationId, admin } = seeded.result;
    console.log(`seeded ${JSON.stringify(sizes)} in ${(seeded.ms / 1000).toFixed(0)} s`);
    const app = await startBenchApp(bench.database, bench.dataDir, databaseUrl, { jobPollMs: 3_600_000 });
    const read = await measured(() => readStoredFiles(bench.database, bench.dataDir, organizationId));
    const payload = {
      organizationId,
      requesterId: admin.id,
      sessionId: 'bench',
      requestedAt: new Date().toISOString(),
    };
    const made = await measured(() => runInspectionPackage(app.app.ctx, payload));
    const [zip] = (await bench.database.raw.query(
      `SELECT size_bytes, storage_key FROM organization_files WHERE organization_id = $1 AND original_name LIKE 'Inspection-package%'`,
      [organizationId],
    )) as { size_bytes: number; storage_key: string }[];
    if (options.keep) await fs.copyFile(path.join(bench.dataDir, 'files', zip!.storage_key), options.keep);
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `read the ${sizes.documents * REVISIONS} stored files (${mib(read.result)} MiB): ${s(read.ms)} s, RSS ${mib(read.start)} → ${mib(read.peak)} MiB`,
    );
    console.log(
      `inspection package (${mib(Number(zip!.size_bytes))} MiB): ${s(made.ms)} s, RSS ${mib(made.start)} → ${mib(made.peak)} MiB ` +
        `(peaks: heap ${mib(made.heap)} MiB, buffers ${mib(made.buffers)} MiB)`,
    );
    console.log(`ratio: ${(made.ms / read.ms).toFixed(1)}x the time of reading the files`);
    await app.app.close();
  } finally {
    await bench.close();
  }
}

await main();
