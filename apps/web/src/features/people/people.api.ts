import type {
  DataEnvelope,
  ListEnvelope,
  Person,
  PersonOption,
  SessionUser,
  UserAccessSettings,
} from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

/** The two populations of an organization: the same calls under two paths (docs/api.md). */
export type PeopleKind = 'admins' | 'users';

export const PEOPLE_PATHS: Record<PeopleKind, { api: string; export: string }> = {
  admins: { api: '/client-admins', export: '/export/admins' },
  users: { api: '/client-users', export: '/export/users' },
};

/** Answers of the changing calls: the record and, often, the success text (spec 02 section 8). */
export interface Changed<T> {
  data: T;
  message?: string;
}

export const peopleKeys = {
  all: (kind: PeopleKind, organizationId: string) => ['people', kind, organizationId] as const,
  list: (kind: PeopleKind, organizationId: string, params: ListQueryParams) =>
    ['people', kind, organizationId, 'list', params] as const,
  options: (kind: PeopleKind, organizationId: string, search: string) =>
    ['people', kind, organizationId, 'options', search] as const,
  settings: (organizationId: string, userId: string) => ['people', 'settings', organizationId, userId] as const,
};

const personPath = (kind: PeopleKind, id: string) => `${PEOPLE_PATHS[kind].api}/${encodeURIComponent(id)}`;

export function usePeopleList(kind: PeopleKind, organizationId: string, params: ListQueryParams, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.list(kind, organizationId, params),
    queryFn: ({ signal }) =>
      api.request<ListEnvelope<Person>>(PEOPLE_PATHS[kind].api, {
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
    queryFn: ({ signal }) =>
      api.request<DataEnvelope<PersonOption[]>>(`${PEOPLE_PATHS[kind].api}/all`, {
        query: { organizationId, search },
        signal,
      }),
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
    mutationFn: (person: PersonNames) =>
      api.request<Changed<Person>>(PEOPLE_PATHS[kind].api, { method: 'POST', body: { organizationId, ...person } }),
    onSuccess: invalidate,
  });
}

export function useAddPeople(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.request<Changed<{ ids: string[] }>>(`${PEOPLE_PATHS[kind].api}/add`, {
        method: 'POST',
        body: { organizationId, ids },
      }),
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
    mutationFn: ({ id, ...body }: PersonEdit) =>
      api.request<Changed<SessionUser>>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSetPersonStatus(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: ({ id, ids, status }: { id: string; ids: string[]; status: Person['status'] }) =>
      api.request<Changed<Person>>(`${personPath(kind, id)}/status`, { method: 'PATCH', body: { ids, status } }),
    onSuccess: invalidate,
  });
}

export function useDeletePerson(kind: PeopleKind, organizationId: string) {
  const invalidate = useInvalidatePeople(kind, organizationId);
  return useMutation({
    mutationFn: ({ id, organizationIds }: { id: string; organizationIds: string[] }) =>
      api.request<Changed<{ id: string }>>(personPath(kind, id), {
        method: 'DELETE',
        query: { organizationIds },
      }),
    onSuccess: invalidate,
  });
}

export function useResendInvite() {
  return useMutation({
    mutationFn: (email: string) =>
      api.request<Changed<{ message?: string }>>('/verifications/resend-invite', { method: 'POST', body: { email } }),
  });
}

export function useGenerateAccessCode(organizationId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      api.request<DataEnvelope<{ message: string }>>(`/verifications/user-access-code/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { organizationId },
      }),
  });
}

/** The read-only 'Access Permissions' page: the person, their groups and all 56 switches. */
export function useUserAccessSettings(organizationId: string, userId: string) {
  return useQuery({
    queryKey: peopleKeys.settings(organizationId, userId),
    queryFn: ({ signal }) =>
      api.request<DataEnvelope<UserAccessSettings>>(`/client-users/${encodeURIComponent(userId)}/settings`, {
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
export function serverMessage(answer: unknown): string | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const { message, data } = answer as { message?: unknown; data?: { message?: unknown } | null };
  if (typeof message === 'string' && message) return message;
  if (data && typeof data === 'object' && typeof data.message === 'string' && data.message) return data.message;
  return undefined;
}
