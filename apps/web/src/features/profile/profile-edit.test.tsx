import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfileEditPage from '../../pages/ProfileEditPage';
import { sessionStore } from '../../shared/session-store';
import { on, renderFeature, stubEndpoints, testTokens, testUser, type EndpointAnswer } from '../../test/app';
import { avatarFileProblem } from './avatar-file';
import { req } from '../../../../../docs/requirements/req.js';

const renderProfileEdit = () => renderFeature(<ProfileEditPage />, { route: '/profile/edit', path: '/profile/edit' });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

/** Signs `user` in and serves their profile, with `answers` before it. */
function serveProfile(user = testUser(), ...answers: EndpointAnswer[]) {
  stubEndpoints(
    ...answers,
    on(endpoints.profile.get, () => ({ data: user })),
  );
  sessionStore.start(user, testTokens, false);
}

describe('profile edit', () => {
  it(`opens the SuperAdmin on the e-mail tab, without personal info ${req('PROF-005')}`, async () => {
    serveProfile(testUser({ role: 'SuperAdmin', firstName: null, lastName: null }));
    renderProfileEdit();
    const tab = await screen.findByRole('tab', { name: 'Change E-mail' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Change personal info' })).not.toBeInTheDocument();
  });

  it(`saves names only when both are non-blank and within 100, and stores the answer in the session ${req('PROF-002')}`, async () => {
    const renamed = testUser({ firstName: 'Augusta', lastName: 'King' });
    const puts: unknown[] = [];
    serveProfile(
      testUser(),
      on(endpoints.accounts.update, ({ id }, body) => {
        puts.push({ id, body });
        return { data: renamed };
      }),
    );
    renderProfileEdit();
    const first = await screen.findByLabelText('First name');
    const last = screen.getByLabelText('Last name');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // unchanged

    fireEvent.change(first, { target: { value: '   ' } });
    expect(save).toBeDisabled();
    fireEvent.change(first, { target: { value: 'x'.repeat(101) } });
    expect(await screen.findByText('Must be 100 characters or fewer')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(first, { target: { value: ' Augusta ' } });
    fireEvent.change(last, { target: { value: 'King' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(sessionStore.get()?.user.firstName).toBe('Augusta'));
    expect(puts).toEqual([{ id: testUser().id, body: { firstName: 'Augusta', lastName: 'King' } }]);
  });

  it(`enables Change password only when current, new and confirmation are filled and valid ${req('AUTH-023')}`, async () => {
    const changes: unknown[] = [];
    serveProfile(
      testUser(),
      on(endpoints.profile.changePassword, (_, body) => {
        changes.push(body);
        return { data: { message: 'Your password is changed.' } };
      }),
    );
    renderProfileEdit();
    fireEvent.click(await screen.findByRole('tab', { name: 'Change Password' }));
    const submit = await screen.findByRole('button', { name: 'Change password' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewPass12' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'NewPass12' } });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'OldPass12' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() =>
      expect(changes).toEqual([{ oldPassword: 'OldPass12', password: 'NewPass12', confirmPassword: 'NewPass12' }]),
    );
  });
});

describe('avatar file checks', () => {
  it(`accepts the allowed formats up to 10 MB ${req('PROF-003')}`, () => {
    expect(avatarFileProblem({ name: 'me.JPGS', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.gif', size: 1000 })).toBe('imageFormat');
    expect(avatarFileProblem({ name: 'png', size: 1000 })).toBe('imageFormat');
    expect(avatarFileProblem({ name: 'me.png', size: 10 * 1024 * 1024 + 1 })).toBe('imageTooLarge');
  });
});
