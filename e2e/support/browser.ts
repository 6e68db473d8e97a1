/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { RESULTS_DIR } from './server.js';

const CHROMIUM = '/usr/bin/chromium';

let workerBrowser: Promise<Browser> | undefined;

/**
 * Debian's Chromium, headless (`node scripts/ensure-browser-tools.mjs` installs it), launched once
 * per worker: the journeys of a worker run one after another in the same process (`isolate: false`)
 * and each closes the contexts it opened. Launched again when it went away.
 */
export async function workerChromium(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/** A Chromium of its own (the benches); the journeys share their worker's, `workerChromium()`. */
export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run \`node scripts/ensure-browser-tools.mjs\` (or npm run test:e2e)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Waits until nothing on the page is moving: no element in one of antd's enter or leave steps and
 * no finite animation or transition running (spinners and skeletons loop forever and do not count).
 */
export async function motionDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Saves a full-page PNG to test-results/e2e/<name>.png. A full page on a loaded core (CI runs the
 * PostgreSQL suite beside the journeys) once took over the default 30 s.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage, timeout: 90_000 });
}
