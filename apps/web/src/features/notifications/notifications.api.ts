import { endpoints } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Entries in the bell's dropdown (spec 01 section 9). */
export const BELL_ITEMS = 3;
/** Entries on a page of the notifications page (spec 03 section 9). */
export const PAGE_ITEMS = 5;

const notificationsKey = (organizationId: string) => ['notifications', organizationId] as const;

export function useNotificationCount(organizationId: string) {
  return useQuery({
    queryKey: [...notificationsKey(organizationId), 'count'],
    queryFn: ({ signal }) => api.call(endpoints.notifications.count, { query: { organizationId }, signal }),
    select: (response) => response.data.count,
    refetchInterval: 60_000,
  });
}

export function useLatestNotifications(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey(organizationId), 'latest'],
    queryFn: ({ signal }) =>
      api.call(endpoints.notifications.list, {
        query: { organizationId, limit: BELL_ITEMS, offset: 0 },
        signal,
      }),
    enabled,
  });
}

/** One page (from 1) of the person's notifications, 5 a page, newest first. */
export function useNotificationPage(organizationId: string, page: number) {
  const offset = (page - 1) * PAGE_ITEMS;
  return useQuery({
    queryKey: [...notificationsKey(organizationId), 'page', page],
    queryFn: ({ signal }) =>
      api.call(endpoints.notifications.list, {
        query: { organizationId, limit: PAGE_ITEMS, offset },
        signal,
        notFoundPage: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Dismisses one unread notification (`id`), or all of the person's in the organization; the page,
 * the bell's count and its dropdown are read again. Answers the server's message.
 */
export function useDismissNotifications(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => api.call(endpoints.notifications.dismiss, { body: { organizationId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(organizationId) }),
  });
}
