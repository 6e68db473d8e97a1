import type { SignInRequest, SignInResponse } from '@qualis/contract';
import { api } from '../../app/api';

export async function signIn(request: SignInRequest) {
  const response = await api.request<SignInResponse>('/sessions', { method: 'POST', body: request, silent: true });
  return response.data;
}

export function signOut(refreshToken: string) {
  return api.request<void>('/sessions', { method: 'DELETE', body: { refreshToken }, silent: true });
}
