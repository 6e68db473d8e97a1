import { endpoints, type UpdateHrRecordRequest } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { StoredFileDownload } from '../../shared/api-client';
import type { ListQueryParams } from '../../components/DataTable/table-state';
import { FILE_DOWNLOAD_TIMEOUT_MS } from '../documents/documents.api';

export const hrKeys = {
  all: (organizationId: string) => ['human-resources', organizationId] as const,
  lists: (organizationId: string) => ['human-resources', organizationId, 'list'] as const,
  list: (organizationId: string, params: ListQueryParams) =>
    ['human-resources', organizationId, 'list', params] as const,
  detail: (organizationId: string, resourceId: string) =>
    ['human-resources', organizationId, 'detail', resourceId] as const,
};

export function useHrRecordList(organizationId: string, params: ListQueryParams) {
  return useQuery({
    queryKey: hrKeys.list(organizationId, params),
    queryFn: ({ signal }) =>
      api.call(endpoints.hrRecords.list, { query: { organizationId, ...params }, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

/** One HR record; a failure is the caller's to handle (the detail goes back to the list). */
export function useHrRecord(organizationId: string, resourceId: string) {
  return useQuery({
    queryKey: hrKeys.detail(organizationId, resourceId),
    queryFn: ({ signal }) =>
      api.call(endpoints.hrRecords.detail, { params: { resourceId }, query: { organizationId }, signal, detail: true }),
    select: (response) => response.data,
    retry: false,
    staleTime: 0,
  });
}

export type HrRecordInput = Pick<UpdateHrRecordRequest, 'fileId' | 'tagIds'>;

export function useUpdateHrRecord(organizationId: string, resourceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HrRecordInput) =>
      api.call(endpoints.hrRecords.update, {
        params: { resourceId },
        body: { organizationId, id: resourceId, ...input },
      }),
    onSuccess: async (answer) => {
      client.setQueryData(hrKeys.detail(organizationId, resourceId), { data: answer.data });
      await client.invalidateQueries({ queryKey: hrKeys.all(organizationId) });
    },
  });
}

export function useDeleteHrRecords(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.call(endpoints.hrRecords.remove, { query: { organizationId, ids } }),
    // Only the lists: a deleted record's open detail is left for the list, not refetched into a 404.
    onSuccess: () => client.invalidateQueries({ queryKey: hrKeys.lists(organizationId) }),
  });
}

/** The CV's bytes and name (30 s at most); the caller swallows a failure, as for documents (spec 03 section 8). */
export async function fetchCvFile(
  organizationId: string,
  resourceId: string,
  fileId: string,
): Promise<StoredFileDownload> {
  const signal = AbortSignal.timeout(FILE_DOWNLOAD_TIMEOUT_MS);
  const link = await api.call(endpoints.hrRecords.file, {
    params: { resourceId, fileId },
    query: { organizationId },
    signal,
    quiet: true,
  });
  const file = await api.downloadPath(link.data.path, { signal, quiet: true });
  return { ...file, fileName: link.data.fileName || file.fileName };
}
