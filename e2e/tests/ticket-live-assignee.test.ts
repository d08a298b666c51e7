import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, signIn, watchFailures, type TestUser } from '../fixtures/app';

// Issue 38 point 13: an assignee change reaches the requester's open ticket page without a reload.
let browser: Browser;
let requester: TestUser;
let staff: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  requester = await createUser({ userType: 6, firstName: 'Rhea', lastName: 'Requester' });
  staff = await createUser({ userType: 2, firstName: 'Ash', lastName: 'Assignee' });
});
afterAll(async () => browser?.close());

describe("the requester's open ticket page", () => {
  it('shows a new assignee as soon as staff assign the ticket', async () => {
    const title = `Fridge humming ${Date.now()}`;
    const id = await raiseTicket(await apiToken(requester), title, 'Loud hum from the cool room');
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, requester, `/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Unassigned').waitFor();

    const staffToken = await apiToken(staff);
    const staffId = (await api<{ id: string }>(staffToken, 'GET', '/api/identity/user/')).body.id;
    expect((await api(staffToken, 'PATCH', `/api/helpdesk/tickets/${id}/`, { assignee: staffId })).status).toBe(200);
    // No notification goes to the requester for it; the stream's ticket event refreshes the page.
    await page.getByText('Ash Assignee').waitFor();
    expect(await page.getByText('Unassigned').count()).toBe(0);
    expect(failures).toEqual([]);
    await page.context().close();
  });
});
