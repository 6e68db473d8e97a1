import { endpoints, ORGANIZATION_SELECTION_LIMIT } from '@qualis/contract';
import { homeAfterInactive } from './home-path';
import { sessionStore } from './session-store';
import { createApiClient } from './api-client';
import { navigate, notify } from './bridges';
import { i18n } from './i18n';
import { translateMessage } from './server-text';

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  navigate,
  notify,
  text: (key) => i18n.t(`errors.${key}`),
  translate: translateMessage,
  location: () => `${window.location.pathname}${window.location.search}`,
  session: sessionStore,
  homeAfterInactive: (user, left) =>
    homeAfterInactive(user, left, () =>
      api
        .call(endpoints.organizations.list, {
          query: { limit: ORGANIZATION_SELECTION_LIMIT, offset: 0, orderBy: 'name', orderType: 'asc' },
        })
        .then((answer) => answer.data),
    ),
  checkResponses: import.meta.env.DEV,
});
