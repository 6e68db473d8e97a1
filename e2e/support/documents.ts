import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pick } from './journey.js';
import { screenshot } from './browser.js';
import { personText, type JourneyPerson } from './people.js';

/** Chooses a person in a person select (Reviewers, Approvers, ...) by typing their first name. */
export async function choosePerson(page: Page, label: string, person: JourneyPerson) {
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  await select.fill(person.firstName);
  await pick(page, personText(person));
}

/** The page header, with the open revision's tags (status, Final). */
export const pageHeader = (page: Page) => page.locator('.qualis-page-header');

/** The labels of the signing form, in the language on screen. */
export interface SigningLabels {
  comment: string;
  save: string;
}
const ENGLISH: SigningLabels = { comment: 'Comment', save: 'Save' };

/** Chooses the response and writes the comment of the open Review or Approval tab; waits until Save may be clicked. */
export async function respond(page: Page, response: string, comment: string, labels: SigningLabels = ENGLISH) {
  await page.getByRole('radio', { name: response }).check();
  await page.getByLabel(labels.comment).fill(comment);
  await expect.poll(() => page.getByRole('button', { name: labels.save }).isEnabled()).toBe(true);
}

/**
 * Withdraws the open document from its detail ('Withdraw document'): the dialog's reason and the
 * signature it asks for (the person's access code; the journeys' organizations do not ask for the
 * password), a picture of the filled dialog, then Withdraw. Every journey fills the dialog here.
 */
export async function withdrawDocument(page: Page, reason: string, accessCode: string, picture: string) {
  await page.getByRole('button', { name: /Withdraw document$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw document' });
  await dialog.getByLabel('Reason', { exact: true }).fill(reason);
  await dialog.getByLabel('Access code', { exact: true }).fill(accessCode);
  expect(await dialog.getByLabel('Your password').count()).toBe(0);
  await screenshot(page, picture, { fullPage: false });
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
