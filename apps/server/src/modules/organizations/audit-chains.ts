import type { FastifyBaseLogger } from 'fastify';
import {
  PROVIDER_CHAIN,
  auditChainKeys,
  sealAuditChain,
  verifyAuditChain,
  type AuditSeal,
  type ChainVerification,
} from '../../core/audit.js';
import type { AppContext } from '../../core/context.js';
import type { DbOrTx } from '../../db/client.js';
import { renderMail } from '../../core/mail/templates.js';
import { findOrganizationAdmins } from '../documents/document-signatures.repository.js';
import { findSuperAdmins } from '../users/users.repository.js';
import { lockOrganization } from './organizations.repository.js';

/** A time to the minute, as seals are told: '2026-11-25 21:03 UTC'. */
export const minuteUtc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const AUDIT_SEAL_TASK = 'audit-seal';

/** How the provider's chain is named where an organization's name stands for its chain. */
export const PROVIDER_CHAIN_NAME = 'Qualis (provider)';

/** Seals one chain and mails the seal to its holders, in one transaction. */
function sealChain(ctx: AppContext, chainKey: string, now: Date): Promise<AuditSeal | undefined> {
  return ctx.database.db.transaction(async (tx) => {
    // Locked, so a purge of the organization waits rather than leaving a seal behind.
    const organization = chainKey === PROVIDER_CHAIN ? undefined : await lockOrganization(tx, chainKey);
    if (chainKey !== PROVIDER_CHAIN && !organization) return undefined;
    const seal = await sealAuditChain(tx, chainKey, now);
    if (!seal) return undefined;
    const values = {
      organization: organization?.name ?? PROVIDER_CHAIN_NAME,
      lastSeq: seal.lastSeq,
      lastHash: seal.lastHash,
      sealedAt: minuteUtc(seal.sealedAt),
    };
    const holders = organization ? await findOrganizationAdmins(tx, organization.id) : await findSuperAdmins(tx);
    for (const holder of holders) {
      await ctx.mailer.enqueue(tx, {
        to: holder.email,
        organizationId: organization?.id ?? null,
        ...renderMail('auditSeal', holder.language, {
          ...values,
          name: `${holder.firstName} ${holder.lastName}`.trim(),
        }),
      });
    }
    return seal;
  });
}

/**
 * The daily seal of every chain that grew since its last one (docs/decisions/0025): stored for
 * verification, written to the server log and e-mailed to the organization's Admins (the
 * provider's chain: to the SuperAdmins), so copies live where someone with SQL access cannot
 * reach them. Answers how many chains were sealed.
 */
export async function sealAuditChains(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  let sealed = 0;
  for (const chainKey of await auditChainKeys(ctx.database.db)) {
    const seal = await sealChain(ctx, chainKey, now).catch((err: unknown) => {
      // One chain that cannot be sealed (a database refusal) does not keep the others unsealed.
      log.error({ err, chainKey }, 'audit chain not sealed');
      return undefined;
    });
    if (!seal) continue;
    log.info({ auditSeal: { chainKey, ...seal } }, 'audit chain sealed');
    sealed += 1;
  }
  return sealed;
}

/** A chain's verification in words: '2 events, chain intact up to seal of <time> (event 2)' or where it breaks. */
export function chainVerificationText(v: ChainVerification): string {
  const sealNote = v.seal ? `seal of ${minuteUtc(v.seal.sealedAt)} (event ${v.seal.lastSeq})` : 'no seal yet';
  let result: string;
  if (v.ok) result = v.seal ? `chain intact up to ${sealNote}` : `chain intact (${sealNote})`;
  else result = `chain BROKEN at event ${v.brokenAtSeq} (${v.seal ? `latest ${sealNote}` : sealNote})`;
  return `${v.count} events, ${result}`;
}

/**
 * `npm run audit:verify`: one line per chain (the organization's, or every chain), each verified
 * against its latest seal. `ok` is false when a chain breaks, or the organization named has no events.
 */
export async function reportAuditChains(
  db: DbOrTx,
  organizationId?: string,
): Promise<{ ok: boolean; lines: string[] }> {
  const chainKeys = organizationId ? [organizationId] : await auditChainKeys(db);
  let ok = true;
  const lines: string[] = [];
  for (const chainKey of chainKeys) {
    const v = await verifyAuditChain(db, chainKey);
    if (v.count === 0 && !v.seal && organizationId) {
      lines.push(`${chainKey}: no audit events (is the organization id right?)`);
      ok = false;
      continue;
    }
    lines.push(`${chainKey}: ${chainVerificationText(v)}`);
    ok &&= v.ok;
  }
  return { ok, lines };
}
