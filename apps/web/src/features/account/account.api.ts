import {
  endpoints,
  type ConfirmEmailRequest,
  type PasswordWithTokenRequest,
  type SessionUser,
  type TokenCheckRequest,
} from '@qualis/contract';
import { api } from '../../shared/api';
import { sessionStore } from '../../shared/session-store';

export type LinkType = TokenCheckRequest['type'];

/** Public calls: the e-mailed token is the proof, so they go without a session and report their own failures. */
export async function requestPasswordReset(email: string) {
  const response = await api.call(endpoints.accounts.requestPasswordReset, { body: { email }, silent: true });
  return response.data.message;
}

export async function checkLinkToken(request: TokenCheckRequest) {
  const response = await api.call(endpoints.accounts.checkLinkToken, { body: request, silent: true });
  return response.data;
}

export async function resetPassword(request: PasswordWithTokenRequest) {
  const response = await api.call(endpoints.accounts.resetPassword, { body: request, silent: true });
  return response.data.message;
}

export async function setPassword(request: PasswordWithTokenRequest) {
  const response = await api.call(endpoints.accounts.setPassword, { body: request, silent: true });
  return response.data.message;
}

export async function confirmEmail(request: ConfirmEmailRequest) {
  const response = await api.call(endpoints.accounts.confirmEmail, { body: request, silent: true });
  return response.data.message;
}

/** Writes the newest profile into the stored session, so the header and guards see it. */
export function storeSessionUser(user: SessionUser) {
  const session = sessionStore.get();
  if (!session) return;
  sessionStore.start(user, session.token, session.storage === 'local');
}
