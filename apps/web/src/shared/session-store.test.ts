import { describe, expect, it, vi } from 'vitest';
import { testTokens, testUser } from '../test/app';
import { sessionStore } from './session-store';
import { req } from '../../../../docs/requirements/req.js';

const rotated = { ...testTokens, accessToken: 'access-2', refreshToken: 'refresh-2' };

describe('sessionStore', () => {
  it(`keeps a remembered session in localStorage, and token rotations there too ${req('AUTH-002')}`, () => {
    sessionStore.start(testUser(), testTokens, true);
    sessionStore.setTokens(rotated);
    expect(sessionStorage.getItem('qualis.session')).toBeNull();
    expect(JSON.parse(localStorage.getItem('qualis.session')!)).toMatchObject({ storage: 'local', token: rotated });
  });

  it(`keeps an unremembered session in sessionStorage ${req('AUTH-002')}`, () => {
    sessionStore.start(testUser(), testTokens, false);
    expect(localStorage.getItem('qualis.session')).toBeNull();
    expect(sessionStore.get()).toMatchObject({ storage: 'session', user: { email: 'ada@example.com' } });
  });

  it('returns the same snapshot until the storage changes, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.start(testUser(), testTokens, false);
    expect(sessionStore.get()).toBe(sessionStore.get());
    sessionStore.clear();
    expect(sessionStore.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
