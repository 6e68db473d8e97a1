import {
  DEFAULT_PAGE_SIZE,
  endpoints,
  type CreateTrainingRequest,
  type PassTrainingRequest,
  type TrainingListQuery,
  type UpdateTrainingRequest,
} from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { StoredFileDownload } from '../../shared/api-client';
import type { ListQueryParams } from '../../components/DataTable/table-state';
import { documentKeys, FILE_DOWNLOAD_TIMEOUT_MS } from '../documents/documents.api';

export type TrainingListParams = ListQueryParams & { status: TrainingListQuery['status'] };

export const trainingKeys = {
  all: (organizationId: string) => ['training-records', organizationId] as const,
  list: (organizationId: string, params: TrainingListParams) =>
    ['training-records', organizationId, 'list', params] as const,
  detail: (organizationId: string, recordId: string) =>
    ['training-records', organizationId, 'detail', recordId] as const,
  progress: (organizationId: string, recordId: string) =>
    ['training-records', organizationId, 'progress', recordId] as const,
  progressPages: (organizationId: string, recordId: string, pages: ProgressPages) =>
    ['training-records', organizationId, 'progress', recordId, pages] as const,
};

/** Where the completion progress's two lists start: the passed people's and the pending people's. */
export interface ProgressPages {
  passedOffset: number;
  pendingOffset: number;
}

export function useTrainingList(organizationId: string, params: TrainingListParams) {
  return useQuery({
    queryKey: trainingKeys.list(organizationId, params),
    queryFn: ({ signal }) =>
      api.call(endpoints.trainingRecords.list, { query: { organizationId, ...params }, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

/** One training record; a failure is the caller's to handle (the detail goes back to the list). */
export function useTraining(organizationId: string, recordId: string) {
  return useQuery({
    queryKey: trainingKeys.detail(organizationId, recordId),
    queryFn: ({ signal }) =>
      api.call(endpoints.trainingRecords.detail, {
        params: { recordId },
        query: { organizationId },
        signal,
        detail: true,
      }),
    select: (response) => response.data,
    retry: false,
    staleTime: 0,
  });
}

/**
 * Who passed the training in the current round and who has still to: a page of each
 * (`DEFAULT_PAGE_SIZE` people) with their totals; the page shown stays while the next loads.
 */
export function useCompletionProgress(organizationId: string, recordId: string, pages: ProgressPages) {
  return useQuery({
    queryKey: trainingKeys.progressPages(organizationId, recordId, pages),
    queryFn: ({ signal }) =>
      api.call(endpoints.trainingRecords.completionProgress, {
        params: { recordId },
        query: { organizationId, limit: DEFAULT_PAGE_SIZE, ...pages },
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** User groups with at least one member, for the assignee picker: at most `limit`, by search. */
export function useAssigneeGroups(organizationId: string, search: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: ['assignee-groups', organizationId, search, limit],
    queryFn: ({ signal }) =>
      api.call(endpoints.userGroups.list, {
        query: { organizationId, search: search || undefined, limit, offset: 0, withUsers: 'true' },
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidateTrainings(organizationId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: trainingKeys.all(organizationId) });
}

export type TrainingInput = Omit<CreateTrainingRequest, 'organizationId'>;
export type TrainingUpdateInput = Omit<UpdateTrainingRequest, 'organizationId'>;

export function useCreateTraining(organizationId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateTrainings(organizationId);
  return useMutation({
    mutationFn: (input: TrainingInput) =>
      api.call(endpoints.trainingRecords.create, { body: { organizationId, ...input } }),
    onSuccess: async (_answer, input) => {
      await invalidate();
      // Created for a document revision (Create & Link Training): the document's Quality Actions
      // and its link-training action change with it.
      if (input.documentModel) {
        await Promise.all([
          client.invalidateQueries({ queryKey: documentKeys.all(organizationId) }),
          client.invalidateQueries({ queryKey: ['dashboard', organizationId] }),
        ]);
      }
    },
  });
}

export function useUpdateTraining(organizationId: string, recordId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateTrainings(organizationId);
  return useMutation({
    mutationFn: (input: TrainingUpdateInput) =>
      api.call(endpoints.trainingRecords.update, { params: { recordId }, body: { organizationId, ...input } }),
    onSuccess: async (answer) => {
      client.setQueryData(trainingKeys.detail(organizationId, recordId), { data: answer.data });
      await invalidate();
    },
  });
}

/**
 * Submits the answers. The training comes back refreshed (the person's status), and the
 * completion progress, the list and the dashboard reload.
 */
export function usePassTraining(organizationId: string, recordId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateTrainings(organizationId);
  return useMutation({
    mutationFn: (input: Omit<PassTrainingRequest, 'organizationId'>) =>
      api.call(endpoints.trainingRecords.pass, { params: { recordId }, body: { organizationId, ...input } }),
    onSuccess: async (answer) => {
      client.setQueryData(trainingKeys.detail(organizationId, recordId), { data: answer.data });
      await Promise.all([invalidate(), client.invalidateQueries({ queryKey: ['dashboard', organizationId] })]);
    },
  });
}

export function useDeleteTrainings(organizationId: string) {
  const invalidate = useInvalidateTrainings(organizationId);
  return useMutation({
    mutationFn: (ids: string[]) => api.call(endpoints.trainingRecords.remove, { query: { organizationId, ids } }),
    onSuccess: invalidate,
  });
}

/** A file of a training: where to fetch it, then its bytes (30 s at most, like a document's). */
export async function fetchTrainingFile(
  organizationId: string,
  recordId: string,
  fileId: string,
): Promise<StoredFileDownload> {
  const signal = AbortSignal.timeout(FILE_DOWNLOAD_TIMEOUT_MS);
  const link = await api.call(endpoints.trainingRecords.file, {
    params: { recordId, fileId },
    query: { organizationId },
    signal,
    quiet: true,
  });
  const file = await api.downloadPath(link.data.path, { signal, quiet: true });
  return { ...file, fileName: link.data.fileName || file.fileName };
}
