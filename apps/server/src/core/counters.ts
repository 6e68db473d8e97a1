import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { organizationCounters } from '../db/schema/index.js';

/**
 * The next human number ("System #") of a kind inside one organization. Taken in the caller's
 * transaction: the row lock of the upsert serialises writers, and a rollback gives the number back.
 */
export async function nextNumber(tx: DbOrTx, organizationId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(organizationCounters)
    .values({ organizationId, name, value: 1 })
    .onConflictDoUpdate({
      target: [organizationCounters.organizationId, organizationCounters.name],
      set: { value: sql`${organizationCounters.value} + 1` },
    })
    .returning({ value: organizationCounters.value });
  if (!row) throw new Error('counter upsert returned nothing');
  return row.value;
}
