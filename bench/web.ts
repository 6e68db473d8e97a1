/// <reference lib="dom" />
// What a browser pays to open the web app: for /login, the signed-in /organizations and an
// organization's Users list, each on a fresh load in Debian's Chromium with mobile emulation
// (390x844, CPU 4x slower): the JavaScript fetched (files, bytes, gzip), LCP, CLS and any
// Content-Security-Policy violation. Runs the built app on the real server (like the e2e journeys).
//   npx tsx bench/web.ts [--keep]   (--keep leaves the server running for Lighthouse; Ctrl-C ends it)
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import buildWhatTheServerRuns from '../e2e/support/global-setup.js';
import { SUPERADMIN, callApi, startServer } from '../e2e/support/server.js';

const HELP = `Usage: npx tsx bench/web.ts [--keep]

Starts the built web app on the real server (fresh embedded database) and loads /login, the
signed-in /organizations and an organization's Users list in Chromium (mobile: 390x844, CPU 4x).
Reports per page the JavaScript files fetched, their gzip size, LCP, CLS and CSP violations.
  --keep   leave the server running afterwards and print its address and a session for Lighthouse`;

interface PageReport {
  page: string;
  jsFiles: number;
  jsKiB: number;
  jsGzipKiB: number;
  lcpMs: number;
  cls: number;
  cspViolations: string[];
}

const SESSION_KEY = 'qualis.session';

async function measure(browser: Browser, baseURL: string, path: string, session: string | null): Promise<PageReport> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(
    ([key, value]) => {
      if (value && !localStorage.getItem(key)) localStorage.setItem(key, value);
      const w = window as unknown as { __perf: { lcp: number; cls: number; csp: string[]; shifts: string[] } };
      w.__perf = { lcp: 0, cls: 0, csp: [], shifts: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__perf.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.__perf.cls += entry.value;
          const nodes = entry.sources.map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName));
          w.__perf.shifts.push(`${entry.value.toFixed(3)} ${nodes.join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('securitypolicyviolation', (event) =>
        w.__perf.csp.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    },
    [SESSION_KEY, session] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const scripts: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      if (process.env.BENCH_WEB_FILES) console.log(path, response.url());
      scripts.push(response.body());
    }
  });
  await page.goto(path);
  // The page is there: the sign-in form, or a list that has loaded.
  await page.waitForFunction(
    () =>
      document.querySelector('.qualis-auth__card') ??
      (document.querySelector('.qualis-table') && !document.querySelector('[aria-busy="true"]')),
    undefined,
    { timeout: 60_000 },
  );
  // Not 'networkidle': a signed-in page keeps the notifications' event stream open.
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
  const perf = await page.evaluate(
    () => (window as unknown as { __perf: { lcp: number; cls: number; csp: string[]; shifts: string[] } }).__perf,
  );
  const bodies = await Promise.all(scripts);
  await context.close();
  if (process.env.BENCH_WEB_SHIFTS) console.log(path, perf.shifts);
  const kib = (n: number) => Math.round((n / 1024) * 10) / 10;
  return {
    page: path,
    jsFiles: bodies.length,
    jsKiB: kib(bodies.reduce((sum, b) => sum + b.length, 0)),
    jsGzipKiB: kib(bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)),
    lcpMs: Math.round(perf.lcp),
    cls: Math.round(perf.cls * 1000) / 1000,
    cspViolations: perf.csp,
  };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help')) return console.log(HELP);
  buildWhatTheServerRuns();
  const server = await startServer({ name: 'bench-web.server' });
  const browser = await launchBrowser();
  try {
    const signIn = await callApi<{ data: unknown }>(server, 'POST', '/sessions', SUPERADMIN);
    const { user, token } = signIn.data as { user: unknown; token: { accessToken: string } };
    const organization = await callApi<{ data: { id: string } }>(
      server,
      'POST',
      '/organizations',
      { name: 'Bench Medical' },
      token.accessToken,
    );
    // Enough organizations for the list to have a second page.
    for (let n = 1; n <= 30; n++) {
      await callApi(server, 'POST', '/organizations', { name: `Bench Clinic ${n}` }, token.accessToken);
    }
    const session = JSON.stringify({ user, token, storage: 'local' });
    const paths: [string, string | null][] = [
      ['/login', null],
      ['/organizations', session],
      [`/organizations/${organization.data.id}/users`, session],
      [`/organizations/${organization.data.id}/documents`, session],
    ];
    const reports: PageReport[] = [];
    for (const [path, withSession] of paths) reports.push(await measure(browser, server.url, path, withSession));
    console.table(reports.map((r) => ({ ...r, cspViolations: r.cspViolations.join('; ') || 'none' })));
    if (args.includes('--keep')) {
      console.log(`server: ${server.url}\nlocalStorage['${SESSION_KEY}'] = ${session}`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
