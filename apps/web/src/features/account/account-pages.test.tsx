import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi } from '../../test/app';

const LAZY = { timeout: 10_000 };
const LINK = '?email=ann%40example.com&token=abc';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('forgot password', () => {
  it('keeps Send disabled while the e-mail is empty, sends it and shows the answer in a success alert', async () => {
    const sent: unknown[] = [];
    stubApi((route, body) => {
      sent.push([route, body]);
      return jsonResponse(200, {
        data: { message: 'If you have an account with the email provided, we will send you a reset link' },
      });
    });
    renderApp('/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send' }, LAZY);
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '  ann@example.com ' } });
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    expect(await screen.findByText(/we will send you a reset link/)).toBeTruthy();
    expect(sent).toEqual([['POST /api/v1/verifications/password', { email: 'ann@example.com' }]]);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});

describe('reset password', () => {
  it('sends an invalid link to /login', async () => {
    stubApi(() => jsonResponse(200, { data: { isValid: false, isExpired: false } }));
    const app = renderApp(`/reset-password${LINK}`);
    await waitFor(() => expect(app.location()).toBe('/login'), LAZY);
  });

  it('explains an expired link and offers "Forgot password"', async () => {
    stubApi(() => jsonResponse(200, { data: { isValid: false, isExpired: true } }));
    renderApp(`/reset-password${LINK}`);
    expect(await screen.findByText(/Your session to reset your password has expired/, {}, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('shows the policy messages, enables the button only for a valid pair, and sends it', async () => {
    const sent: unknown[] = [];
    stubApi((route, body) => {
      sent.push([route, body]);
      if (route === 'POST /api/v1/verifications/token')
        return jsonResponse(200, { data: { isValid: true, isExpired: false } });
      return jsonResponse(200, { data: { message: 'Your password has been updated successfully!' } });
    });
    const app = renderApp(`/reset-password${LINK}`);
    const password = await screen.findByLabelText('New password', {}, LAZY);
    const confirm = screen.getByLabelText('Confirm Password');
    const submit = screen.getByRole('button', { name: 'Reset password' });

    fireEvent.change(password, { target: { value: 'Short1' } });
    expect(await screen.findByText('Your password must be more than 8 symbols', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(password, { target: { value: 'alllowercase1' } });
    expect(
      await screen.findByText(
        'Password should contain at least one letter, one digit, and one capital letter',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    fireEvent.change(password, { target: { value: `A1${'a'.repeat(49)}` } });
    expect(await screen.findByText('Your password must be less than 50 symbols', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(password, { target: { value: 'GoodPass1' } });
    fireEvent.change(confirm, { target: { value: 'GoodPass2' } });
    expect(await screen.findByText("Password doesn't match", {}, { timeout: 10_000 })).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(confirm, { target: { value: 'GoodPass1' } });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));

    fireEvent.click(submit);
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(sent).toEqual([
      ['POST /api/v1/verifications/token', { email: 'ann@example.com', token: 'abc', type: 'reset-password' }],
      [
        'PUT /api/v1/verifications/password',
        { email: 'ann@example.com', token: 'abc', password: 'GoodPass1', confirmPassword: 'GoodPass1' },
      ],
    ]);
  });
});

describe('confirm e-mail', () => {
  it('sends e-mail, token and password, keeps a wrong password on the page, and goes to /login on success', async () => {
    let attempts = 0;
    const sent: unknown[] = [];
    stubApi((_route, body) => {
      sent.push(body);
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, {
            errors: [{ code: 'VALIDATION_FAILED', message: 'The password is incorrect.', field: 'password' }],
          })
        : jsonResponse(200, {
            data: { message: 'Your new email is confirmed successfully, please, use it for Login' },
          });
    });
    const app = renderApp(`/confirm-email${LINK}`);
    expect(await screen.findByRole('heading', { name: 'Email Confirmation' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Please enter your password to confirm your updated email.')).toBeTruthy();
    const enter = screen.getByRole('button', { name: 'Enter' });
    expect(enter).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong1234' } });
    fireEvent.click(enter);
    expect(await screen.findByText('The password is incorrect.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' }, LAZY)).toBeTruthy();
    expect(sent[1]).toEqual({ email: 'ann@example.com', token: 'abc', password: 'Wrong1234' });
  });
});
