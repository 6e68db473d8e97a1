import type { Organization, SessionUser } from '@qualis/contract';

const dashboardOf = (organizationId: string) => `/organizations/${organizationId}/dashboard`;

/** Where a person goes after sign-in when no page was wanted (spec 01 section 4). */
export function homePath(user: SessionUser): string {
  if (user.role === 'SuperAdmin') return '/organizations';
  if (user.organizationCount > 1) return '/user-organizations';
  return user.firstOrganizationId ? dashboardOf(user.firstOrganizationId) : '/profile';
}

/**
 * Where a person goes after HTTP 422 (the organization or their membership in it is inactive;
 * spec 01 section 8): their organizations are read again, and with one (or no) other active
 * organization they go to its dashboard (else the profile); only with several to the chooser.
 */
export async function homeAfterInactive(
  user: SessionUser,
  leftOrganizationId: string | null,
  listOrganizations: () => Promise<readonly Organization[]>,
): Promise<string> {
  if (user.role === 'SuperAdmin') return '/organizations';
  const active = (await listOrganizations()).filter((o) => o.status === 'Active' && o.id !== leftOrganizationId);
  if (active.length > 1) return '/user-organizations';
  return active[0] ? dashboardOf(active[0].id) : '/profile';
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
