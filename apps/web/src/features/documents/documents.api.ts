import {
  documentSigningEndpoints,
  endpoints,
  type DocumentStatus,
  type Endpoint,
  type EndpointBody,
} from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { StoredFileDownload } from '../../shared/api-client';
import type { ListQueryParams } from '../../components/DataTable/table-state';

export type DocumentListParams = ListQueryParams & {
  docTypeIds: string[];
  statuses?: DocumentStatus[];
  /** Only the documents whose periodic review date has passed. */
  isReviewOverdue?: boolean;
};
/** A call's body as the page gives it: the organization is added here. */
type Input<E extends Endpoint> = Omit<EndpointBody<E>, 'organizationId'>;
type Documents = typeof endpoints.documents;

export const documentKeys = {
  all: (organizationId: string) => ['documents', organizationId] as const,
  list: (organizationId: string, params: DocumentListParams) => ['documents', organizationId, 'list', params] as const,
  /** Everything of one document, every revision and section. */
  document: (organizationId: string, documentId: string) => ['documents', organizationId, documentId] as const,
  section: (organizationId: string, documentId: string, section: string, revision: number | undefined) =>
    ['documents', organizationId, documentId, section, revision ?? 'default'] as const,
};

export function useDocumentList(organizationId: string, params: DocumentListParams) {
  return useQuery({
    queryKey: documentKeys.list(organizationId, params),
    queryFn: ({ signal }) =>
      api.call(endpoints.documents.list, { query: { organizationId, ...params }, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

/** One revision of a document (the default one without `revision`); a failure is the page's to handle. */
export function useDocument(organizationId: string, documentId: string, revision: number | undefined) {
  return useQuery({
    queryKey: documentKeys.section(organizationId, documentId, 'general', revision),
    queryFn: ({ signal }) =>
      api.call(endpoints.documents.detail, {
        params: { documentId },
        query: { organizationId, revision },
        signal,
        detail: true,
      }),
    select: (response) => response.data,
    retry: false,
    staleTime: 0,
    enabled: documentId !== '',
  });
}

export function useQualityTasks(organizationId: string, documentId: string, revision: number, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.section(organizationId, documentId, 'quality-tasks', revision),
    queryFn: ({ signal }) =>
      api.call(endpoints.documents.qualityTasks, {
        params: { documentId },
        query: { organizationId, revision },
        signal,
      }),
    select: (response) => response.data,
    enabled,
  });
}

export function useReferences(organizationId: string, documentId: string, revision: number, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.section(organizationId, documentId, 'references', revision),
    queryFn: ({ signal }) =>
      api.call(endpoints.documents.references, { params: { documentId }, query: { organizationId, revision }, signal }),
    select: (response) => response.data,
    enabled,
  });
}

/** A page of the document's audit trail (oldest first); kept while the next page loads. */
export function useDocumentHistory(organizationId: string, documentId: string, page: number, limit: number) {
  return useQuery({
    queryKey: [...documentKeys.document(organizationId, documentId), 'history', page, limit],
    queryFn: ({ signal }) =>
      api.call(endpoints.documentRecords.history, {
        params: { documentId },
        query: { organizationId, limit, offset: (page - 1) * limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type SigningKind = 'review' | 'approval';

/** The Review or Approval section of a revision: its status and the responses of the current cycle. */
export function useSignatures(
  organizationId: string,
  documentId: string,
  revision: number,
  kind: SigningKind,
  enabled: boolean,
) {
  return useQuery({
    queryKey: documentKeys.section(organizationId, documentId, kind, revision),
    queryFn: async ({ signal }) => {
      const input = { params: { documentId }, query: { organizationId, revision }, signal };
      if (kind === 'review') {
        const { data } = await api.call(endpoints.documents.reviews, input);
        return {
          ...data,
          at: data.reviewedAt,
          canAdd: data.canAddReview,
          signatures: data.reviews,
          codeMissing: false,
        };
      }
      const { data } = await api.call(endpoints.documents.approvals, input);
      return {
        ...data,
        at: data.approvedAt,
        canAdd: data.canAddApproval,
        signatures: data.approvals,
        codeMissing: !data.hasValidAccessCode,
      };
    },
    enabled,
  });
}

/** 'Send me my access code' (an approver whose code is missing or expired); the Approval tab is read again. */
export function useSendOwnAccessCode(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.accounts.sendOwnAccessCode, { body: { organizationId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all(organizationId) }),
  });
}

/** After any change: every list, revision and section of the organization's documents, and the dashboard. */
function useInvalidateDocuments(organizationId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: documentKeys.all(organizationId) }),
      client.invalidateQueries({ queryKey: ['dashboard', organizationId] }),
    ]);
}

export type GeneralInput = Input<Documents['create']>;
export type GeneralUpdateInput = Input<Documents['updateGeneral']>;
export type RevisionInput = Input<Documents['addRevision']>;

export function useCreateDocument(organizationId: string) {
  const invalidate = useInvalidateDocuments(organizationId);
  return useMutation({
    mutationFn: (input: GeneralInput) => api.call(endpoints.documents.create, { body: { organizationId, ...input } }),
    onSuccess: invalidate,
  });
}

/** The document's calls once it exists: General, revisions, quality actions, references, signatures, delete. */
export function useDocumentMutations(organizationId: string, documentId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateDocuments(organizationId);
  const params = { documentId };
  const mutation = <I, O>(fn: (input: I) => Promise<O>) => ({ mutationFn: fn, onSuccess: invalidate });
  return {
    updateGeneral: useMutation(
      mutation((input: GeneralUpdateInput) =>
        api.call(endpoints.documents.updateGeneral, { params, body: { organizationId, ...input } }),
      ),
    ),
    addRevision: useMutation(
      mutation((input: RevisionInput) =>
        api.call(endpoints.documents.addRevision, { params, body: { organizationId, ...input } }),
      ),
    ),
    setFinal: useMutation(
      mutation((input: { revision: number; reason: string }) =>
        api.call(endpoints.documents.setFinal, { params, body: { organizationId, ...input } }),
      ),
    ),
    deleteRevision: useMutation({
      mutationFn: (input: { revision: number; reason: string | null }) =>
        api.call(endpoints.documents.deleteRevision, { params, query: { organizationId, ...input } }),
      // The deleted revision's sections are dropped, not fetched again (they would answer 404).
      onSuccess: (_answer, { revision }) => {
        client.removeQueries({
          predicate: ({ queryKey }) =>
            queryKey[0] === 'documents' && queryKey[2] === documentId && queryKey[4] === revision,
        });
        return invalidate();
      },
    }),
    updateQualityTasks: useMutation(
      mutation((input: Input<Documents['updateQualityTasks']>) =>
        api.call(endpoints.documents.updateQualityTasks, { params, body: { organizationId, ...input } }),
      ),
    ),
    updateReferences: useMutation(
      mutation((input: Input<Documents['updateReferences']>) =>
        api.call(endpoints.documents.updateReferences, { params, body: { organizationId, ...input } }),
      ),
    ),
    addReview: useMutation(
      mutation((input: Input<typeof documentSigningEndpoints.addReview>) =>
        api.call(documentSigningEndpoints.addReview, { params, body: { organizationId, ...input } }),
      ),
    ),
    addApproval: useMutation(
      mutation((input: Input<typeof documentSigningEndpoints.addApproval>) =>
        api.call(documentSigningEndpoints.addApproval, { params, body: { organizationId, ...input } }),
      ),
    ),
  };
}

export function useDeleteDocuments(organizationId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateDocuments(organizationId);
  return useMutation({
    mutationFn: ({ documentIds, reason }: { documentIds: string[]; reason: string | null }) =>
      api.call(endpoints.documents.remove, { query: { organizationId, documentIds, reason } }),
    // A deleted document's revisions and sections are dropped, not fetched again (they would answer 404).
    onSuccess: (_answer, { documentIds }) => {
      for (const id of documentIds) client.removeQueries({ queryKey: documentKeys.document(organizationId, id) });
      return invalidate();
    },
  });
}

/** What a withdrawal sends: no revision withdraws the whole document. */
export interface WithdrawInput {
  documentId: string;
  revision?: number;
  reason: string;
  accessCode: string;
  /** Only where the organization asks signers for their password. */
  password?: string;
}

/**
 * POST /documents/{id}/withdrawal (issue 23): a released document, or one final revision, becomes
 * Obsolete for a reason, signed with the person's password; it stays listed and readable.
 */
export function useWithdrawDocument(organizationId: string) {
  const invalidate = useInvalidateDocuments(organizationId);
  return useMutation({
    mutationFn: ({ documentId, ...body }: WithdrawInput) =>
      api.call(endpoints.documents.withdraw, { params: { documentId }, body: { organizationId, ...body } }),
    onSuccess: invalidate,
  });
}

/** Spec 03 section 9: a document file's download gives up after 30 s. */
export const FILE_DOWNLOAD_TIMEOUT_MS = 30_000;

/**
 * A file of a document revision: GET /documents/{id}/file/{fileId} names where its bytes are,
 * then they are fetched (30 s at most). Failures are the caller's to ignore (spec 03 section 8):
 * nothing is shown.
 */
export async function fetchDocumentFile(
  organizationId: string,
  documentId: string,
  fileId: string,
  revision: number | undefined,
): Promise<StoredFileDownload> {
  const signal = AbortSignal.timeout(FILE_DOWNLOAD_TIMEOUT_MS);
  const link = await api.call(endpoints.documents.file, {
    params: { documentId, fileId },
    query: { organizationId, revision },
    signal,
    quiet: true,
  });
  const file = await api.downloadPath(link.data.path, { signal, quiet: true });
  return { ...file, fileName: link.data.fileName || file.fileName };
}
