import type { DataEnvelope, ListEnvelope, Organization, OrganizationManagedByClient } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { QueryValue } from '../../app/api-client';
import type { ListQueryParams } from '../../components/DataTable/table-state';

/** An answer of a change: the record and, often, the server's success text. */
export interface Changed<T> {
  data: T;
  message?: string;
}

const organizationPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;

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

/** Puts the server's version of one organization into every cached list page, then refetches them. */
function applyToLists(client: QueryClient, id: string, change: (organization: Organization) => Organization) {
  client.setQueriesData<ListEnvelope<Organization>>({ queryKey: ['organizations', 'list'] }, (list) =>
    list ? { ...list, data: list.data.map((o) => (o.id === id ? change(o) : o)) } : list,
  );
  return client.invalidateQueries({ queryKey: ['organizations'] });
}

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.request<Changed<Organization>>('/organizations', { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organizations'] }),
  });
}

export function useRenameOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.request<Changed<Organization>>(`${organizationPath(id)}/name`, { method: 'PUT', body: { name } }),
    onSuccess: (answer) => applyToLists(client, answer.data.id, () => answer.data),
  });
}

/** Active ↔ Inactive. */
export function useToggleOrganizationStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<Changed<Organization>>(`${organizationPath(id)}/status`, { method: 'PATCH' }),
    onSuccess: (answer) => applyToLists(client, answer.data.id, () => answer.data),
  });
}

/** The switch calls at once; the row changes only when the server has answered (no optimistic flip). */
export function useToggleManagedByClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<Changed<OrganizationManagedByClient>>(`${organizationPath(id)}/managed-by-client`, {
        method: 'PATCH',
      }),
    onSuccess: ({ data }) =>
      applyToLists(client, data.id, (o) => ({ ...o, isManagedByClient: data.isManagedByClient })),
  });
}

/** Uploads the cropped image, then makes it the organization's logo. */
export function useSetOrganizationLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, image, fileName }: { id: string; image: Blob; fileName: string }) => {
      const form = new FormData();
      form.append('file', image, fileName);
      const uploaded = await api.request<DataEnvelope<{ id: string }>>('/upload/image', { method: 'POST', body: form });
      return api.request<Changed<Organization>>(
        `${organizationPath(id)}/logo/${encodeURIComponent(uploaded.data.id)}`,
        {
          method: 'PUT',
        },
      );
    },
    onSuccess: (answer) => applyToLists(client, answer.data.id, () => answer.data),
  });
}

export function useDeleteOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<DataEnvelope<{ message?: string }>>(organizationPath(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.setQueriesData<ListEnvelope<Organization>>({ queryKey: ['organizations', 'list'] }, (list) =>
        list
          ? {
              data: list.data.filter((o) => o.id !== id),
              pagination: { totalCount: Math.max(0, list.pagination.totalCount - 1) },
            }
          : list,
      );
      client.removeQueries({ queryKey: ['organizations', id] });
      return client.invalidateQueries({ queryKey: ['organizations'] });
    },
  });
}

/** GET /export/organizations: the CSV of the checked rows (or the whole search), visible columns in order. */
export function downloadOrganizationsCsv(query: Record<string, QueryValue>) {
  return api.download('/export/organizations', { query });
}

/** GET /export/Organization-logs: queues the report, which is e-mailed; answers a message. */
export function useOrganizationLogsExport() {
  return useMutation({
    mutationFn: (query: Record<string, QueryValue>) =>
      api.request<DataEnvelope<{ message?: string }>>('/export/Organization-logs', { query }),
  });
}
