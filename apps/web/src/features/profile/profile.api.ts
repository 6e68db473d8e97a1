import {
  endpoints,
  type ChangePasswordRequest,
  type DataEnvelope,
  type LanguageRequest,
  type SessionUser,
} from '@qualis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { storeSessionUser } from '../account/account.api';

const PROFILE_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.call(endpoints.profile.get, { signal }),
    select: (response) => response.data,
  });
}

/** After a change the profile query and the stored session user (the header) show the new person. */
function useKeepProfile() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.setQueryData<DataEnvelope<SessionUser>>(PROFILE_KEY, { data: user });
    storeSessionUser(user);
  };
}

export function useUpdateName() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: ({ id, firstName, lastName }: { id: string; firstName: string | null; lastName: string | null }) =>
      api.call(endpoints.accounts.update, { params: { id }, body: { firstName, lastName } }),
    onSuccess: (response) => keep(response.data),
  });
}

export function useChangeEmail() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) =>
      api.call(endpoints.accounts.update, { params: { id }, body: { email } }),
    onSuccess: (response) => keep(response.data),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => api.call(endpoints.accounts.resendConfirmation, { body: { email } }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.call(endpoints.profile.changePassword, { body }),
  });
}

export function useToggleEmailNotifications() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (emailNotificationState: boolean) =>
      api.call(endpoints.profile.setEmailNotifications, { body: { emailNotificationState } }),
    onSuccess: (response) => keep(response.data),
  });
}

/** Stores the language of the switch as the language of the person's e-mails. */
export function useSaveLanguage() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (body: LanguageRequest) => api.call(endpoints.profile.setLanguage, { body }),
    onSuccess: (response) => keep(response.data),
  });
}

/** Uploads the cropped picture (POST /upload/image) and makes it the avatar. */
export function useSetAvatar() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: async ({ image, fileName }: { image: Blob; fileName: string }) => {
      const form = new FormData();
      form.append('file', image, fileName);
      const uploaded = await api.call(endpoints.uploads.image, { body: form });
      const imageId = uploaded.data.id;
      return api.call(endpoints.profile.setAvatar, { params: { imageId }, body: { imageId } });
    },
    onSuccess: (response) => keep(response.data),
  });
}

export function useRemoveAvatar() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: () => api.call(endpoints.profile.removeAvatar),
    onSuccess: (response) => keep(response.data),
  });
}
