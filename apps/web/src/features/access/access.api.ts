import { endpoints, type AccessFlags } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** What a person may do while the server has not answered yet: nothing. */
export const NO_ACCESS: AccessFlags = {
  role: 'User',
  canViewHrRecords: false,
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
 * The signed-in person's access flags in an organization (spec 01 section 3, "Client user access"),
 * as the server's policies decide them for every role (Admins and the SuperAdmin get every flag).
 * Fetched for every organization entered and on every page load, so changed permissions show on
 * the next load.
 */
export function useAccessFlags(organizationId: string) {
  const query = useQuery({
    queryKey: accessQueryKey(organizationId),
    queryFn: ({ signal }) => api.call(endpoints.profile.accessFlags, { query: { organizationId }, signal }),
    select: (response) => response.data,
    enabled: organizationId !== '',
  });
  return { flags: query.data ?? NO_ACCESS, isLoading: query.isPending };
}

/** Someone who can view neither documents nor tasks meets the blocking screen. */
export const isBlocked = (flags: AccessFlags) => !flags.canViewDocuments && !flags.canViewTasks;
