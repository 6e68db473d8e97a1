import { messages } from '@qualis/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../app/i18n';
import { sessionStore } from '../features/session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../test/app';

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('LoginPage', () => {
  it('keeps Sign in disabled until both e-mail and password are filled', () => {
    renderApp('/login');
    expect(submit().disabled).toBe(true);
    fill('E-mail', 'ada@example.com');
    expect(submit().disabled).toBe(true);
    fill('Password', 'Secret123');
    expect(submit().disabled).toBe(false);
    fill('E-mail', '   ');
    expect(submit().disabled).toBe(true);
  });

  it('shows the server error in the red alert, without a toast and without refreshing', async () => {
    const fetch = stubApi(() =>
      jsonResponse(401, { errors: [{ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials }] }),
    );
    const app = renderApp('/login');
    fill('E-mail', 'ada@example.com');
    fill('Password', 'wrong');
    fireEvent.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.invalidCredentials);
    expect(alert.closest('.ant-alert-error')).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(app.location()).toBe('/login');
  });

  it('switches the language on the page, sends it and shows a keyed server error in it', async () => {
    const fetch = stubApi(() =>
      jsonResponse(401, {
        errors: [
          { code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials, messageKey: 'invalidCredentials' },
        ],
      }),
    );
    renderApp('/login');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } });
    await screen.findByRole('button', { name: 'Anmelden' });
    fill('E-Mail', 'ada@example.com');
    fill('Passwort', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect((await screen.findByRole('alert')).textContent).toContain('E-Mail oder Passwort ist falsch.');
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({ language: 'de' });
  });

  it.each([
    [true, localStorage],
    [false, sessionStorage],
  ])('with "Remember me" %s keeps the session in the matching storage', async (remember, storage) => {
    const fetch = stubApi((route) =>
      route === 'POST /api/v1/sessions'
        ? jsonResponse(201, {
            data: { user: testUser({ organizationCount: 0, firstOrganizationId: null }), token: testTokens },
          })
        : jsonResponse(200, { data: testUser() }),
    );
    renderApp('/login');
    fill('E-mail', ' Ada@Example.com ');
    fill('Password', 'Secret123');
    if (remember) fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(submit());

    await waitFor(() => expect(sessionStore.get()?.storage).toBe(remember ? 'local' : 'session'));
    expect(storage.getItem('qualis.session')).not.toBeNull();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'Ada@Example.com',
      password: 'Secret123',
      language: 'en',
    });
  });
});
