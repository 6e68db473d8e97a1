import { screen } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from '../../pages/ProfilePage';
import { sessionStore } from '../../shared/session-store';
import { on, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { req } from '../../../../../docs/requirements/req.js';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function renderProfile(user = testUser()) {
  stubEndpoints(on(endpoints.profile.get, () => ({ data: user })));
  sessionStore.start(user, testTokens, false);
  return renderFeature(<ProfilePage />, { route: '/profile', path: '/profile' });
}

describe('profile', () => {
  it(`shows name, e-mail, role and avatar; the SuperAdmin only the e-mail and Edit profile ${req('PROF-001')}`, async () => {
    const person = renderProfile(testUser({ role: 'User' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Role')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit profile/ })).toBeInTheDocument();
    person.unmount();
    sessionStore.clear();

    const superAdmin = renderProfile(
      testUser({ role: 'SuperAdmin', firstName: null, lastName: null, email: 'root@example.com' }),
    );
    expect(await screen.findByText('root@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit profile/ })).toBeInTheDocument();
    expect(screen.queryByText('Role')).not.toBeInTheDocument();
    expect(screen.queryByText('E-mail notifications')).not.toBeInTheDocument();
    expect(superAdmin.container.querySelector('.ant-avatar')).toBeNull();
  });
});
