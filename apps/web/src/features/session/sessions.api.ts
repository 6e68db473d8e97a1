import { endpoints, type SignInRequest } from '@qualis/contract';
import { api } from '../../app/api';

export async function signIn(request: SignInRequest) {
  const response = await api.call(endpoints.sessions.signIn, { body: request, silent: true });
  return response.data;
}

export function signOut(refreshToken: string) {
  return api.call(endpoints.sessions.signOut, { body: { refreshToken }, silent: true });
}
