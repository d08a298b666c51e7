import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let admin: TestUser;
let token: string;
let prefix: string;
const matching: string[] = [];
let outsider: string;

const tag = () => randomBytes(3).toString('hex').toUpperCase();
/** Set SCREENSHOT_DIR to keep pictures of the bulk change dialog (1280 px wide). */
const shoot = async (page: Page, name: string) => {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.waitForTimeout(500); // dialogs fade in
  await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
};

async function brand(name: string): Promise<string> {
  const answer = await api<{ id: string }>(token, 'POST', '/api/operations/brands/', { name, description: 'Original text' });
  if (answer.status !== 201) throw new Error(`brand: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}
const descriptionOf = async (id: string) =>
  (await api<{ description: string }>(token, 'GET', `/api/operations/brands/${id}/`)).body.description;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Bulk', lastName: 'Changer' });
  token = await apiToken(admin);
  prefix = `Bk${tag()}`;
  for (const name of ['One', 'Two', 'Three']) matching.push(await brand(`${prefix} ${name}`));
  outsider = await brand(`Other ${tag()}`);
});
afterAll(async () => browser?.close());

const grid = (page: Page) => page.getByRole('grid', { name: 'Brands' });
const descriptions = async (page: Page) =>
  (await grid(page).locator('[role="row"] [data-field="description"][role="gridcell"]').allInnerTexts()).map((text) =>
    text.trim(),
  );

describe('bulk change', { timeout: 180_000 }, () => {
  it('changes every row of a searched list ("all N matching"), shows the toast, and Undo puts the values back', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, admin, `/brands?search=${prefix}`);
    await expect.poll(() => descriptions(page)).toEqual(['Original text', 'Original text', 'Original text']);

    // Tick one row, then widen the selection to everything the search matches.
    await grid(page).getByRole('checkbox', { name: 'Select row' }).first().check();
    const bar = page.getByRole('status').filter({ hasText: 'selected' });
    await bar.getByText('1 selected.').waitFor();
    await bar.getByRole('button', { name: 'Select all 3 matching' }).click();
    await bar.getByText('All 3 matching selected.').waitFor();

    await shoot(page, 'bulk-change-selection-1280');
    await page.getByRole('button', { name: 'Bulk change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk change' });
    await dialog.getByText('All 3 brands matching').waitFor();
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Description' }).click();
    await dialog.getByLabel('New description').fill('Changed in bulk');
    await shoot(page, 'bulk-change-dialog-1280');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Change description on 3 brands?').waitFor();
    await shoot(page, 'bulk-change-confirm-1280');
    await dialog.getByRole('button', { name: 'Change 3 brands' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Changed 3 brands' });
    await toast.waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => descriptions(page)).toEqual(['Changed in bulk', 'Changed in bulk', 'Changed in bulk']);
    for (const id of matching) expect(await descriptionOf(id)).toBe('Changed in bulk');
    expect(await descriptionOf(outsider)).toBe('Original text');

    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('alert').filter({ hasText: 'Undone: 3 brands restored' }).waitFor();
    await expect.poll(() => descriptions(page)).toEqual(['Original text', 'Original text', 'Original text']);
    for (const id of matching) expect(await descriptionOf(id)).toBe('Original text');
    expect(await descriptionOf(outsider)).toBe('Original text');
    await context.close();
  });

  it('changes only the ticked rows, and drops the selection when the search changes', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, admin, `/brands?search=${prefix}&ordering=name`);
    await expect.poll(() => descriptions(page)).toEqual(['Original text', 'Original text', 'Original text']);
    const boxes = grid(page).getByRole('checkbox', { name: 'Select row' });
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await page.getByRole('status').filter({ hasText: '2 selected.' }).waitFor();

    await page.getByRole('button', { name: 'Bulk change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk change' });
    await dialog.getByText('2 brands selected.').waitFor();
    await dialog.getByLabel('New description').fill('Ticked only');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Change description on 2 brands?').waitFor();
    await dialog.getByRole('button', { name: 'Change 2 brands' }).click();
    await page.getByRole('alert').filter({ hasText: 'Changed 2 brands' }).waitFor({ timeout: 30_000 });
    // Ordered by name: One, Three, Two.
    await expect.poll(() => descriptions(page)).toEqual(['Ticked only', 'Original text', 'Ticked only']);
    expect(await descriptionOf(matching[0]!)).toBe('Ticked only');
    expect(await descriptionOf(matching[1]!)).toBe('Ticked only');
    expect(await descriptionOf(matching[2]!)).toBe('Original text');
    expect(await descriptionOf(outsider)).toBe('Original text');

    await boxes.nth(1).check();
    await page.getByRole('status').filter({ hasText: '1 selected.' }).waitFor();
    await page.getByRole('textbox', { name: 'Search Brands' }).fill(`${prefix} T`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'selected.' }).count()).toBe(0);
    await context.close();
  });

  it('offers no Bulk change to a user who may only read the records', async () => {
    const reader = await createUser({ permissions: ['brand.read'] });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, reader, `/brands?search=${prefix}`);
    await expect.poll(async () => (await descriptions(page)).length).toBe(3);
    await shoot(page, 'bulk-change-reader-1280');
    expect(await page.getByRole('button', { name: 'Bulk change' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select row' }).count()).toBe(0);
    await context.close();
  });
});
