import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, signIn, watchFailures } from '../fixtures/app';

// Issue 34 (spec platform §14.4): a kind turned off in-app leaves no notification; watching a record notifies of its changes.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Listed {
  results: { verb: string; description: string | null; data: Record<string, unknown> | null }[];
}

/** Sets the "Ticket assigned: In app" box on the settings page and saves. */
async function setAssignedInApp(page: Page, on: boolean) {
  await page.goto('/notification-settings');
  const box = page.getByRole('checkbox', { name: 'Ticket assigned: In app' });
  await box.waitFor();
  if ((await box.isChecked()) !== on) await box.click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Notification settings saved.').waitFor();
}

describe('notification preferences', () => {
  it('a kind turned off in-app shows no notification; turned on again, it does', async () => {
    const assignee = await createUser({ userType: 2, firstName: 'Asha', lastName: 'Assignee' });
    const lead = await createUser({ userType: 2, firstName: 'Lee', lastName: 'Lead' });
    const requester = await createUser({ userType: 6, firstName: 'Rae', lastName: 'Requester' });
    const assigneeToken = await apiToken(assignee);
    const leadToken = await apiToken(lead);
    const assigneeId = (await api<{ id: string }>(assigneeToken, 'GET', '/api/identity/user/')).body.id;
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, assignee);
    await setAssignedInApp(page, false);
    const saved = await api<{ channels: Record<string, { in_app: boolean; email: boolean }> }>(assigneeToken, 'GET', '/api/notifications/preferences/');
    expect(saved.body.channels.ticket_assigned).toMatchObject({ in_app: false, email: true });

    const quiet = `Quiet grill ${Date.now()}`;
    const first = await raiseTicket(await apiToken(requester), quiet, 'Grill will not light');
    expect((await api(leadToken, 'PATCH', `/api/helpdesk/tickets/${first}/`, { assignee: assigneeId })).status).toBe(200);
    // The rows are written in the assignment's transaction: none for this ticket now means none at all.
    const afterOff = await api<Listed>(assigneeToken, 'GET', '/api/notifications/?limit=50');
    expect(afterOff.body.results.filter((n) => n.data?.ticket_id === first)).toEqual([]);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menu', { name: 'Notifications' }).waitFor();
    expect(await page.getByRole('menuitem', { name: new RegExp(quiet) }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await setAssignedInApp(page, true);
    const loud = `Loud fryer ${Date.now()}`;
    const second = await raiseTicket(await apiToken(requester), loud, 'Fryer alarm');
    expect((await api(leadToken, 'PATCH', `/api/helpdesk/tickets/${second}/`, { assignee: assigneeId })).status).toBe(200);
    await page.locator('#notifications-unread').waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByRole('button', { name: 'Notifications' }).click();
    // Grouped by day: today's heading with its own "Mark all as read".
    await page.getByRole('button', { name: 'Mark all as read: Today' }).waitFor();
    await page.getByRole('menuitem', { name: new RegExp(`Lee Lead assigned you .*${loud}`) }).waitFor();
    expect(await page.getByRole('menuitem', { name: new RegExp(quiet) }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark all as read: Today' }).click();
    await page.getByText('No New Notifications').waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('watching a client: a change to it by someone else notifies the watcher; Watching again stops it', async () => {
    const watcher = await createUser({ superuser: true, firstName: 'Wren', lastName: 'Watcher' });
    const editor = await createUser({ superuser: true, firstName: 'Ed', lastName: 'Editor' });
    const editorToken = await apiToken(editor);
    const tag = randomBytes(3).toString('hex');
    const me = (await api<{ id: string }>(editorToken, 'GET', '/api/identity/user/')).body.id;
    const entity = await api<{ id: string }>(editorToken, 'POST', '/api/base/legal-entities/', { name: `Watch Entity ${tag}`, abbr: `W${tag.toUpperCase()}` });
    const client = await api<{ id: string }>(editorToken, 'POST', '/api/accounts/clients/', {
      name: `Watched Kitchen ${tag}`,
      account_number: `W-${tag}`,
      owner: me,
      legal_entity: entity.body.id,
    });
    expect(client.status).toBe(201);

    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, watcher, `/clients/${client.body.id}`);
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    await page.getByRole('button', { name: 'Watching', pressed: true }).waitFor();
    const renamed = `Watched Canteen ${tag}`;
    expect((await api(editorToken, 'PATCH', `/api/accounts/clients/${client.body.id}/`, { name: renamed })).status).toBe(200);
    await page.locator('#notifications-unread').waitFor({ state: 'attached', timeout: 20_000 });
    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page.getByRole('menuitem', { name: new RegExp(`${renamed}`) }).click();
    // The notification leads to the client.
    await page.waitForURL(`**/clients/${client.body.id}`);

    await page.getByRole('button', { name: 'Watching', pressed: true }).click();
    await page.getByRole('button', { name: 'Watch', pressed: false }).waitFor();
    expect((await api(editorToken, 'PATCH', `/api/accounts/clients/${client.body.id}/`, { name: `${renamed} 2` })).status).toBe(200);
    const watcherToken = await apiToken(watcher);
    const listed = await api<Listed>(watcherToken, 'GET', '/api/notifications/?limit=50');
    expect(listed.body.results.filter((n) => n.description?.includes(`${renamed} 2`))).toEqual([]);
    expect(failures).toEqual([]);
    await page.context().close();
  });
});
