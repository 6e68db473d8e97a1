import { endpoints, type AuditTrailFilters } from '@qualis/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

const trail = endpoints.auditTrail;

/** Whose trail: an organization's (its id), or the provider's (undefined: the SuperAdmin's area). */
export type TrailOwner = string | undefined;

export const auditTrailKeys = {
  all: (owner: TrailOwner) => ['audit-trail', owner ?? 'provider'] as const,
  list: (owner: TrailOwner, params: ListQueryParams, filters: AuditTrailFilters) =>
    ['audit-trail', owner ?? 'provider', 'list', params, filters] as const,
  verification: (owner: TrailOwner) => ['audit-trail', owner ?? 'provider', 'verification'] as const,
  reviews: (owner: TrailOwner, page: number) => ['audit-trail', owner ?? 'provider', 'reviews', page] as const,
};

type ListParams = Pick<ListQueryParams, 'limit' | 'offset' | 'orderBy' | 'orderType'>;

export function useAuditTrail(owner: TrailOwner, params: ListQueryParams, filters: AuditTrailFilters) {
  const { limit, offset, orderBy, orderType }: ListParams = params;
  const page = { limit, offset, orderBy, orderType, ...filters };
  return useQuery({
    queryKey: auditTrailKeys.list(owner, params, filters),
    queryFn: ({ signal }) =>
      owner
        ? api.call(trail.list, { query: { organizationId: owner, ...page }, signal, notFoundPage: true })
        : api.call(trail.providerList, { query: page, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditTrailVerification(owner: TrailOwner) {
  return useQuery({
    queryKey: auditTrailKeys.verification(owner),
    queryFn: ({ signal }) =>
      owner
        ? api.call(trail.verification, { query: { organizationId: owner }, signal })
        : api.call(trail.providerVerification, { signal }),
    select: (answer) => answer.data,
  });
}

export const REVIEWS_PAGE_SIZE = 10;

export function useAuditReviews(owner: TrailOwner, page: number) {
  const query = { limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE };
  return useQuery({
    queryKey: auditTrailKeys.reviews(owner, page),
    queryFn: ({ signal }) =>
      owner
        ? api.call(trail.reviews, { query: { organizationId: owner, ...query }, signal })
        : api.call(trail.providerReviews, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface MarkReviewedInput {
  filters: AuditTrailFilters;
  upToSeq: number;
  comment: string;
}

/** 'Mark reviewed'; the reviews, the list and the verification are read again (the review is an event). */
export function useMarkReviewed(owner: TrailOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReviewedInput) =>
      owner
        ? api.call(trail.markReviewed, { body: { organizationId: owner, ...input } })
        : api.call(trail.providerMarkReviewed, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: auditTrailKeys.all(owner) }),
  });
}

/** The export of the filtered view, as CSV or PDF. */
export function downloadAuditTrail(owner: TrailOwner, format: 'csv' | 'pdf', query: ListParams & AuditTrailFilters) {
  const { orderBy, orderType, ...filters } = query;
  const exportQuery = { orderBy, orderType, ...filters };
  if (owner) {
    const endpoint = format === 'csv' ? trail.exportCsv : trail.exportPdf;
    return api.download(endpoint, { query: { organizationId: owner, ...exportQuery } });
  }
  const endpoint = format === 'csv' ? trail.providerExportCsv : trail.providerExportPdf;
  return api.download(endpoint, { query: exportQuery });
}
