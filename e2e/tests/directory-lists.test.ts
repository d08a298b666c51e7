import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, cli, createUser, launchBrowser, newContext, raiseTicket, signIn, watchFailures, type TestUser } from '../fixtures/app';

let browser: Browser;
let viewer: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The synced areas have no write API: their demo seeder fills them (idempotent upserts).
  await cli('seed-demo', '--only', 'integrations');
  viewer = await createUser({ userType: 2, firstName: 'Dee', lastName: 'Directory' });
  token = await apiToken(viewer);
});
afterAll(async () => browser?.close());

async function first<T>(path: string): Promise<T & Record<string, unknown>> {
  const answer = await api<{ count: number; results: (T & Record<string, unknown>)[] }>(token, 'GET', path);
  expect(answer.status).toBe(200);
  expect(answer.body.count).toBeGreaterThan(0);
  return answer.body.results[0]!;
}

const cell = (page: Page, text: string) => page.getByRole('gridcell', { name: text, exact: true }).first();

describe('directory lists', () => {
  it('show the synced staff, office users, site staff users and groups with their members', async () => {
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, viewer, '/directory/all-staff?view=list');
    const employee = await first<{ EmployeeName: string; EmpCode: string }>('/api/adp/employees/?limit=1&ordering=EmployeeName');
    await page.getByRole('heading', { level: 1, name: 'All Staff' }).waitFor();
    await cell(page, employee.EmployeeName).waitFor();
    await cell(page, employee.EmpCode).waitFor();

    const office = await first<{ primaryEmail: string }>('/api/google-sync/directory-users/office/?limit=1&ordering=given_name');
    await page.goto('/office-users');
    await cell(page, office.primaryEmail).waitFor();

    const site = await first<{ primaryEmail: string }>('/api/google-sync/directory-users/site/?limit=1&ordering=given_name');
    await page.goto('/site-staff-users');
    await cell(page, site.primaryEmail).waitFor();

    const group = await first<{ id: string; name: string }>('/api/google-sync/directory-groups/?limit=1&ordering=name');
    const member = await first<{ email: string }>(`/api/google-sync/directory-group/${group.id}/members/?limit=1&ordering=email`);
    await page.goto('/directory-groups');
    await page.getByRole('main').getByRole('link', { name: group.name, exact: true }).click();
    await page.waitForURL(`**/directory-groups/${group.id}`);
    await page.getByRole('heading', { level: 1, name: group.name }).waitFor();
    await cell(page, member.email).waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('searches staff on the server', async () => {
    const employee = await first<{ EmployeeName: string; EmpCode: string }>('/api/adp/employees/?limit=1&ordering=-EmployeeName');
    const page = await (await newContext(browser)).newPage();
    await signIn(page, viewer, '/directory/all-staff?view=list');
    await page.getByRole('main').getByRole('textbox', { name: /search/i }).fill(employee.EmpCode);
    await cell(page, employee.EmployeeName).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.context().close();
  });
});

describe('home', () => {
  it('shows the user\'s open tickets, counts of what they may read and recent pages', async () => {
    const title = `Home check ${Date.now()}`;
    await raiseTicket(token, title, 'Shown on home');
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, viewer, '/office-users');
    await page.getByRole('heading', { level: 1, name: 'Office Users' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('region', { name: 'My open tickets (1)' }).getByRole('link', { name: new RegExp(title) }).waitFor();
    const glance = page.getByRole('region', { name: 'At a glance' });
    await glance.getByRole('link', { name: /^Office users\s*20$/ }).waitFor();
    // A Corporate User reads most records: a count for each.
    expect(await glance.getByRole('link').count()).toBeGreaterThan(3);
    await page.getByRole('link', { name: 'Office Users' }).first().waitFor();
    expect(failures).toEqual([]);
    await page.context().close();

    const guest = await createUser({ userType: 7 });
    const guestPage = await (await newContext(browser)).newPage();
    await signIn(guestPage, guest);
    await guestPage.getByRole('region', { name: /My open tickets/ }).waitFor();
    // A Guest reads no records: no counts at all, and no 403s behind the scenes.
    expect(await guestPage.getByRole('region', { name: 'At a glance' }).count()).toBe(0);
    await guestPage.context().close();
  });
});
