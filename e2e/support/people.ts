import type { SignInResponse } from '@qualis/contract';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { SmtpSink } from '../../apps/server/src/test/smtp-sink.js';
import { callApi, type RunningServer } from './server.js';

/** The password every onboarded person of a journey sets. */
export const JOURNEY_PASSWORD = 'Welcome2024';

/** Who signs in: an onboarded person has the journeys' password. */
export interface Credentials {
  email: string;
  password?: string;
}

export interface JourneyPerson {
  firstName: string;
  lastName: string;
  email: string;
}

/** "First Last (e-mail)": how the person selects list a person. */
export const personText = (p: JourneyPerson) => `${p.firstName} ${p.lastName} (${p.email})`;

/** "First Last": how signatures and lists name a person. */
export const nameOf = (p: JourneyPerson) => `${p.firstName} ${p.lastName}`;

/**
 * Creates an Admin or User of the organization through the API, sets them active (which sends the
 * welcome mail) and sets their password with the link of that mail, as the person would. Answers
 * their id.
 */
export async function onboardPerson(
  server: RunningServer,
  sink: SmtpSink,
  input: {
    kind: 'client-admins' | 'client-users';
    person: JourneyPerson;
    organizationId: string;
    token: string;
    password?: string;
  },
): Promise<string> {
  const { kind, person, organizationId, token, password = JOURNEY_PASSWORD } = input;
  const created = await callApi<{ data: { id: string } }>(
    server,
    'POST',
    `/${kind}`,
    { organizationId, ...person },
    token,
  );
  await callApi(
    server,
    'PATCH',
    `/${kind}/${created.data.id}/status`,
    { ids: [organizationId], status: 'Active' },
    token,
  );
  const mail = await sink.waitForMail({ to: person.email, timeoutMs: 20_000 });
  const link = /https?:\/\/[^\s"'<>]+\/set-password\?[^\s"'<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no set-password link in "${mail.subject}"`);
  const query = new URL(link.replace(/&amp;/g, '&')).searchParams;
  await callApi(server, 'POST', '/verifications/password/set', {
    email: query.get('email'),
    token: query.get('token'),
    password,
    confirmPassword: password,
  });
  return created.data.id;
}

/** A page in a new browser context (its own cookies and storage) on the server, not signed in. */
export async function newPage(
  browser: Browser,
  server: RunningServer,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 860 },
    // No antd animations to wait for (the app honours the system's choice, UI-010): a journey's
    // steps do not wait out opening and closing dialogs and menus.
    reducedMotion: 'reduce',
    ...options,
  });
  return context.newPage();
}

/**
 * A new browser context signed in as the person, on the page the app opens after a sign-in. The
 * session comes from the API and waits where the web keeps a remembered one ('qualis.session' in
 * the local storage): the login page itself is the sign-in journey's, not every journey's.
 */
export async function signedInPage(
  browser: Browser,
  server: RunningServer,
  credentials: Credentials,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { email, password = JOURNEY_PASSWORD } = credentials;
  const session = await callApi<SignInResponse>(server, 'POST', '/sessions', { email, password });
  const stored = { ...session.data, storage: 'local' };
  const page = await newPage(browser, server, {
    ...options,
    storageState: {
      cookies: [],
      origins: [{ origin: server.url, localStorage: [{ name: 'qualis.session', value: JSON.stringify(stored) }] }],
    },
  });
  // The login page sends a signed-in person where signing in there would have.
  await page.goto('/login');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}
