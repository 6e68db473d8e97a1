import { endpoints, type MembershipRestriction, type Person } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

/** The two populations of an organization: the same calls under two paths (docs/api.md). */
export type PeopleKind = 'admins' | 'users';

export const peopleKeys = {
  all: (kind: PeopleKind, organizationId: string) => ['people', kind, organizationId] as const,
  list: (kind: PeopleKind, organizationId: string, params: ListQueryParams) =>
    ['people', kind, organizationId, 'list', params] as const,
  options: (kind: PeopleKind, organizationId: string, search: string) =>
    ['people', kind, organizationId, 'options', search] as const,
  settings: (organizationId: string, userId: string) => ['people', 'settings', organizationId, userId] as const,
};

export function usePeopleList(kind: PeopleKind, organizationId: string, params: ListQueryParams, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.list(kind, organizationId, params),
    queryFn: ({ signal }) =>
      api.call(endpoints[kind].list, {
        query: { organizationId, ...params },
        signal,
        notFoundPage: true,
      }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** 'Add Existing' options: people of the caller's other organizations, at most 20, by search. */
export function usePersonOptions(kind: PeopleKind, organizationId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.options(kind, organizationId, search),
    queryFn: ({ signal }) => api.call(endpoints[kind].options, { query: { organizationId, search }, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

function useInvalidatePeople(kind: PeopleKind, organizationId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: peopleKeys.all(kind, organizationId) });
}

export interface PersonNames {
  firstName: string;
  lastName: string;
  email: string;
}

export function useCreatePerson(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: (person: PersonNames) => api.call(endpoints[kind].create, { body: { organizationId, ...person } }),
    onSuccess: invalidate,
  });
}

export function useAddPeople(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: (ids: string[]) => api.call(endpoints[kind].add, { body: { organizationId, ids } }),
    onSuccess: invalidate,
  });
}

/** First name, last name and, only when it changed, the e-mail (PUT /users/{id}). */
export interface PersonEdit {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
}

export function useEditPerson(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: ({ id, ...body }: PersonEdit) => api.call(endpoints.accounts.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useSetPersonStatus(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: ({ id, ids, status }: { id: string; ids: string[]; status: Person['status'] }) =>
      api.call(endpoints[kind].setStatus, { params: { id }, body: { ids, status } }),
    onSuccess: invalidate,
  });
}

export function useDeletePerson(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: ({ id, organizationIds }: { id: string; organizationIds: string[] }) =>
      api.call(endpoints[kind].remove, { params: { id }, query: { organizationIds } }),
    onSuccess: invalidate,
  });
}

export function useResendInvite() {
  return useMutation({
    mutationFn: (email: string) => api.call(endpoints.accounts.resendInvite, { body: { email } }),
  });
}

export function useGenerateAccessCode(organizationId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      api.call(endpoints.accounts.generateAccessCode, { params: { userId }, body: { organizationId } }),
  });
}

/** The read-only 'Access Permissions' page: the person, their groups and all 56 switches. */
export function useUserAccessSettings(organizationId: string, userId: string) {
  return useQuery({
    queryKey: peopleKeys.settings(organizationId, userId),
    queryFn: ({ signal }) =>
      api.call(endpoints.users.accessSettings, {
        params: { id: userId },
        query: { organizationId },
        signal,
        notFoundPage: true,
      }),
    select: (response) => response.data,
    staleTime: 0,
    retry: false,
  });
}

/** The server's text of a success answer: `message` or `data.message`. */
/** PUT /client-users/{id}/restriction: the restriction of the person's membership here (spec 03 section 6). */
export function useSetRestriction(organizationId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (restriction: MembershipRestriction) =>
      api.call(endpoints.users.setRestriction, { params: { id: userId }, body: { organizationId, restriction } }),
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.settings(organizationId, userId) }),
  });
}

export function serverMessage(answer: unknown): string | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const { message, data } = answer as { message?: unknown; data?: { message?: unknown } | null };
  if (typeof message === 'string' && message) return message;
  if (data && typeof data === 'object' && typeof data.message === 'string' && data.message) return data.message;
  return undefined;
}
