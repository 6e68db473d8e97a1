import type { DataEnvelope, ListEnvelope, Organization } from '@qualis/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

export function useOrganizationList(params: ListQueryParams) {
  return useQuery({
    queryKey: ['organizations', 'list', params],
    queryFn: ({ signal }) =>
      api.request<ListEnvelope<Organization>>('/organizations', { query: { ...params }, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(organizationId: string) {
  return useQuery({
    queryKey: ['organizations', organizationId],
    queryFn: ({ signal }) =>
      api.request<DataEnvelope<Organization>>(`/organizations/${encodeURIComponent(organizationId)}`, {
        signal,
        notFoundPage: true,
      }),
    select: (response) => response.data,
  });
}
