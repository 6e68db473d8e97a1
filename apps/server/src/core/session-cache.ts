import type { Database } from '../db/client.js';
import type { Actor } from './auth.js';
import type { UserRow } from '../db/schema/index.js';

/** What a verified access token stands for: the person and the session. */
export interface VerifiedSession {
  actor: Actor;
  /** The person's row as read with the session, so a request needs no second read of it. */
  user: UserRow;
  /** When the access token itself expires. */
  accessExpiresAt: Date;
}

export const SESSION_CHANGES_CHANNEL = 'qualis_session_changes';

/** How long a verified session is trusted without asking the database again. */
const TRUST_MS = 30_000;
const MAX_ENTRIES = 20_000;

const caches = new Set<SessionCache>();

/**
 * Verified sessions of this process, by the SHA-256 of their access token, trusted for a few
 * seconds. Any change of a session or a person (triggers of migration 0012), of a membership or
 * of an organization's status (migration 0030: each member) is announced with NOTIFY at commit
 * and removes that person's entries in every process; while this process is
 * not listening (PostgreSQL connection lost), nothing is kept, so a revocation is never missed.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: VerifiedSession; trustedUntil: number }>();
  private listening = false;
  /** Counts forgettings, so a lookup that overlapped one does not store what it read. */
  private changes = 0;
  private stop: (() => Promise<void>) | undefined;
  private readonly watchers = new Map<string, Set<() => void>>();

  async start(database: Database) {
    caches.add(this);
    this.stop = await database.listen(
      SESSION_CHANGES_CHANNEL,
      (userId) => this.forgetUser(userId),
      (listening) => {
        this.changes += 1;
        this.entries.clear();
        this.listening = listening;
      },
    );
  }

  async close() {
    caches.delete(this);
    this.listening = false;
    this.entries.clear();
    await this.stop?.();
  }

  get(tokenHash: string, now = Date.now()): VerifiedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.trustedUntil <= now || entry.session.accessExpiresAt.getTime() <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before reading a session from the database; `set` needs it. */
  version(): number {
    return this.changes;
  }

  /** Keeps what was read, unless a change arrived since `version` was taken (it may be stale). */
  set(tokenHash: string, session: VerifiedSession, version: number, now = Date.now()) {
    if (!this.listening || version !== this.changes) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { session, trustedUntil: now + TRUST_MS });
  }

  forgetUser(userId: string) {
    this.changes += 1;
    for (const [hash, entry] of this.entries) {
      if (entry.session.actor.userId === userId) this.entries.delete(hash);
    }
    for (const watcher of this.watchers.get(userId) ?? []) watcher();
  }

  /**
   * Calls `watcher` whenever the person's sessions, account, memberships or organizations change
   * (signed out, password, deactivated): a long-lived request (the bell's event stream) checks its
   * session and access again then.
   * The answer stops watching.
   */
  watchUser(userId: string, watcher: () => void): () => void {
    let set = this.watchers.get(userId);
    if (!set) this.watchers.set(userId, (set = new Set()));
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0) this.watchers.delete(userId);
    };
  }
}

/**
 * Forgets a person's sessions in every cache of this process at once. Repositories call it when
 * they change a session or a person, so this process never waits for the NOTIFY that follows the
 * commit (it arrives on another connection, after the answer).
 */
export function forgetSessionsOf(userId: string) {
  for (const cache of caches) cache.forgetUser(userId);
}
