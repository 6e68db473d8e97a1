import type { SessionUser } from '@qualis/contract';

const dashboardOf = (organizationId: string) => `/organizations/${organizationId}/dashboard`;

/** Where a person goes after sign-in when no page was wanted (spec 01 section 4). */
export function homePath(user: SessionUser): string {
  if (user.role === 'SuperAdmin') return '/organizations';
  if (user.organizationCount > 1) return '/user-organizations';
  return user.firstOrganizationId ? dashboardOf(user.firstOrganizationId) : '/profile';
}

/** The user menu's "Organization(s)" entry: like home, but the list when there is no organization. */
export function organizationsMenuPath(user: SessionUser): string {
  const home = homePath(user);
  return home === '/profile' ? '/organizations' : home;
}

/** The page a guard sent the person away from, if it is one they may return to. */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return /^\/(login|logout)\b/.test(from) ? null : from;
}
