import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../shared/i18n';
import { sessionStore } from '../shared/session-store';
import ProfilePage from '../pages/ProfilePage';
import { on, renderFeature, stubEndpoints, testTokens, testUser } from '../test/app';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('language switch', () => {
  it("translates the screen, remembers the choice and stores it as the person's language", async () => {
    const user = testUser();
    sessionStore.start(user, testTokens, false);
    const saved: unknown[] = [];
    stubEndpoints(
      on(endpoints.profile.setLanguage, (_, body) => {
        saved.push(body);
        return { data: { ...user, language: body.language } };
      }),
      on(endpoints.profile.get, () => ({ data: user })),
    );
    // The switch of the top bar, above a page it translates.
    renderFeature(
      <>
        <LanguageSwitch />
        <ProfilePage />
      </>,
      { route: '/profile', path: '/profile' },
    );
    await screen.findByRole('heading', { name: 'Profile' });

    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    fireEvent.click(await screen.findByText('Deutsch'));

    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByText('Profil bearbeiten')).toBeInTheDocument();
    expect(localStorage.getItem('qualis.language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(saved).toEqual([{ language: 'de' }]));
    await waitFor(() => expect(sessionStore.get()?.user.language).toBe('de'));
  });
});
