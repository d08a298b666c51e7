import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, settled, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ firstName: 'Hana', lastName: 'Helper' });
});
afterAll(async () => browser?.close());

async function openDrawer(width = 1280, height = 800): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, user);
  await page.getByRole('button', { name: 'Help and support' }).click();
  await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
  await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
  await settled(page);
  return page;
}

const drawer = (page: Page) => page.getByRole('dialog');
const typeDescription = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type(text);
};
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text }).first().waitFor();

/** Answers the help-desk create call from the test, recording what the browser sent. */
async function stubCreate(page: Page, kind: string, status: number, delayMs = 0) {
  const sent: { body: string; contentType: string }[] = [];
  await page.route(`**/api/helpdesk/my-tickets/${kind}/`, async (route: Route) => {
    sent.push({
      body: route.request().postDataBuffer()?.toString('latin1') ?? '',
      contentType: route.request().headers()['content-type'] ?? '',
    });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({
      status,
      contentType: 'application/json',
      body: status === 201 ? '{"id":"0198a0b0-0000-7000-8000-000000000001","number":1042}' : '{"detail":"Server error."}',
    });
  });
  return sent;
}

describe('help drawer', () => {
  it('is 500px wide at 1280 and 600px at 1920', async () => {
    for (const [width, expected] of [
      [1280, 500],
      [1920, 600],
    ] as const) {
      const page = await openDrawer(width, 1000);
      const box = await drawer(page).boundingBox();
      expect(box?.width).toBe(expected);
      expect(Math.round(box!.x + box!.width)).toBe(width);
      await page.context().close();
    }
  });

  it('offers the three forms, goes Back to the menu and resets to the menu when closed', async () => {
    const page = await openDrawer();
    expect((await drawer(page).getByRole('button').allInnerTexts()).filter(Boolean)).toEqual([
      'Service Request',
      'Report an Issue',
      'Submit Feedback',
    ]);
    await drawer(page).getByRole('button', { name: 'Close', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Service Request' }).click();
    await page.getByRole('dialog', { name: 'Create a Service Request' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('dialog', { name: 'Submit Feedback' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await drawer(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
    await page.context().close();
  });

  it.each([
    ['Submit Feedback', 'Please provide a title.', true],
    ['Report an Issue', 'Please describe the action you were trying to perform.', false],
    ['Service Request', 'Please provide a Title.', true],
  ] as const)(
    '%s: shows the title message on blur and the description rule after a submit attempt',
    async (choice, titleMessage, showsDescription) => {
      const page = await openDrawer();
      await page.getByRole('button', { name: choice }).click();
      await drawer(page).getByText('Please do not include any sensitive information.').waitFor();
      const title = page.getByLabel('Title');
      await title.focus();
      expect(await drawer(page).getByText(titleMessage).count()).toBe(0);
      await title.blur();
      await drawer(page).getByText(titleMessage).waitFor();
      await title.fill('Oven broken');
      await drawer(page).getByText(titleMessage).waitFor({ state: 'detached' });
      let requests = 0;
      await page.route('**/api/helpdesk/my-tickets/**', (route) => {
        requests += 1;
        return route.abort();
      });
      await page.getByRole('button', { name: 'Submit' }).click();
      if (showsDescription) await drawer(page).getByText('Please provide a description of your request.').waitFor();
      else expect(await drawer(page).getByText('Please provide a description of your request.').count()).toBe(0);
      await title.fill('   ');
      await drawer(page).getByText(titleMessage).waitFor();
      expect(requests).toBe(0);
      await page.context().close();
    },
  );

  it('reports an issue with the blocking answer and attachments, then returns to the menu', async () => {
    const page = await openDrawer();
    const sent = await stubCreate(page, 'issue', 201, 600);
    await page.getByRole('button', { name: 'Report an Issue' }).click();
    await page.getByLabel('Title').fill('Saving a client');
    await typeDescription(page, 'The save button does nothing');
    await page.getByRole('switch').check();
    await drawer(page).getByText('Is this issue stopping you from working? Yes').waitFor();
    await page
      .getByLabel('Attachments')
      .first()
      .setInputFiles([
        { name: 'error.txt', mimeType: 'text/plain', buffer: Buffer.from('stack trace') },
        { name: 'screen.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') },
      ]);
    await page.getByRole('button', { name: 'Remove error.txt' }).click();
    await page.getByRole('list', { name: 'Attachments' }).getByText('screen.png').waitFor();
    expect(await page.getByRole('list', { name: 'Attachments' }).getByText('error.txt').count()).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    const pending = page.getByRole('button', { name: 'Submitting...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await toast(page, 'Issue reported successfully!');
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body;
    expect(sent[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(body).toContain('name="title"\r\n\r\nSaving a client');
    const content = /name="ticket_content"\r\n\r\n(.*)\r\n/.exec(body)?.[1];
    expect(JSON.parse(content!)).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'The save button does nothing' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Issue Blocking Work: Yes' }] },
      ],
    });
    expect(body).toContain('name="attachments[0][attachment]"; filename="screen.png"');
    expect(body).not.toContain('error.txt');
    await page.context().close();
  });

  it.each([
    ['Submit Feedback', 'feedback', 'Feedback submitted successfully!', 'Failed to submit feedback. Please try again.'],
    ['Service Request', 'service-request', 'Feedback submitted successfully!', 'Failed to submit feedback. Please try again.'],
    ['Report an Issue', 'issue', 'Issue reported successfully!', 'Failed to report issue. Please try again.'],
  ] as const)(
    '%s: shows the failure toast and keeps the form, then the success toast',
    async (choice, kind, success, failure) => {
      const page = await openDrawer();
      await stubCreate(page, kind, 500);
      await page.getByRole('button', { name: choice }).click();
      await page.getByLabel('Title').fill('Something');
      await typeDescription(page, 'Details here');
      await page.getByRole('button', { name: 'Submit' }).click();
      await toast(page, failure);
      expect(await page.getByLabel('Title').inputValue()).toBe('Something');
      await page.unrouteAll();
      await stubCreate(page, kind, 201);
      await page.getByRole('button', { name: 'Submit' }).click();
      await toast(page, success);
      await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
      await page.context().close();
    },
  );

  it("submits a ticket that the API then lists as the user's own", async () => {
    const page = await openDrawer();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    const title = `Menu feedback ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await typeDescription(page, 'The new menu is great');
    await page
      .getByLabel('Attachments')
      .first()
      .setInputFiles([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('thanks') }]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Feedback submitted successfully!');
    const token = await apiToken(user);
    const mine = await api<{ results: { id: string; title: string; ticket_type: string; ticket_status: string }[] }>(
      token,
      'GET',
      '/api/helpdesk/my-tickets/',
    );
    const ticket = mine.body.results.find((t) => t.title === title);
    expect(ticket).toMatchObject({ ticket_type: 'FEEDBACK', ticket_status: 'OPEN' });
    const detail = await api<{ ticket_content: unknown }>(token, 'GET', `/api/helpdesk/my-tickets/${ticket!.id}/`);
    expect(detail.body.ticket_content).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The new menu is great' }] }],
    });
    await page.goto('/tickets');
    await page.getByRole('link', { name: title }).waitFor();
    await page.context().close();
  });

  it("names the new ticket's number in the drawer's confirmation, linking to the ticket", async () => {
    const page = await openDrawer();
    await page.getByRole('button', { name: 'Report an Issue' }).click();
    const title = `Numbered issue ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await typeDescription(page, 'The oven door is stuck');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Issue reported successfully!');
    // Confirmed inside the drawer, where screen readers are while it is modal: a status with the link.
    const status = drawer(page).getByRole('status');
    await status.getByText('Issue reported successfully!').waitFor();
    const link = status.getByRole('link', { name: /^View ticket #\d+$/ });
    const number = (await link.textContent())!.trim();
    expect(number).toMatch(/^#\d+$/);
    await link.click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await drawer(page).waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: `${number} ${title}` }).waitFor();
    expect(await page.title()).toBe(`${number} ${title} · Operations Platform`);
  });
});
