import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ userType: 2, firstName: 'Nora', lastName: 'Network' });
});
afterAll(async () => browser?.close());

async function open(path = '/'): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, user, path);
  return page;
}

async function openUserAccount(page: Page) {
  await page.getByRole('button', { name: 'User profile' }).click();
  await page.getByRole('menuitem', { name: 'User Account' }).click();
}

describe('no dead ends', () => {
  it('a page whose code cannot be loaded shows the product screen inside the shell, and Reload brings the page', async () => {
    const page = await open('/');
    const chunkRequests: string[] = [];
    // Every request for the account page's chunk fails, as after a deploy removed the old files.
    await page.route(/\/assets\/UserAccountPage-[^/]+\.js$/, (route) => {
      chunkRequests.push(route.request().url());
      return route.abort('failed');
    });
    await openUserAccount(page);
    await page.getByRole('heading', { level: 1, name: 'A new version is available' }).waitFor();
    // The chunk was tried again before giving up; the header and navigation stay.
    expect(chunkRequests.length).toBeGreaterThanOrEqual(2);
    await page.locator('header [aria-label="User profile"]').waitFor();
    expect(await page.getByText(/Hey developer|dynamically imported module/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Home', exact: true }).count()).toBeGreaterThan(0);

    await page.unrouteAll();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForURL(/\/user-accounts$/);
    await page.getByRole('heading', { level: 1, name: 'User Account' }).waitFor();
    await page.context().close();
  });

  it('says the server cannot be reached when the chunk fails and the server does not answer either', async () => {
    const page = await open('/');
    await page.route(/\/assets\/UserAccountPage-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.route('**/healthz', (route) => route.abort('failed'));
    await openUserAccount(page);
    await page.getByRole('heading', { level: 1, name: "Can't reach the server" }).waitFor();
    await page.context().close();
  });

  it('shows an offline banner while the browser or the API is unreachable, which clears itself on reconnect', async () => {
    const page = await open('/');
    const banner = page.getByRole('status').filter({ hasText: /offline|reach the server/ });
    await page.context().setOffline(true);
    await banner.getByText('You are offline.', { exact: false }).waitFor();
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });

    // The API stops answering: the next request shows the banner; when it answers again, the page loads its data.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.route('**/healthz', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menuitem', { name: 'View All Notifications' }).click();
    await banner.getByText("Can't reach the server", { exact: false }).waitFor();
    await page.unrouteAll();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.context().close();
  });
});
