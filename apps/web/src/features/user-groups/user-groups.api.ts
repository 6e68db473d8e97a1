import { applyPermissionToggle, endpoints, type DataEnvelope } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

export const userGroupKeys = {
  all: (organizationId: string) => ['user-groups', organizationId] as const,
  list: (organizationId: string, params: ListQueryParams) => ['user-groups', organizationId, 'list', params] as const,
  users: (organizationId: string, groupId: string, params: ListQueryParams) =>
    ['user-groups', organizationId, groupId, 'users', params] as const,
  options: (organizationId: string, groupId: string, search: string) =>
    ['user-groups', organizationId, groupId, 'options', search] as const,
  settings: (organizationId: string, groupId: string) => ['user-groups', organizationId, groupId, 'settings'] as const,
  trainings: (organizationId: string, groupId: string) =>
    ['user-groups', organizationId, groupId, 'trainings'] as const,
  userTrainings: (organizationId: string, groupId: string, userId: string) =>
    ['user-groups', organizationId, groupId, 'trainings', userId] as const,
};

export function useUserGroupList(organizationId: string, params: ListQueryParams) {
  return useQuery({
    queryKey: userGroupKeys.list(organizationId, params),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.list, {
        query: { organizationId, ...params },
        signal,
        notFoundPage: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every group of the organization (the receiving-group choice when deleting); one page of 100. */
export function useAllUserGroups(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: userGroupKeys.list(organizationId, { limit: 100, offset: 0 }),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.list, { query: { organizationId, limit: 100, offset: 0 }, signal }),
    enabled,
  });
}

export function useGroupUsers(organizationId: string, groupId: string, params: ListQueryParams) {
  return useQuery({
    queryKey: userGroupKeys.users(organizationId, groupId, params),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.users, {
        params: { groupId },
        query: { organizationId, ...params },
        signal,
        notFoundPage: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The people who may join the group (at most 20, by search). */
export function useGroupUserOptions(organizationId: string, groupId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: userGroupKeys.options(organizationId, groupId, search),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.userOptions, {
        params: { groupId },
        query: { organizationId, search },
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

export function useGroupSettings(organizationId: string, groupId: string) {
  return useQuery({
    queryKey: userGroupKeys.settings(organizationId, groupId),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.settings, {
        params: { groupId },
        query: { organizationId },
        signal,
        notFoundPage: true,
      }),
    select: (response) => response.data,
    staleTime: 0,
  });
}

/** The trainings the group is an assignee of (the add wizard's second step). */
export function useGroupTrainings(organizationId: string, groupId: string, enabled: boolean) {
  return useQuery({
    queryKey: userGroupKeys.trainings(organizationId, groupId),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.trainings, { params: { groupId }, query: { organizationId }, signal }),
    select: (response) => response.data,
    enabled,
    staleTime: 0,
  });
}

/** The group's trainings a member is assigned to, passed or not (the remove dialog). */
export function useGroupUserTrainings(organizationId: string, groupId: string, userId: string) {
  return useQuery({
    queryKey: userGroupKeys.userTrainings(organizationId, groupId, userId),
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.userTrainings, {
        params: { groupId, userId },
        query: { organizationId },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 0,
  });
}

function useInvalidateGroups(organizationId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userGroupKeys.all(organizationId) });
}

export function useCreateUserGroup(organizationId: string) {
  const invalidate = useInvalidateGroups(organizationId);
  return useMutation({
    mutationFn: (name: string) => api.call(endpoints.userGroups.create, { body: { organizationId, name } }),
    onSuccess: invalidate,
  });
}

export function useRenameUserGroup(organizationId: string) {
  const invalidate = useInvalidateGroups(organizationId);
  return useMutation({
    mutationFn: ({ groupId, name }: { groupId: string; name: string }) =>
      api.call(endpoints.userGroups.rename, { params: { groupId }, body: { organizationId, name } }),
    onSuccess: invalidate,
  });
}

export function useDuplicateUserGroup(organizationId: string) {
  const invalidate = useInvalidateGroups(organizationId);
  return useMutation({
    mutationFn: ({ sourceGroupId, name }: { sourceGroupId: string; name: string }) =>
      api.call(endpoints.userGroups.duplicate, { body: { organizationId, sourceGroupId, name } }),
    onSuccess: invalidate,
  });
}

export function useDeleteUserGroup(organizationId: string) {
  const invalidate = useInvalidateGroups(organizationId);
  return useMutation({
    mutationFn: ({ groupId, groupReceiverId, acknowledge }: DeleteGroupInput) =>
      api.call(endpoints.userGroups.remove, {
        params: { groupId },
        query: { organizationId, groupReceiverId, acknowledge: acknowledge ? 'true' : undefined },
      }),
    onSuccess: invalidate,
  });
}

export interface DeleteGroupInput {
  groupId: string;
  groupReceiverId?: string;
  acknowledge: boolean;
}

/** Switches one permission over; the answer is the group's new list of switched-on types. */
export function useToggleGroupPermission(organizationId: string, groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: number) =>
      api.call(endpoints.userGroups.togglePermission, { params: { groupId }, body: { organizationId, type } }),
    // The same rules as the server give an instant preview; the server's answer then replaces it.
    onMutate: (type: number) => {
      const key = userGroupKeys.settings(organizationId, groupId);
      const current = client.getQueryData<DataEnvelope<number[]>>(key)?.data;
      if (current) {
        client.setQueryData(key, { data: applyPermissionToggle(current, type, !current.includes(type)) });
      }
    },
    onSuccess: (response) => client.setQueryData(userGroupKeys.settings(organizationId, groupId), response),
    onError: () => client.invalidateQueries({ queryKey: userGroupKeys.settings(organizationId, groupId) }),
  });
}

/** One entry per person; `trainingIds` are the group's trainings to assign (the wizard's second step). */
export interface GroupUserToAdd {
  userId: string;
  trainingIds: string[];
}

export function useAddGroupUsers(organizationId: string, groupId: string) {
  const invalidate = useInvalidateGroups(organizationId);
  return useMutation({
    mutationFn: (users: GroupUserToAdd[]) =>
      api.call(endpoints.userGroups.addUsers, { params: { groupId }, body: { organizationId, users } }),
    onSuccess: invalidate,
  });
}

export function useRemoveGroupUser(organizationId: string, groupId: string) {
  const invalidate = useInvalidateGroups(organizationId);
  return useMutation({
    mutationFn: ({ userId, trainingIds = [] }: { userId: string; trainingIds?: string[] }) =>
      api.call(endpoints.userGroups.removeUser, {
        params: { groupId, userId },
        query: { organizationId, trainingIds },
      }),
    onSuccess: invalidate,
  });
}
