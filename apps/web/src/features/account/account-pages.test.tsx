import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmEmailPage from '../../pages/ConfirmEmailPage';
import ForgotPasswordPage from '../../pages/ForgotPasswordPage';
import LoginPage from '../../pages/LoginPage';
import ResetPasswordPage from '../../pages/ResetPasswordPage';
import { sessionStore } from '../../shared/session-store';
import { jsonResponse, on, renderFeature, stubEndpoints } from '../../test/app';
import { req } from '../../../../../docs/requirements/req.js';

const LINK = '?email=ann%40example.com&token=abc';
const accounts = endpoints.accounts;
const renderReset = () =>
  renderFeature(<ResetPasswordPage />, { route: '/reset-password', path: `/reset-password${LINK}` });
/** The link's check: `valid`, or expired. */
const checkedLink = (valid: boolean, expired = false) =>
  on(accounts.checkLinkToken, () => ({ data: { isValid: valid, isExpired: expired } }));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('forgot password', () => {
  it(`keeps Send disabled while the e-mail is empty, sends it and shows the answer in a success alert ${req('AUTH-007', 'AUTH-021')}`, async () => {
    const sent: unknown[] = [];
    stubEndpoints(
      on(accounts.requestPasswordReset, (_, body) => {
        sent.push(body);
        return { data: { message: 'If you have an account with the email provided, we will send you a reset link' } };
      }),
    );
    renderFeature(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' });
    const send = await screen.findByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '  ann@example.com ' } });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    expect(await screen.findByText(/we will send you a reset link/)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ann@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});

describe('reset password', () => {
  it(`sends an invalid link to /login ${req('AUTH-022')}`, async () => {
    stubEndpoints(checkedLink(false));
    const app = renderReset();
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('explains an expired link and offers "Forgot password"', async () => {
    stubEndpoints(checkedLink(false, true));
    renderReset();
    expect(await screen.findByText(/Your session to reset your password has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
  });

  it(`shows the policy messages, enables the button only for a valid pair, and sends it ${req('AUTH-020')}`, async () => {
    const sent: unknown[] = [];
    stubEndpoints(
      on(accounts.checkLinkToken, (_, body) => {
        sent.push(['check', body]);
        return { data: { isValid: true, isExpired: false } };
      }),
      on(accounts.resetPassword, (_, body) => {
        sent.push(['reset', body]);
        return { data: { message: 'Your password has been updated successfully!' } };
      }),
    );
    const app = renderReset();
    const password = await screen.findByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm Password');
    const submit = screen.getByRole('button', { name: 'Reset password' });

    fireEvent.change(password, { target: { value: 'Short1' } });
    expect(await screen.findByText('Your password must be more than 8 symbols')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'alllowercase1' } });
    expect(
      await screen.findByText('Password should contain at least one letter, one digit, and one capital letter'),
    ).toBeInTheDocument();
    fireEvent.change(password, { target: { value: `A1${'a'.repeat(49)}` } });
    expect(await screen.findByText('Your password must be less than 50 symbols')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'GoodPass1' } });
    fireEvent.change(confirm, { target: { value: 'GoodPass2' } });
    expect(await screen.findByText("Password doesn't match")).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.change(confirm, { target: { value: 'GoodPass1' } });
    await waitFor(() => expect(submit).toBeEnabled());

    fireEvent.click(submit);
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(sent).toEqual([
      ['check', { email: 'ann@example.com', token: 'abc', type: 'reset-password' }],
      ['reset', { email: 'ann@example.com', token: 'abc', password: 'GoodPass1', confirmPassword: 'GoodPass1' }],
    ]);
  });
});

describe('confirm e-mail', () => {
  it(`sends e-mail, token and password, keeps a wrong password on the page, and goes to /login on success ${req('AUTH-025')}`, async () => {
    let attempts = 0;
    const sent: unknown[] = [];
    stubEndpoints(
      on(accounts.confirmEmail, (_, body) => {
        sent.push(body);
        attempts += 1;
        return attempts === 1
          ? jsonResponse(400, {
              errors: [{ code: 'VALIDATION_FAILED', message: 'The password is incorrect.', field: 'password' }],
            })
          : { data: { message: 'Your new email is confirmed successfully, please, use it for Login' } };
      }),
    );
    const app = renderFeature(<ConfirmEmailPage />, {
      route: '/confirm-email',
      path: `/confirm-email${LINK}`,
      routes: { '/login': <LoginPage /> },
    });
    expect(await screen.findByRole('heading', { name: 'Email Confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Please enter your password to confirm your updated email.')).toBeInTheDocument();
    const enter = screen.getByRole('button', { name: 'Enter' });
    expect(enter).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong1234' } });
    fireEvent.click(enter);
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sent[1]).toEqual({ email: 'ann@example.com', token: 'abc', password: 'Wrong1234' });
  });
});
