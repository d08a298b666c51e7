import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser, launchBrowser, newContext, seriousViolations, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(async () => browser?.close());

async function signedInPage(width = 1280, height = 800): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, admin);
  return page;
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

describe('header', () => {
  it('is 3rem tall and names its controls', async () => {
    const page = await signedInPage();
    const header = page.locator('header');
    expect((await header.boundingBox())?.height).toBe(48);
    for (const name of ['Home', 'Help and support', 'Notifications', 'User profile']) {
      await header.getByRole(name === 'Home' ? 'link' : 'button', { name, exact: true }).waitFor();
    }
    await page.context().close();
  });

  it('opens My Tickets and the help drawer from Help and support', async () => {
    const page = await signedInPage();
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('menuitem', { name: 'View My Tickets' }).click();
    await page.waitForURL('**/tickets');
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
    await page.context().close();
  });

  it('shows the user in the profile menu and leads to User Account and Application Settings', async () => {
    const page = await signedInPage();
    await page.getByRole('button', { name: 'User profile' }).click();
    const menu = page.getByRole('menu', { name: 'User profile' });
    await menu.getByText('Ada Lovelace').waitFor();
    await menu.getByText(admin.email).waitFor();
    await menu.locator('.MuiAvatar-root').waitFor();
    await page.getByRole('menuitem', { name: 'User Account' }).click();
    await page.waitForURL('**/user-accounts');
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menuitem', { name: 'Application Settings' }).click();
    await page.getByRole('dialog', { name: 'Application Settings' }).waitFor();
    await page.context().close();
  });

  it('operates the menus by keyboard', async () => {
    const page = await signedInPage();
    await page.getByRole('button', { name: 'Help and support' }).focus();
    await page.keyboard.press('Enter');
    // Each key goes where focus is: wait for the menu to take focus, then for the arrow to move it.
    await page.locator('[role="menuitem"]:focus', { hasText: 'View My Tickets' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.locator('[role="menuitem"]:focus', { hasText: 'Create a Ticket' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Create a Ticket' }).waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('shows the notifications drop-down with its links', async () => {
    const page = await signedInPage();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor();
    await page.getByText('No New Notifications').waitFor();
    await page.getByRole('menuitem', { name: 'View All Notifications' }).click();
    await page.waitForURL('**/notifications');
    await page.context().close();
  });
});

describe('breadcrumb', () => {
  it('is hidden on Home and lists capitalised labels elsewhere, at font size 14', async () => {
    const page = await signedInPage();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await crumbs(page).count()).toBe(0);
    await page.goto('/roles');
    await crumbs(page).waitFor();
    expect(await crumbs(page).locator('li.MuiBreadcrumbs-li').allInnerTexts()).toEqual(['Accounts', 'Client Contact Roles']);
    expect(await crumbs(page).evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    await page.goto('/directory/clients?view=map');
    await crumbs(page).getByText('Clients Map').waitFor();
    expect(await crumbs(page).locator('li.MuiBreadcrumbs-li').allInnerTexts()).toEqual(['Directory', 'Map', 'Clients Map']);
    await page.context().close();
  });

  it('ends a detail route with Details and a back button to the list', async () => {
    const page = await signedInPage();
    await page.goto('/brands/0198a0b0-0000-7000-8000-000000000001');
    await crumbs(page).getByText('Details').waitFor();
    await crumbs(page).getByRole('button', { name: 'Brands' }).click();
    await page.waitForURL('**/brands');
    await page.goto('/legal-entities/ACME');
    await crumbs(page).getByText('ACME').waitFor();
    expect(await crumbs(page).getByText('Details').count()).toBe(0);
    await page.context().close();
  });

  it('takes the free header width', async () => {
    const page = await signedInPage();
    await page.goto('/roles');
    await crumbs(page).waitFor();
    const widths = await page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect().width;
      const controls = document.querySelector('header [data-header-controls]')!.getBoundingClientRect().width;
      const crumb = document.querySelector('nav[aria-label="Breadcrumb"]')!.parentElement!.getBoundingClientRect().width;
      return { header, controls, crumb };
    });
    expect(Math.round(widths.crumb)).toBe(Math.round(widths.header - widths.controls - 212));
    await page.context().close();
  });
});

describe('small screens', () => {
  it('keeps the page name and the back button whole in a phone breadcrumb, dropping section names', async () => {
    const page = await signedInPage(390, 844);
    await page.goto('/directory/clients?view=map');
    await crumbs(page).getByText('Clients Map').waitFor();
    expect(await crumbs(page).locator('li.MuiBreadcrumbs-li').allInnerTexts()).toEqual(['Clients Map']);
    const clipped = await crumbs(page).getByText('Clients Map').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped).toBe(false);
    await page.goto('/brands/0198a0b0-0000-7000-8000-000000000001');
    await crumbs(page).getByText('Details').waitFor();
    expect(await crumbs(page).locator('li.MuiBreadcrumbs-li').allInnerTexts()).toEqual(['Brands', 'Details']);
    await page.context().close();
  });

  it('opens the side navigation with the Open navigation toggle', async () => {
    const page = await signedInPage(390, 844);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.waitFor();
    await page.getByRole('button', { name: 'Accounts' }).click();
    await page.getByRole('link', { name: 'Contact Person' }).click();
    await page.waitForURL('**/contact-person');
    await nav.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on the shell, its menus and panels', async () => {
    const page = await signedInPage();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page), 'shell').toEqual([]);
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menu', { name: 'User profile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    await page.getByRole('button', { name: 'Report an Issue' }).click();
    await page.getByLabel('Title').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menuitem', { name: 'Application Settings' }).click();
    await page.getByRole('dialog', { name: 'Application Settings' }).getByLabel('Timezone').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('has no serious or critical axe violations on the sign-in page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
