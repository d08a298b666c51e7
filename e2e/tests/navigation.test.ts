import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedIn(user: TestUser): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const navLinks = (page: Page) => nav(page).getByRole('link').allInnerTexts();

/** Expands every collapsed group of the side navigation. */
async function expandAll(page: Page) {
  await page.locator('nav[aria-label="Main navigation"][aria-busy="false"]').waitFor();
  for (;;) {
    const collapsed = nav(page).locator('[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) return;
    await collapsed.first().click();
  }
}

describe('side navigation', () => {
  it('shows a limited user only the entries their permissions allow', async () => {
    const user = await createUser({ permissions: ['brand.read', 'industry.read', 'contactperson.add'] });
    const page = await signedIn(user);
    await expandAll(page);
    // My Tickets and Knowledge need no permission: every signed-in user has their own tickets and reads the articles meant for them.
    expect(await navLinks(page)).toEqual(['Home', 'Brands', 'My Tickets', 'Knowledge', 'Industries', 'Theme Setting']);
    expect(await nav(page).getByRole('button').allInnerTexts()).toEqual(expect.arrayContaining(['Operations', 'Help Desk', 'Tickets', 'Organizations']));
    expect(await nav(page).getByText('Accounts').count()).toBe(0);
    expect(await nav(page).getByText('Directory').count()).toBe(0);
    // A page outside the user's permissions shows a refusal instead of calling the API.
    await page.goto('/clients');
    await page.getByText('You do not have access to this page').waitFor();
    await expandAll(page);
    await nav(page).getByRole('link', { name: 'My Tickets' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Tickets' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await page.context().close();
  });

  it('shows every entry to an administrator', async () => {
    const admin = await createUser({ superuser: true });
    const page = await signedIn(admin);
    await expandAll(page);
    const links = await navLinks(page);
    for (const name of ['Clients Map', 'Cost Centre Map', 'All Clients', 'All Cost Centres', 'All Staff', 'Office Users', 'Site Staff Users', 'Groups', 'Contact Person', 'Client Contact Roles', 'Brands', 'Operation Roles', 'My Tickets', 'All Tickets', 'Legal Entities', 'Industries', 'Theme Setting']) {
      expect(links).toContain(name);
    }
    await page.context().close();
  });

  it('searches names case-insensitively at every level and sorts leaf results', async () => {
    const admin = await createUser({ superuser: true });
    const page = await signedIn(admin);
    const search = page.getByLabel('Search navigation');
    await search.fill('ALL');
    await nav(page).getByRole('link', { name: 'All Tickets' }).waitFor();
    expect(await navLinks(page)).toEqual([
      'All Clients',
      'All Cost Centres',
      'All Staff',
      'All Clients',
      'All Cost Centres',
      'All Tickets',
      'Allocations',
    ]);
    await search.fill('google workspace');
    await nav(page).getByRole('link', { name: 'Groups' }).waitFor();
    expect(await navLinks(page)).toEqual(['Groups', 'Office Users', 'Site Staff Users']);
    await search.fill('system administration');
    await nav(page).getByRole('link', { name: 'Legal Entities' }).waitFor();
    expect(await navLinks(page)).toEqual(['Legal Entities', 'Industries', 'Teams', 'Routing Rules', 'SLA Policies', 'Allocations', 'Audit trail', 'Automations', 'Theme Setting']);
    await search.fill('nothing like this');
    await nav(page).getByText('No matching pages.').waitFor();
    await page.context().close();
  });

  it('keeps the five most recent pages, current first, and saves them in the MENU page setting', async () => {
    const admin = await createUser({ superuser: true });
    const page = await signedIn(admin);
    const visits = ['/brands', '/roles', '/industries', '/directory/clients?view=map', '/office-users', '/legal-entities'];
    for (const path of visits) {
      const saved = page.waitForResponse((r) => r.url().includes('/api/identity/page-setting/') && r.request().method() !== 'GET');
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await saved;
    }
    // A reload of the same path is not a new visit.
    await page.reload();
    const recent = page.getByRole('list', { name: 'Recent' });
    const expected = ['Legal Entities', 'Office Users', 'Clients Map', 'Industries', 'Client Contact Roles'];
    await recent.getByRole('link', { name: 'Client Contact Roles' }).waitFor();
    expect(await recent.getByRole('link').allInnerTexts()).toEqual(expected);

    const token = await apiToken(admin);
    const settings = await api<{ results: { page_setting: { recentPages: { name: string; to: string; type: string; permissions: string | null; nestedModules: string[] }[] } }[] }>(
      token,
      'GET',
      `/api/identity/page-setting/?filters=${encodeURIComponent(JSON.stringify({ page: 'MENU' }))}`,
    );
    const saved = settings.body.results[0]!.page_setting.recentPages;
    expect(saved.map((entry) => entry.name)).toEqual(expected);
    expect(saved[2]).toMatchObject({ to: '/directory/clients?view=map', type: 'item', permissions: 'client', nestedModules: ['Modules', 'Directory', 'Map'] });
    await page.context().close();
  });

  it('pins and unpins the current page in Favorites, kept across sign-ins', async () => {
    const admin = await createUser({ superuser: true });
    const page = await signedIn(admin);
    await page.goto('/brands');
    await page.getByRole('button', { name: 'Add this page to Favorites' }).click();
    const favorites = page.getByRole('list', { name: 'Favorites' });
    await favorites.getByRole('link', { name: 'Brands' }).waitFor();
    await page.reload();
    await favorites.getByRole('link', { name: 'Brands' }).waitFor();
    await page.getByRole('button', { name: 'Remove this page from Favorites' }).click();
    await favorites.getByRole('link', { name: 'Brands' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('is operable by keyboard', async () => {
    const admin = await createUser({ superuser: true });
    const page = await signedIn(admin);
    const accounts = nav(page).getByRole('button', { name: 'Accounts' });
    await accounts.focus();
    await page.keyboard.press('Enter');
    await nav(page).getByRole('link', { name: 'Contact Person' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/contact-person');
    await page.context().close();
  });
});
