import { endpoints, type CreateActionRequest, type UpdateActionRequest } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ListQueryParams, TableFilters } from '../../components/DataTable/table-state';

export const actionKeys = {
  all: (organizationId: string) => ['actions', organizationId] as const,
  list: (organizationId: string, params: ListQueryParams, filters: TableFilters = {}) =>
    ['actions', organizationId, 'list', params, filters] as const,
  detail: (organizationId: string, taskId: string) => ['actions', organizationId, 'detail', taskId] as const,
  members: (organizationId: string, search: string) => ['member-options', organizationId, search] as const,
};

/** A page of the actions list in its filters (status, assigneeId, dueDateFrom, dueDateTo). */
export function useActionList(organizationId: string, params: ListQueryParams, filters: TableFilters) {
  return useQuery({
    queryKey: actionKeys.list(organizationId, params, filters),
    queryFn: ({ signal }) =>
      api.call(endpoints.actions.list, {
        query: { organizationId, ...filters, ...params },
        signal,
        notFoundPage: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One action; a failure is the caller's to handle (the detail goes back to the list). */
export function useAction(organizationId: string, taskId: string) {
  return useQuery({
    queryKey: actionKeys.detail(organizationId, taskId),
    queryFn: ({ signal }) =>
      api.call(endpoints.actions.detail, { params: { taskId }, query: { organizationId }, signal, detail: true }),
    select: (response) => response.data,
    retry: false,
    staleTime: 0,
  });
}

/** People of the organization for the assigner and assignee pickers: at most 20, by search. */
export function useMemberOptions(organizationId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: actionKeys.members(organizationId, search),
    queryFn: ({ signal }) =>
      api.call(endpoints.actions.memberOptions, {
        params: { organizationId },
        query: { search: search || undefined },
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidateActions(organizationId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: actionKeys.all(organizationId) });
}

export type ActionInput = Omit<CreateActionRequest, 'organizationId'>;

export function useCreateAction(organizationId: string) {
  const invalidate = useInvalidateActions(organizationId);
  return useMutation({
    mutationFn: (input: ActionInput) => api.call(endpoints.actions.create, { body: { organizationId, ...input } }),
    onSuccess: invalidate,
  });
}

export function useUpdateAction(organizationId: string, taskId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateActions(organizationId);
  return useMutation({
    mutationFn: (input: Omit<UpdateActionRequest, 'organizationId'>) =>
      api.call(endpoints.actions.update, { params: { taskId }, body: { organizationId, ...input } }),
    onSuccess: async (answer) => {
      client.setQueryData(actionKeys.detail(organizationId, taskId), { data: answer.data });
      await invalidate();
    },
  });
}

export function useDeleteActions(organizationId: string) {
  const invalidate = useInvalidateActions(organizationId);
  return useMutation({
    mutationFn: (ids: string[]) => api.call(endpoints.actions.remove, { query: { organizationId, ids } }),
    onSuccess: invalidate,
  });
}
