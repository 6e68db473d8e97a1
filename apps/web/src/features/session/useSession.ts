import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from '../../shared/session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** The signed-in person; only for components under the session guard. */
export function useSessionUser() {
  const session = useSession();
  if (!session) throw new Error('useSessionUser needs a session; render it under <RequireSession>');
  return session.user;
}
