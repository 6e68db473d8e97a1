import { endpoints } from '@qualis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** The two named lists of an organization's settings. */
export type EntryKind = 'document-types' | 'tags';

export const entryKeys = (organizationId: string, kind: EntryKind) => ['settings', organizationId, kind] as const;

export function useEntries(organizationId: string, kind: EntryKind) {
  return useQuery({
    queryKey: entryKeys(organizationId, kind),
    queryFn: ({ signal }) => api.call(endpoints.settings[kind].list, { params: { organizationId }, query: {}, signal }),
    select: (response) => response.data,
  });
}

export function useCreateEntry(organizationId: string, kind: EntryKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.call(endpoints.settings[kind].create, { params: { organizationId }, body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: entryKeys(organizationId, kind) }),
  });
}

export function useDeleteEntry(organizationId: string, kind: EntryKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(endpoints.settings[kind].remove, { params: { organizationId, id } }),
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
      const uploaded = await api.call(endpoints.uploads.image, { body: form });
      return api.call(endpoints.organizations.setLogo, { params: { organizationId, imageId: uploaded.data.id } });
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

/** Switches the organization's password at signing on or off (Admins and the SuperAdmin). */
export function useChangeSigning(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (signingRequiresPassword: boolean) =>
      api.call(endpoints.organizations.setSigning, {
        params: { organizationId },
        body: { signingRequiresPassword },
      }),
    onSuccess: (answer) => client.setQueryData(['organizations', organizationId], { data: answer.data }),
  });
}
