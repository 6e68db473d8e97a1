import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * On an open training record, the trainee's attempt: 'Pass training', the answer to its one
 * question, both acknowledgements (Submit waits for the second), and Submit answers.
 */
export async function submitQuizAnswer(page: Page, choice: string) {
  await page.getByRole('button', { name: 'Pass training' }).click();
  await page.getByLabel(choice).check();
  await page.getByLabel(/I have acknowledged and understood/).check();
  expect(await page.getByRole('button', { name: 'Submit answers' }).isDisabled()).toBe(true);
  await page.getByLabel(/I may ask my supervisor/).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
}
