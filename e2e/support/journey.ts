import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../apps/server/src/test/smtp-sink.js';
import { screenshot, workerChromium } from './browser.js';
import {
  JOURNEY_PASSWORD,
  newPage,
  onboardPerson,
  signedInPage,
  type Credentials,
  type JourneyPerson,
} from './people.js';
import { callApi, RESULTS_DIR, startServer, SUPERADMIN, type RunningServer } from './server.js';

/** What a journey runs against: a real server with its own data, an SMTP sink and Chromium. */
export interface JourneyEnvironment {
  readonly sink: SmtpSink;
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A call to the API (`/api/v1` + path), failing on an error answer. */
  call<T>(method: string, urlPath: string, body?: unknown, token?: string): Promise<T>;
  /** An Admin or User created, set active and onboarded through the welcome mail; answers their id. */
  onboard(
    kind: 'client-admins' | 'client-users',
    person: JourneyPerson,
    organizationId: string,
    token: string,
  ): Promise<string>;
  /**
   * A new browser context signed in as the person (a session from the API), where the app lands
   * after sign-in; the journeys' password unless one is given (the SuperAdmin's).
   */
  signedIn(person: Credentials, options?: BrowserContextOptions): Promise<Page>;
  /** A new browser context, not signed in (a journey that plays the sign-in itself). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** An access token of an onboarded person, signed in through the API with the journeys' password. */
  apiToken(email: string): Promise<string>;
  /** The SuperAdmin's token and a new organization of that name. */
  providerOrganization(name: string): Promise<{ token: string; organizationId: string }>;
  /** A user group with its permissions and members; answers its id. */
  group(
    organizationId: string,
    token: string,
    group: { name: string; permissions: readonly number[]; userIds: string[] },
  ): Promise<string>;
  /** A file uploaded to the organization through `POST /upload/file`; answers its id. */
  upload(organizationId: string, token: string, file: { name: string; type: string; bytes: Buffer }): Promise<string>;
  /** Called first in a journey's test: a failed step leaves a screenshot of what each person saw. */
  screenshotOnFailure(): void;
}

/**
 * Starts the environment before the describe block's tests and stops it after them (register it
 * at the top of the block; the block's own `beforeAll` hooks run after it).
 */
export function journeyEnvironment(name: string, contextOptions: BrowserContextOptions = {}): JourneyEnvironment {
  let sink: SmtpSink | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journey environment is used before its beforeAll ran');
    return value;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The server starts while the worker's Chromium is found or launched.
    [server, browser] = await Promise.all([
      startServer({ smtpUrl: sink.url, name: `${name}.server` }),
      workerChromium(),
    ]);
  });

  afterAll(async () => {
    // The browser stays for the worker's next journey; what this journey opened in it goes.
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    await Promise.all([server?.stop(), sink?.close()]);
  });

  return {
    get sink() {
      return started(sink);
    },
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    call: (method, urlPath, body, token) => callApi(started(server), method, urlPath, body, token),
    onboard: (kind, person, organizationId, token) =>
      onboardPerson(started(server), started(sink), { kind, person, organizationId, token }),
    signedIn: (person, options) =>
      signedInPage(started(browser), started(server), person, { ...contextOptions, ...options }),
    newPage: (options) => newPage(started(browser), started(server), { ...contextOptions, ...options }),
    apiToken: async (email) => {
      const credentials = { email, password: JOURNEY_PASSWORD };
      const session = await callApi<{ data: { token: { accessToken: string } } }>(
        started(server),
        'POST',
        '/sessions',
        credentials,
      );
      return session.data.token.accessToken;
    },
    providerOrganization: async (name) => {
      const call = <T>(method: string, urlPath: string, body?: unknown, token?: string) =>
        callApi<T>(started(server), method, urlPath, body, token);
      const session = await call<{ data: { token: { accessToken: string } } }>('POST', '/sessions', SUPERADMIN);
      const token = session.data.token.accessToken;
      const organization = await call<{ data: { id: string } }>('POST', '/organizations', { name }, token);
      return { token, organizationId: organization.data.id };
    },
    group: async (organizationId, token, { name, permissions, userIds }) => {
      const call = <T>(method: string, urlPath: string, body?: unknown) =>
        callApi<T>(started(server), method, urlPath, body, token);
      const group = await call<{ data: { id: string } }>('POST', '/user-groups', { organizationId, name });
      for (const type of permissions) {
        await call('PUT', `/user-groups/${group.data.id}/settings`, { organizationId, type });
      }
      const users = userIds.map((userId) => ({ userId, trainingIds: [] }));
      await call('POST', `/user-groups/${group.data.id}/add`, { organizationId, users });
      return group.data.id;
    },
    upload: async (organizationId, token, file) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const url = `${started(server).url}/api/v1/upload/file?organizationId=${organizationId}`;
      const res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      if (res.status !== 201) throw new Error(`upload of ${file.name} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: string } }).data.id;
    },
    screenshotOnFailure: () =>
      onTestFailed(async () => {
        const pages = started(browser)
          .contexts()
          .flatMap((c) => c.pages());
        for (const [index, page] of pages.entries()) {
          await screenshot(page, `${name}-failed-${index + 1}`).catch(() => undefined);
        }
      }),
  };
}

/** A real PDF of one page, as a person would upload: a title and numbered lines. */
export function samplePdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(20).text(title);
    pdf.moveDown().fontSize(11);
    for (const [i, line] of lines.entries()) pdf.text(`${i + 1}. ${line}`);
    pdf.end();
  });
}

/** Saves a PDF as test-results/e2e/<name>.pdf and renders each page as <name>-<n>.png (50 dpi), to look at. */
export function renderPdf(bytes: Buffer, name: string) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(RESULTS_DIR, name)]);
}

/** The application's side menu. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Clicks an option of the open select (antd's visible list, not its hidden accessible copy). */
export const pick = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();

/** Waits until no select list is open (before a screenshot). */
export const listsClosed = (page: Page) => page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });

/** Waits for a toast with the text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).waitFor();

/** Downloads an entry of the list's Export menu: the file's name and bytes. */
export async function exported(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: entry }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}
