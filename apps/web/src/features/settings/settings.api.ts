import type { DataEnvelope, DocumentType, Organization, Tag } from '@qualis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export interface Changed<T> {
  data: T;
  message?: string;
}

/** The two named lists of an organization's settings. */
export type EntryKind = 'document-types' | 'tags';

const organizationPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;
export const entryKeys = (organizationId: string, kind: EntryKind) => ['settings', organizationId, kind] as const;

export function useEntries(organizationId: string, kind: EntryKind) {
  return useQuery({
    queryKey: entryKeys(organizationId, kind),
    queryFn: ({ signal }) =>
      api.request<DataEnvelope<(DocumentType | Tag)[]>>(`${organizationPath(organizationId)}/${kind}`, { signal }),
    select: (response) => response.data,
  });
}

export function useCreateEntry(organizationId: string, kind: EntryKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.request<Changed<DocumentType | Tag>>(`${organizationPath(organizationId)}/${kind}`, {
        method: 'POST',
        body: { name },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: entryKeys(organizationId, kind) }),
  });
}

export function useDeleteEntry(organizationId: string, kind: EntryKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<Changed<{ id: string }>>(`${organizationPath(organizationId)}/${kind}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: entryKeys(organizationId, kind) }),
  });
}

/** Uploads the cropped image and makes it the organization's logo. */
export function useChangeLogo(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, fileName }: { image: Blob; fileName: string }) => {
      const form = new FormData();
      form.append('organizationId', organizationId);
      form.append('file', image, fileName);
      const uploaded = await api.request<DataEnvelope<{ id: string }>>('/upload/image', { method: 'POST', body: form });
      return api.request<Changed<Organization>>(
        `${organizationPath(organizationId)}/logo/${encodeURIComponent(uploaded.data.id)}`,
        { method: 'PUT' },
      );
    },
    onSuccess: (answer) => client.setQueryData(['organizations', organizationId], { data: answer.data }),
  });
}

/** Spec 02 section 9: sizes in 1024 steps, Bytes to YB. */
export function formatFileSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(2))} ${units[unit]}`;
}
