import type { DataEnvelope, SessionUser } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export function useProfile() {
  return useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => api.request<DataEnvelope<SessionUser>>('/users/me/profile', { signal }),
    select: (response) => response.data,
  });
}
