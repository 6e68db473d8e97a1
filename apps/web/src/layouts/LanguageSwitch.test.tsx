import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../app/i18n';
import { sessionStore } from '../features/session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../test/app';

const LAZY = { timeout: 10_000 };

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('language switch', () => {
  it("translates the screen, remembers the choice and stores it as the person's language", async () => {
    const user = testUser();
    sessionStore.start(user, testTokens, false);
    const saved: unknown[] = [];
    stubApi((route, body) => {
      if (route === 'PATCH /api/v1/users/me/profile/language') {
        saved.push(body);
        return jsonResponse(200, { data: { ...user, language: 'de' } });
      }
      return jsonResponse(200, { data: user });
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' }, LAZY);

    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    fireEvent.click(await screen.findByText('Deutsch'));

    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeTruthy();
    expect(screen.getByText('Profil bearbeiten')).toBeTruthy();
    expect(localStorage.getItem('qualis.language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(saved).toEqual([{ language: 'de' }]));
    await waitFor(() => expect(sessionStore.get()?.user.language).toBe('de'));
  });
});
