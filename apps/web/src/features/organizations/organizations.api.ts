import { endpoints, type EndpointQuery, type ListEnvelope, type Organization } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

export function useOrganizationList(params: ListQueryParams) {
  return useQuery({
    queryKey: ['organizations', 'list', params],
    queryFn: ({ signal }) =>
      api.call(endpoints.organizations.list, { query: { ...params }, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(organizationId: string) {
  return useQuery({
    queryKey: ['organizations', organizationId],
    queryFn: ({ signal }) =>
      api.call(endpoints.organizations.get, {
        params: { organizationId },
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
    mutationFn: (name: string) => api.call(endpoints.organizations.create, { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organizations'] }),
  });
}

export function useRenameOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.call(endpoints.organizations.rename, { params: { organizationId: id }, body: { name } }),
    onSuccess: (answer) => applyToLists(client, answer.data.id, () => answer.data),
  });
}

/**
 * The two switches of a row, status (Active ↔ Inactive) and managed by client: the server flips
 * the value, and the row changes only when it has answered (no optimistic flip).
 */
function useOrganizationToggle(
  endpoint: typeof endpoints.organizations.toggleStatus | typeof endpoints.organizations.toggleManagedByClient,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(endpoint, { params: { organizationId: id } }),
    onSuccess: ({ data }) => applyToLists(client, data.id, (o) => ({ ...o, ...data })),
  });
}

export const useToggleOrganizationStatus = () => useOrganizationToggle(endpoints.organizations.toggleStatus);
export const useToggleManagedByClient = () => useOrganizationToggle(endpoints.organizations.toggleManagedByClient);

/** Uploads the cropped image, then makes it the organization's logo. */
export function useSetOrganizationLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, image, fileName }: { id: string; image: Blob; fileName: string }) => {
      const form = new FormData();
      form.append('file', image, fileName);
      const uploaded = await api.call(endpoints.uploads.image, { body: form });
      return api.call(endpoints.organizations.setLogo, { params: { organizationId: id, imageId: uploaded.data.id } });
    },
    onSuccess: (answer) => applyToLists(client, answer.data.id, () => answer.data),
  });
}

export function useDeleteOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(endpoints.organizations.remove, { params: { organizationId: id } }),
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
export function downloadOrganizationsCsv(query: EndpointQuery<typeof endpoints.organizations.export>) {
  return api.download(endpoints.organizations.export, { query });
}

/** GET /export/Organization-logs: queues the report, which is e-mailed; answers a message. */
export function useOrganizationLogsExport() {
  return useMutation({
    mutationFn: (query: EndpointQuery<typeof endpoints.organizations.exportLogs>) =>
      api.call(endpoints.organizations.exportLogs, { query }),
  });
}

/** 'Export everything': queues the organization's inspection package, e-mailed to the requester as a link. */
export function useInspectionPackage() {
  return useMutation({
    mutationFn: (id: string) => api.call(endpoints.organizations.inspectionPackage, { params: { organizationId: id } }),
  });
}
