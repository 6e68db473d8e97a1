import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { avatarFileProblem } from './avatar-file';

const LAZY = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function serveProfile(user = testUser(), onRequest?: (route: string, body: unknown) => Response | undefined) {
  const sent: [string, unknown][] = [];
  stubApi((route, body) => {
    sent.push([route, body]);
    return onRequest?.(route, body) ?? jsonResponse(200, { data: user });
  });
  sessionStore.start(user, testTokens, false);
  return sent;
}

describe('profile edit', () => {
  it('opens the SuperAdmin on the e-mail tab, without personal info', async () => {
    serveProfile(testUser({ role: 'SuperAdmin', firstName: null, lastName: null }));
    renderApp('/profile/edit');
    const tab = await screen.findByRole('tab', { name: 'Change E-mail' }, LAZY);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Change personal info' })).toBeNull();
  });

  it('saves names only when both are non-blank and within 100, and stores the answer in the session', async () => {
    const renamed = testUser({ firstName: 'Augusta', lastName: 'King' });
    const sent = serveProfile(testUser(), (route) =>
      route.startsWith('PUT /api/v1/users/') ? jsonResponse(200, { data: renamed }) : undefined,
    );
    renderApp('/profile/edit');
    const first = await screen.findByLabelText('First name', {}, LAZY);
    const last = screen.getByLabelText('Last name');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true); // unchanged

    fireEvent.change(first, { target: { value: '   ' } });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(first, { target: { value: 'x'.repeat(101) } });
    expect(await screen.findByText('Must be 100 characters or fewer', {}, { timeout: 10_000 })).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(first, { target: { value: ' Augusta ' } });
    fireEvent.change(last, { target: { value: 'King' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(sessionStore.get()?.user.firstName).toBe('Augusta'));
    expect(sent).toContainEqual([`PUT /api/v1/users/${testUser().id}`, { firstName: 'Augusta', lastName: 'King' }]);
  });

  it('enables Change password only when current, new and confirmation are filled and valid', async () => {
    const sent = serveProfile(testUser(), (route) =>
      route === 'PUT /api/v1/users/me/password'
        ? jsonResponse(200, { data: { message: 'Your password is changed.' } })
        : undefined,
    );
    renderApp('/profile/edit');
    fireEvent.click(await screen.findByRole('tab', { name: 'Change Password' }, LAZY));
    const submit = await screen.findByRole('button', { name: 'Change password' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewPass12' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'NewPass12' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'OldPass12' } });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    await waitFor(() =>
      expect(sent).toContainEqual([
        'PUT /api/v1/users/me/password',
        { oldPassword: 'OldPass12', password: 'NewPass12', confirmPassword: 'NewPass12' },
      ]),
    );
  });
});

describe('avatar file checks', () => {
  it('accepts the allowed formats up to 10 MB', () => {
    expect(avatarFileProblem({ name: 'me.JPGS', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.gif', size: 1000 })).toBe('imageFormat');
    expect(avatarFileProblem({ name: 'png', size: 1000 })).toBe('imageFormat');
    expect(avatarFileProblem({ name: 'me.png', size: 10 * 1024 * 1024 + 1 })).toBe('imageTooLarge');
  });
});
