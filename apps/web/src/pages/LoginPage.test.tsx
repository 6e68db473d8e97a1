import { endpoints, messages } from '@qualis/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../shared/i18n';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, on, renderFeature, stubEndpoints, testTokens, testUser } from '../test/app';
import LoginPage from './LoginPage';
import { req } from '../../../../docs/requirements/req.js';

const signIn = endpoints.sessions.signIn;
const renderLogin = () => renderFeature(<LoginPage />, { route: '/login', path: '/login' });
const submit = () => screen.getByRole('button', { name: 'Sign in' });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('LoginPage', () => {
  it(`keeps Sign in disabled until both e-mail and password are filled ${req('AUTH-007')}`, () => {
    renderLogin();
    expect(submit()).toBeDisabled();
    fill('E-mail', 'ada@example.com');
    expect(submit()).toBeDisabled();
    fill('Password', 'Secret123');
    expect(submit()).toBeEnabled();
    fill('E-mail', '   ');
    expect(submit()).toBeDisabled();
  });

  it('shows the server error in the red alert, without a toast and without refreshing', async () => {
    const fetch = stubEndpoints(
      on(signIn, () =>
        jsonResponse(401, { errors: [{ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials }] }),
      ),
    );
    const app = renderLogin();
    fill('E-mail', 'ada@example.com');
    fill('Password', 'wrong');
    fireEvent.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.invalidCredentials);
    expect(alert.closest('.ant-alert-error')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-message-notice')).not.toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    expect(app.location()).toBe('/login');
  });

  it('switches the language on the page, sends it and shows a keyed server error in it', async () => {
    const sent: unknown[] = [];
    stubEndpoints(
      on(signIn, (_, body) => {
        sent.push(body);
        return jsonResponse(401, {
          errors: [
            { code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials, messageKey: 'invalidCredentials' },
          ],
        });
      }),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } });
    await screen.findByRole('button', { name: 'Anmelden' });
    fill('E-Mail', 'ada@example.com');
    fill('Passwort', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(sent).toMatchObject([{ language: 'de' }]);
  });

  it.each([
    [true, localStorage],
    [false, sessionStorage],
  ])('with "Remember me" %s keeps the session in the matching storage', async (remember, storage) => {
    const sent: unknown[] = [];
    stubEndpoints(
      on(signIn, (_, body) => {
        sent.push(body);
        return jsonResponse(201, {
          data: { user: testUser({ organizationCount: 0, firstOrganizationId: null }), token: testTokens },
        });
      }),
    );
    renderLogin();
    fill('E-mail', ' Ada@Example.com ');
    fill('Password', 'Secret123');
    if (remember) fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(submit());

    await waitFor(() => expect(sessionStore.get()?.storage).toBe(remember ? 'local' : 'session'));
    expect(storage.getItem('qualis.session')).not.toBeNull();
    expect(sent).toEqual([{ email: 'Ada@Example.com', password: 'Secret123', language: 'en' }]);
  });
});
