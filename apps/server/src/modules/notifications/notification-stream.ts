import type { Database } from '../../db/client.js';

/** The channel of migration 0020: each message is `<userId>:<organizationId>`. */
const CHANNEL = 'qualis_notifications';

type Listener = () => void;

/**
 * Tells this process's open bell streams that a person's notifications in an organization
 * changed, from PostgreSQL's NOTIFY (sent at commit by a trigger, whichever process wrote).
 * When the listening connection was lost, every stream is told once it is back: a change may
 * have been missed in between.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | undefined;

  async start(database: Database) {
    this.stop = await database.listen(
      CHANNEL,
      (key) => this.tell(this.listeners.get(key)),
      (listening) => {
        if (listening) for (const set of this.listeners.values()) this.tell(set);
      },
    );
  }

  async close() {
    this.listeners.clear();
    await this.stop?.();
  }

  /** Calls `listener` on every change of the person's notifications there; the answer unsubscribes. */
  subscribe(userId: string, organizationId: string, listener: Listener): () => void {
    const key = `${userId}:${organizationId}`;
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  private tell(set: Set<Listener> | undefined) {
    for (const listener of set ?? []) listener();
  }
}
