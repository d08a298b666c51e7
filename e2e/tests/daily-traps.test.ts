import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, settled, signIn, type TestUser } from '../fixtures/app';

// Issue 38's daily traps: a dashboard drill-down's hidden filter, Back from an edit dialog, a refused
// attachment in the help drawer, saving while offline.

let browser: Browser;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Dana', lastName: 'Daily' });
  token = await apiToken(admin);
});
afterAll(async () => browser?.close());

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = await api<T>(token, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function newClient(name: string): Promise<{ id: string }> {
  const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  const entity = await post<{ id: string }>('/api/base/legal-entities/', { name: `Daily Entity ${tag()}`, abbr: `D${tag()}` });
  return post('/api/accounts/clients/', { name, account_number: `D-${tag()}`, owner: me, legal_entity: entity.id });
}

/** A record page opened straight from a link (a new document: no earlier entry of the app to go Back to). */
async function openClient(id: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, admin);
  await page.goto(`/clients/${id}`);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  return page;
}

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

describe('a dashboard drill-down', () => {
  it('shows every filter it applies as a chip, and leaves the saved list as it was', async () => {
    await raiseTicket(token, `Drill ${tag()}`, 'Counted by the dashboard');
    const page = await (await newContext(browser)).newPage();
    await signIn(page, admin);
    const drill = page.locator('a[href*="created_at__gte"]').first();
    await drill.click();
    await page.waitForURL(/\/all-tickets\?filters=/);
    const chips = page.getByRole('region', { name: 'Active filters' });
    const status = chips.getByRole('button', { name: /^Filter Status is / });
    const window = chips.getByRole('button', { name: /^Filter Created on or after / });
    await status.waitFor();
    await window.waitFor();
    // Removing the visible status chip leaves the window's chip, not an unseen filter.
    // A chip's cross, from the keyboard (Delete on a focused chip is MUI's remove).
    await status.focus();
    await page.keyboard.press('Delete');
    await status.waitFor({ state: 'detached' });
    await window.waitFor();
    expect(page.url()).toContain('created_at__gte');

    // All Tickets opened afresh is not filtered by what the drill-down brought.
    await page.goto('/all-tickets');
    await page.getByRole('grid', { name: 'All Tickets' }).waitFor();
    await page.getByRole('button', { name: 'Reset view' }).getByText('Reset view').waitFor();
    const range = page.getByText(/^1–\d+ of \d+/);
    await range.waitFor();
    expect(await range.innerText()).not.toContain('(filtered)');
    expect(await page.getByRole('region', { name: 'Active filters' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('browser Back from an edit dialog', () => {
  it('asks before discarding what was typed, keeps the dialog and text, and closes a clean dialog', async () => {
    const client = await newClient(`Back Client ${tag()}`);
    const page = await openClient(client.id);
    const dialog = page.getByRole('dialog', { name: 'Edit client' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Name').fill('Typed, not saved');
    await page.goBack();
    await prompt(page).waitFor();
    await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
    expect(page.url()).toContain(`/clients/${client.id}`);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Typed, not saved');

    // Asked again on the next Back; Discard closes the dialog and stays on the record.
    await page.goBack();
    await prompt(page).getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/clients/${client.id}`);

    // Nothing typed: Back just closes the dialog.
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/clients/${client.id}`);
    await page.context().close();
  });
});

describe('a refused attachment in the help drawer', () => {
  it('names the server’s reason next to the file, which can be removed before submitting again', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, admin);
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Report an Issue' }).click();
    await page.getByLabel('Title').fill(`Printing the roster ${tag()}`);
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('The printer on level 2 jams.');
    // A program renamed to look like a PDF.
    await page.locator('input[type="file"][aria-label="Attachments"]').setInputFiles({
      name: 'roster.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const files = page.getByRole('list', { name: 'Attachments' });
    await files.getByText('Unsupported file type.', { exact: false }).waitFor();
    await page.getByText('The file marked below was not accepted.').waitFor();
    expect(await page.getByText('Failed to report issue. Please try again.').count()).toBe(0);

    await page.getByRole('button', { name: 'Remove roster.pdf' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('#notistack-snackbar', { hasText: 'Issue reported successfully!' }).first().waitFor();
    await page.context().close();
  });
});

describe('saving while offline', () => {
  it('shows the offline banner over the dialog and says in the dialog that nothing was saved, keeping the text', async () => {
    const client = await newClient(`Offline Client ${tag()}`);
    const page = await openClient(client.id);
    const dialog = page.getByRole('dialog', { name: 'Edit client' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Name').waitFor();
    await page.context().setOffline(true);
    await dialog.getByLabel('Name').fill('Renamed offline');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Not saved: you are offline', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Renamed offline');
    // The banner is drawn over the dialog's backdrop: the topmost element at its centre is the banner.
    const banner = page.getByText('You are offline.', { exact: false });
    const box = (await banner.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.MuiAlert-root')?.textContent ?? '', { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(onTop).toContain('You are offline.');

    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('#notistack-snackbar', { hasText: 'Client saved.' }).first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Renamed offline' }).waitFor();
    await page.context().close();
  });
});
