import { endpoints } from '@qualis/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

/** Entries in the bell's dropdown (spec 01 section 9). */
export const BELL_ITEMS = 3;

export function useNotificationCount(organizationId: string) {
  return useQuery({
    queryKey: ['notifications', organizationId, 'count'],
    queryFn: ({ signal }) => api.call(endpoints.notifications.count, { query: { organizationId }, signal }),
    select: (response) => response.data.count,
    refetchInterval: 60_000,
  });
}

export function useLatestNotifications(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', organizationId, 'latest'],
    queryFn: ({ signal }) =>
      api.call(endpoints.notifications.list, {
        query: { organizationId, limit: BELL_ITEMS, offset: 0 },
        signal,
      }),
    enabled,
  });
}

export function useNotificationList(organizationId: string, params: ListQueryParams) {
  return useQuery({
    queryKey: ['notifications', organizationId, 'list', params],
    queryFn: ({ signal }) =>
      api.call(endpoints.notifications.list, {
        query: { organizationId, ...params },
        signal,
        notFoundPage: true,
      }),
    placeholderData: keepPreviousData,
  });
}
