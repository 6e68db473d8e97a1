import type { SignInRequest, SignInResponse } from '@qualis/contract';
import { api } from '../../app/api';
import { currentLanguage } from '../../app/i18n';

/** Signs in; the language on screen becomes the language of the person's e-mails. */
export async function signIn(request: Omit<SignInRequest, 'language'>) {
  const body: SignInRequest = { ...request, language: currentLanguage() };
  const response = await api.request<SignInResponse>('/sessions', { method: 'POST', body, silent: true });
  return response.data;
}

export function signOut(refreshToken: string) {
  return api.request<void>('/sessions', { method: 'DELETE', body: { refreshToken }, silent: true });
}
