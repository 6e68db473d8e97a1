import type { AccessFlags } from '@qualis/contract';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { isBlocked } from './access.api';
import { NoAccessScreen } from './NoAccessScreen';

export interface AccessGateProps {
  flags: AccessFlags;
  loading: boolean;
  organizationId: string;
  userId: string;
  children: ReactNode;
}

/**
 * Shows the organization pages, or the blocking screen to someone whose flags allow neither
 * documents nor actions (only a User with no such group permission: the server's flags decide). Help and the person's own access page stay reachable (Profile and Logout are in the
 * top bar's user menu).
 */
export function AccessGate({ flags, loading, organizationId, userId, children }: AccessGateProps) {
  const { pathname } = useLocation();
  if (loading) return <PageSpinner />;
  const base = `/organizations/${organizationId}`;
  const alwaysOpen = [`${base}/help`, `${base}/users/${userId}`];
  if (isBlocked(flags) && !alwaysOpen.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    return <NoAccessScreen />;
  }
  return children;
}
