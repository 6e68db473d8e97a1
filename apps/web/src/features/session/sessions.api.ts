import { endpoints, type SignInRequest } from '@qualis/contract';
import { api } from '../../shared/api';
import { currentLanguage } from '../../shared/i18n';

/** Signs in; the language on screen becomes the language of the person's e-mails. */
export async function signIn(request: Omit<SignInRequest, 'language'>) {
  const body: SignInRequest = { ...request, language: currentLanguage() };
  const response = await api.call(endpoints.sessions.signIn, { body, silent: true });
  return response.data;
}

export function signOut(refreshToken: string) {
  return api.call(endpoints.sessions.signOut, { body: { refreshToken }, silent: true });
}
