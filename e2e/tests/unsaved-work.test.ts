import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, settled, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let requester: TestUser;
let staff: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  requester = await createUser({ userType: 6, firstName: 'Rita', lastName: 'Drafts' });
  staff = await createUser({ userType: 2, firstName: 'Sam', lastName: 'Drafts' });
});
afterAll(async () => browser?.close());

async function open(user: TestUser, path: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, user, path);
  return page;
}

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text }).first().waitFor();
const prompt = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

describe('nothing typed is lost silently', () => {
  it('an edited title asks before Escape, Cancel or Back discard it; an empty title is required; a saved one is in the history', async () => {
    const oldTitle = `Old title ${Date.now()}`;
    const id = await raiseTicket(await apiToken(requester), oldTitle, 'Needs a better title');
    // Reached from the list, as a person does, so browser Back has somewhere to go inside the app
    // (a page opened straight at the ticket after sign-in has no earlier history entry).
    const page = await open(staff, `/all-tickets?search=${encodeURIComponent(oldTitle)}`);
    await page.getByRole('link', { name: oldTitle }).click();
    await page.waitForURL(`**/all-tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Old title' }).waitFor();
    const titleDialog = page.getByRole('dialog', { name: 'Edit title' });
    await page.getByRole('button', { name: 'Edit title' }).click();
    await titleDialog.getByLabel('Title').fill('');
    await titleDialog.getByText('Title is required.').waitFor();
    await titleDialog.getByLabel('Title').fill('Oven door stuck on level 2');

    await page.keyboard.press('Escape');
    await prompt(page).waitFor();
    await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await titleDialog.getByRole('button', { name: 'Cancel' }).click();
    await prompt(page).waitFor();
    await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await page.goBack();
    await prompt(page).waitFor();
    await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
    expect(page.url()).toContain(`/all-tickets/${id}`);
    expect(await titleDialog.getByLabel('Title').inputValue()).toBe('Oven door stuck on level 2');

    await titleDialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Title changed.');
    await page.getByRole('heading', { level: 1, name: 'Oven door stuck on level 2' }).waitFor();
    await page.getByRole('list', { name: 'Ticket history' }).getByText('Oven door stuck on level 2', { exact: false }).waitFor();

    // Discard really discards.
    await page.getByRole('button', { name: 'Edit title' }).click();
    await titleDialog.getByLabel('Title').fill('Thrown away');
    await titleDialog.getByRole('button', { name: 'Cancel' }).click();
    await prompt(page).getByRole('button', { name: 'Discard changes' }).click();
    await titleDialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Oven door stuck on level 2' }).waitFor();
    await page.context().close();
  });

  it('the reply box keeps a draft per user and ticket, restored on return and cleared on send', async () => {
    const id = await raiseTicket(await apiToken(requester), `Draft reply ${Date.now()}`, 'Leaking tap');
    const page = await open(staff, `/all-tickets/${id}`);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.click();
    await page.keyboard.type('Plumber booked for Monday');
    await page.goto('/');
    await page.goto(`/all-tickets/${id}`);
    await message.getByText('Plumber booked for Monday').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('list', { name: 'Conversation' }).getByText('Plumber booked for Monday').waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Conversation' }).getByText('Plumber booked for Monday').waitFor();
    expect((await message.innerText()).trim()).toBe('');
    const sent = await api<{ count: number }>(await apiToken(staff), 'GET', `/api/helpdesk/tickets/${id}/conversations/`);
    expect(sent.body.count).toBe(1);
    await page.context().close();
  });

  it("the help drawer's form keeps its draft when the drawer closes", async () => {
    const page = await open(requester, '/');
    const openForm = async () => {
      await page.getByRole('button', { name: 'Help and support' }).click();
      await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
      await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
      await settled(page);
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
    };
    await openForm();
    await page.getByLabel('Title').fill('Lunch menu idea');
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('More vegetarian options');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.locator('header [aria-label="User profile"]').waitFor();
    await openForm();
    expect(await page.getByLabel('Title').inputValue()).toBe('Lunch menu idea');
    await page.getByRole('textbox', { name: 'Description' }).getByText('More vegetarian options').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Feedback submitted successfully!');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    await page.context().close();
  });
});
