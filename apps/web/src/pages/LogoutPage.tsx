import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { sessionStore } from '../shared/session-store';
import { signOut } from '../features/session/sessions.api';

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const session = sessionStore.get();
    // Revoking on the server is best effort: the person is signed out here either way.
    if (session) signOut(session.token.refreshToken).catch(() => undefined);
    sessionStore.clear();
    void navigate('/login', { replace: true });
  }, [navigate]);
  return <PageSpinner />;
}
