import { endpoints, type ReviewedNoChangeRequest } from '@qualis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { entryKeys } from '../settings/settings.api';

// Periodic review (docs/decisions/0033-periodic-review.md): its settings, a document's schedule
// and 'Reviewed, no change', and the dashboard's overdue reviews.

const rows = endpoints.periodicReview;
const reviewKey = (organizationId: string, documentId: string) =>
  ['documents', organizationId, documentId, 'periodic-review'] as const;

export function usePeriodicReview(organizationId: string, documentId: string) {
  return useQuery({
    queryKey: reviewKey(organizationId, documentId),
    queryFn: ({ signal }) => api.call(rows.read, { params: { documentId }, query: { organizationId }, signal }),
    select: (answer) => answer.data,
  });
}

export function useReviewedNoChange(organizationId: string, documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReviewedNoChangeRequest, 'organizationId'>) =>
      api.call(rows.reviewedNoChange, { params: { documentId }, body: { organizationId, ...body } }),
    onSuccess: (answer) => {
      client.setQueryData(reviewKey(organizationId, documentId), { data: answer.data });
      void client.invalidateQueries({ queryKey: ['dashboard', organizationId] });
      void client.invalidateQueries({ queryKey: ['actions'] });
    },
  });
}

/** The organization's document types with their review intervals (the settings' list, its cache). */
export function useDocumentTypes(organizationId: string) {
  return useQuery({
    queryKey: entryKeys(organizationId, 'document-types'),
    queryFn: ({ signal }) =>
      api.call(endpoints.settings['document-types'].list, { params: { organizationId }, query: {}, signal }),
    select: (answer) => answer.data,
  });
}

export function useSetReviewInterval(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewIntervalMonths }: { id: string; reviewIntervalMonths: number | null }) =>
      api.call(rows.setInterval, { params: { organizationId, id }, body: { reviewIntervalMonths } }),
    onSuccess: () => client.invalidateQueries({ queryKey: entryKeys(organizationId, 'document-types') }),
  });
}

export function useSetReviewReminder(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reviewReminderDays: number) =>
      api.call(rows.setReminder, { params: { organizationId }, body: { reviewReminderDays } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organizations', organizationId] }),
  });
}

export function useOverdueReviews(organizationId: string) {
  return useQuery({
    queryKey: ['dashboard', organizationId, rows.overdue.path],
    queryFn: ({ signal }) => api.call(rows.overdue, { query: { organizationId }, signal }),
    select: (answer) => answer.data,
  });
}
