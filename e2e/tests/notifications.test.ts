import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, signIn, watchFailures, type TestUser } from '../fixtures/app';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const message = (text: string) => ({ message: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] } });

/** A requester with two notifications from staff on one ticket: a status change and a message. */
async function requesterWithNews(): Promise<{ requester: TestUser; ticketId: string; title: string }> {
  const requester = await createUser({ userType: 6, firstName: 'Nora', lastName: 'Notified' });
  const staff = await createUser({ userType: 2, firstName: 'Stan', lastName: 'Staff' });
  const title = `Broken tap ${Date.now()}`;
  const ticketId = await raiseTicket(await apiToken(requester), title, 'Tap drips');
  const staffToken = await apiToken(staff);
  expect((await api(staffToken, 'PATCH', `/api/helpdesk/tickets/${ticketId}/`, { ticket_status: 'IN_PROGRESS' })).status).toBe(200);
  expect((await api(staffToken, 'POST', `/api/helpdesk/tickets/${ticketId}/conversations/`, message('Plumber booked'))).status).toBe(201);
  return { requester, ticketId, title };
}

const items = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');

describe('notifications page', () => {
  it('filters read and unread, marks one read and unread, marks all read and opens the ticket', async () => {
    const { requester, ticketId } = await requesterWithNews();
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, requester, '/notifications');
    await page.getByRole('tab', { name: 'Unread (2)' }).waitFor();
    await items(page).nth(1).waitFor();
    expect(await items(page).count()).toBe(2);
    const status = items(page).filter({ hasText: 'changed the status' });
    await status.getByRole('button', { name: /^Mark as read:/ }).click();
    await page.getByRole('tab', { name: 'Unread (1)' }).click();
    await expect.poll(() => items(page).count()).toBe(1);
    await items(page).filter({ hasText: 'sent a message' }).waitFor();
    await page.getByRole('tab', { name: 'Read', exact: true }).click();
    await items(page).filter({ hasText: 'changed the status' }).getByRole('button', { name: /^Mark as unread:/ }).click();
    await page.getByText('No read notifications').waitFor();
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Mark all as read', exact: true }).click();
    await page.getByRole('tab', { name: 'Unread', exact: true }).waitFor();
    // An Employee has no help-desk permission: the link opens their own ticket page.
    await items(page).filter({ hasText: 'sent a message' }).getByRole('link').click();
    // The message notification leads to the message itself.
    await page.waitForURL(`**/tickets/${ticketId}#message-*`);
    await page.getByRole('list', { name: 'Conversation' }).getByText('Plumber booked').waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('deletes one, then all after confirmation', async () => {
    const { requester } = await requesterWithNews();
    const page = await (await newContext(browser)).newPage();
    await signIn(page, requester, '/notifications');
    await page.getByRole('tab', { name: 'Unread (2)' }).waitFor();
    await items(page).nth(1).waitFor();
    await items(page).filter({ hasText: 'changed the status' }).getByRole('button', { name: /^Delete:/ }).click();
    await page.getByRole('tab', { name: 'Unread (1)' }).waitFor();
    await expect.poll(() => items(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete all' }).click();
    await page.getByRole('dialog', { name: 'Delete all notifications?' }).getByRole('button', { name: 'Delete all' }).click();
    await page.getByText('No notifications', { exact: true }).waitFor();
    const token = await apiToken(requester);
    expect((await api<{ active: number; deleted: number }>(token, 'GET', '/api/notifications/counts/')).body).toMatchObject({ active: 0, deleted: 2 });
    await page.context().close();
  });

  it('the header menu shows a new notification live and leads to the notifications page', async () => {
    const requester = await createUser({ userType: 6, firstName: 'Liv', lastName: 'Live' });
    const staff = await createUser({ userType: 2 });
    const title = `Oven light ${Date.now()}`;
    const ticketId = await raiseTicket(await apiToken(requester), title, 'Light is out');
    const page = await (await newContext(browser)).newPage();
    await signIn(page, requester);
    await page.locator('#notifications-unread').waitFor({ state: 'detached' });
    expect((await api(await apiToken(staff), 'PATCH', `/api/helpdesk/tickets/${ticketId}/`, { ticket_status: 'ON_HOLD' })).status).toBe(200);
    await page.locator('#notifications-unread', { hasText: '1 unread' }).waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menuitem', { name: /changed the status of #\d+ "Oven light .* to On Hold/ }).waitFor();
    await page.getByRole('menuitem', { name: 'View All Notifications' }).click();
    await page.waitForURL('**/notifications');
    await page.getByRole('tab', { name: 'Unread (1)' }).waitFor();
    await page.context().close();
  });
});
