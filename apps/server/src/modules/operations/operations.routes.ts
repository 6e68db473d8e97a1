import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { ManifestedZip } from '../../core/manifested-zip.js';
import { writeBackup } from './backup-archive.js';

/** In DATA_DIR: the operator commands' secret, written afresh at each start (mode 0600). */
export const OPERATIONS_TOKEN_FILE = 'operations.token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Only the machine itself, not through a proxy on it: a proxy says so in a forwarding header
 * (docs/decisions/0043-backups.md).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && forwarded === undefined;
}

function sameSecret(given: string, token: Buffer): boolean {
  const bytes = Buffer.from(given);
  return bytes.length === token.length && timingSafeEqual(bytes, token);
}

/**
 * The operator routes of the embedded default, outside /api/v1 and the OpenAPI document (like
 * /api/test): `npm run backup` calls GET /operations/backup from the machine itself with the
 * secret of DATA_DIR/operations.token. Only the running server may open PGlite's database, so it
 * makes the backup; a SuperAdmin's session never reaches it.
 */
export const operationsRoutes: FastifyPluginAsync = async (app) => {
  const token = randomBytes(32).toString('hex');
  const tokenFile = path.join(app.ctx.config.dataDir, OPERATIONS_TOKEN_FILE);
  await fs.mkdir(app.ctx.config.dataDir, { recursive: true });
  await fs.writeFile(tokenFile, token, { mode: 0o600 });
  await fs.chmod(tokenFile, 0o600);
  const secret = Buffer.from(token);

  app.get('/backup', { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisMachine(request)) throw AppError.forbidden();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, secret)) throw AppError.unauthenticated();
    const at = new Date();
    const zip = new ManifestedZip(at);
    // A client that leaves before the end ends the backup (else it would wait for its reader forever).
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) void zip.fail(new Error('the client left before the end of the backup'));
    });
    writeBackup(zip, app.ctx.database, app.ctx.storage, app.ctx.config.version, at).catch(async (error: Error) => {
      request.log.error({ err: error }, 'backup failed');
      await zip.fail(error);
    });
    const name = `qualis-backup-${at.toISOString().replace(/[:.]/g, '-')}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(zip.stream);
  });
};
