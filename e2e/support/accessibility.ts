/// <reference lib="dom" />
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { motionDone, screenshot } from './browser.js';

/** A phone (the narrowest width the app is made for) and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1400, height: 900 };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Waits until the page has settled: loaded, no spinner, nothing moving. */
export async function settle(page: Page) {
  // Not 'networkidle': the bell's event stream stays open by design; the spinners tell when data is in.
  await page.waitForLoadState('load');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .qualis-page-spinner'), null, {
    timeout: 15_000,
  });
  // antd's enter animations end before the page is measured and its contrast checked.
  await motionDone(page);
}

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page, as readable lines. The page's
 * context must bypass the CSP (`bypassCSP: true`) for axe-core to be injected beside the app.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Once per document: a page's tabs and its second width run the same copy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens `path` on a phone and on a desktop: what scrolls sideways at 390 px and what axe-core finds
 * at either width, as readable lines (none when all is well); a screenshot per width,
 * `<prefix>-<name>-390` and `-1400`.
 */
export async function checkPage(page: Page, name: string, path: string, prefix = 'phones'): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await settle(page);
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  if (width.scroll > width.viewport) problems.push(`${name}: ${width.scroll} px wide at ${width.viewport} px`);
  for (const line of await axeViolations(page)) problems.push(`${name} @390: ${line}`);
  await screenshot(page, `${prefix}-${name}-390`);

  await page.setViewportSize(DESKTOP);
  await settle(page);
  for (const line of await axeViolations(page)) problems.push(`${name} @1400: ${line}`);
  await screenshot(page, `${prefix}-${name}-1400`);
  return problems;
}
