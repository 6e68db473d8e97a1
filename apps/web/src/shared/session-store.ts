import type { SessionUser, TokenPair } from '@qualis/contract';

/** Which browser storage holds the session: 'local' when "Remember me" was ticked. */
export type SessionStorageKind = 'local' | 'session';

export interface Session {
  user: SessionUser;
  token: TokenPair;
  storage: SessionStorageKind;
}

const KEY = 'qualis.session';
const storageOf = (kind: SessionStorageKind) => (kind === 'local' ? localStorage : sessionStorage);

const listeners = new Set<() => void>();
let cache: { raw: string | null; session: Session | null } = { raw: null, session: null };

function parse(raw: string): Session | null {
  try {
    return JSON.parse(raw) as Session;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

function write(session: Session) {
  storageOf(session.storage).setItem(KEY, JSON.stringify(session));
  emit();
}

/**
 * The signed-in person and their tokens. Reads go to the storage every time, so a token rotated
 * by another tab is the one used here; the parsed value is cached per raw string so React sees a
 * stable snapshot.
 */
export const sessionStore = {
  get: (): Session | null => {
    const raw = localStorage.getItem(KEY) ?? sessionStorage.getItem(KEY);
    if (raw !== cache.raw) cache = { raw, session: raw ? parse(raw) : null };
    return cache.session;
  },
  start: (user: SessionUser, token: TokenPair, remember: boolean) => {
    localStorage.removeItem(KEY);
    sessionStorage.removeItem(KEY);
    write({ user, token, storage: remember ? 'local' : 'session' });
  },
  setTokens: (token: TokenPair) => {
    const session = sessionStore.get();
    if (session) write({ ...session, token });
  },
  clear: () => {
    localStorage.removeItem(KEY);
    sessionStorage.removeItem(KEY);
    emit();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

window.addEventListener('storage', (event) => {
  if (event.key === KEY || event.key === null) emit();
});
