import type { AccessFlags, Role } from '@qualis/contract';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { isBlocked } from './access.api';
import { NoAccessScreen } from './NoAccessScreen';

export interface AccessGateProps {
  role: Role;
  flags: AccessFlags;
  loading: boolean;
  organizationId: string;
  userId: string;
  children: ReactNode;
}

/**
 * Shows the organization pages, or the blocking screen to a User who can view neither documents
 * nor actions. Help and the person's own access page stay reachable (Profile and Logout are in the
 * top bar's user menu).
 */
export function AccessGate({ role, flags, loading, organizationId, userId, children }: AccessGateProps) {
  const { pathname } = useLocation();
  if (role !== 'User') return children;
  if (loading) return <PageSpinner />;
  const base = `/organizations/${organizationId}`;
  const alwaysOpen = [`${base}/help`, `${base}/users/${userId}`];
  if (isBlocked(role, flags) && !alwaysOpen.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    return <NoAccessScreen />;
  }
  return children;
}
