import { endpoints, type AccessFlags, type Role } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Admins and the SuperAdmin may do everything inside an organization. */
export const FULL_ACCESS: AccessFlags = {
  canViewDocuments: true,
  canViewTasks: true,
  canViewTrainingRecords: true,
  canManageOrganization: true,
  canAddDocuments: true,
  canAddTasks: true,
  canAddTrainingRecords: true,
};

/** What a person without any group permission may do: nothing. */
export const NO_ACCESS: AccessFlags = {
  canViewDocuments: false,
  canViewTasks: false,
  canViewTrainingRecords: false,
  canManageOrganization: false,
  canAddDocuments: false,
  canAddTasks: false,
  canAddTrainingRecords: false,
};

export const accessQueryKey = (organizationId: string) => ['access', organizationId] as const;

/**
 * The signed-in person's access flags in an organization (spec 01 section 3, "Client user access").
 * Only ordinary users depend on their groups; the flags are fetched for every organization entered
 * and on every page load, so changed permissions show on the next load.
 */
export function useAccessFlags(organizationId: string, role: Role) {
  const isUser = role === 'User';
  const query = useQuery({
    queryKey: accessQueryKey(organizationId),
    queryFn: ({ signal }) => api.call(endpoints.profile.accessFlags, { query: { organizationId }, signal }),
    select: (response) => response.data,
    enabled: isUser && organizationId !== '',
  });
  if (!isUser) return { flags: FULL_ACCESS, isLoading: false };
  return { flags: query.data ?? NO_ACCESS, isLoading: query.isPending };
}

/** An ordinary user who can view neither documents nor tasks meets the blocking screen. */
export const isBlocked = (role: Role, flags: AccessFlags) =>
  role === 'User' && !flags.canViewDocuments && !flags.canViewTasks;
