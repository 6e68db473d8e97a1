import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './useSession';

/** Sends a person without a session to /login, remembering where they wanted to go. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}
