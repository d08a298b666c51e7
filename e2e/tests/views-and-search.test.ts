import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let owner: TestUser; // holds view.share (superuser)
let colleague: TestUser; // Corporate user: reads clients, cannot share
let token: string;
let prefix: string;
const clients: Record<string, string> = {};

const tag = () => randomBytes(3).toString('hex').toUpperCase();
/** Set SCREENSHOT_DIR to keep pictures of the palette and the views menu (1280 and 390 px wide). */
const shoot = async (page: Page, name: string) => {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.waitForTimeout(500); // menus and dialogs fade in
  await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
};

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createUser({ superuser: true, firstName: 'Olive', lastName: 'Owner' });
  colleague = await createUser({ userType: 2, firstName: 'Colin', lastName: 'League' });
  token = await apiToken(owner);
  const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  const entity = (
    await api<{ id: string }>(token, 'POST', '/api/base/legal-entities/', { name: `Views Entity ${tag()}`, abbr: `V${tag()}` })
  ).body.id;
  prefix = `Vw${tag()}`;
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    const answer = await api<{ id: string }>(token, 'POST', '/api/accounts/clients/', {
      name: `${prefix} ${name} Catering`,
      account_number: `V-${tag()}`,
      owner: me,
      legal_entity: entity,
    });
    if (answer.status !== 201) throw new Error(`client: ${answer.status} ${JSON.stringify(answer.body)}`);
    clients[name] = answer.body.id;
  }
});
afterAll(async () => browser?.close());

const grid = (page: Page) => page.getByRole('grid', { name: 'All Clients' });
const names = async (page: Page) =>
  (await grid(page).locator('[role="row"] [data-field="name"][role="gridcell"]').allInnerTexts()).map((text) => text.trim());
const viewIdOf = (page: Page) => new URL(page.url()).searchParams.get('view_id');

describe('named and shared views', { timeout: 240_000 }, () => {
  it('saves and shares a view; a colleague opens it from the menu and from its link, and makes it their default', async () => {
    const ownerContext = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await ownerContext.newPage();
    await signIn(page, owner, `/clients?search=${prefix}&ordering=-name`);
    await expect
      .poll(() => names(page))
      .toEqual([`${prefix} Gamma Catering`, `${prefix} Beta Catering`, `${prefix} Alpha Catering`]);

    await page.getByRole('button', { name: 'Views' }).click();
    await shoot(page, 'views-menu-empty-1280');
    await page.getByRole('menuitem', { name: 'Save as new view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as new view' });
    const viewName = `Reverse ${tag()}`;
    await dialog.getByLabel('View name').fill(viewName);
    await dialog.getByLabel('Share with everyone').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Views: ${viewName}` }).waitFor();
    await expect.poll(() => viewIdOf(page)).toMatch(/^[0-9a-f-]{36}$/);
    const viewId = viewIdOf(page)!;
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Stop sharing' }).waitFor();
    await shoot(page, 'views-menu-1280');
    await page.keyboard.press('Escape');
    await ownerContext.close();

    // The colleague: the shared view is in their menu, but not theirs to change.
    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const other = await context.newPage();
    await signIn(other, colleague, `/clients?search=${prefix}`);
    await other.getByRole('button', { name: 'Views' }).click();
    const menu = other.getByRole('menu', { name: 'Views' });
    await menu.getByText('Shared views').waitFor();
    await menu.getByRole('menuitem', { name: new RegExp(viewName) }).click();
    await expect.poll(() => viewIdOf(other)).toBe(viewId);
    await other.getByRole('button', { name: `Views: ${viewName}` }).click();
    await shoot(other, 'views-menu-390');
    for (const ownerOnly of ['Share with everyone', 'Stop sharing', 'Delete view', 'Rename view']) {
      expect(await menu.getByRole('menuitem', { name: ownerOnly }).count(), ownerOnly).toBe(0);
    }
    await menu.getByRole('menuitem', { name: 'Set as default' }).click();
    await other.getByText(`“${viewName}” opens by default.`).waitFor();

    // Its link opens it; the bare list opens the default view.
    await other.goto(`/clients?view_id=${viewId}`);
    await other.getByRole('button', { name: `Views: ${viewName}` }).waitFor();
    await other.goto('/clients');
    await other.getByRole('button', { name: `Views: ${viewName}` }).waitFor();
    await expect.poll(() => viewIdOf(other)).toBe(viewId);
    expect(new URL(other.url()).searchParams.get('ordering')).toBe('-name');
    await context.close();
  });

  it('refuses to share for a user without view.share: the option is not offered', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, colleague, `/clients?search=${prefix}`);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save as new view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as new view' });
    await dialog.getByText('Only you will see this view.').waitFor();
    expect(await dialog.getByLabel('Share with everyone').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});

describe('search everything', { timeout: 180_000 }, () => {
  for (const width of [1280, 390]) {
    it(`Ctrl+K finds a client despite a typo and Enter opens it (${width} px)`, async () => {
      const context = await newContext(browser, { viewport: { width, height: 844 } });
      const page = await context.newPage();
      await signIn(page, owner);
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox', { name: 'Search everything' });
      await input.waitFor();
      await input.fill(`${prefix} Gmama`);
      const listbox = page.getByRole('listbox', { name: 'Search results' });
      await listbox.getByRole('option', { name: new RegExp(`${prefix} Gamma Catering`) }).waitFor();
      await shoot(page, `search-palette-${width}`);
      // The best match is first and active; arrows move, Enter opens the active one.
      const options = listbox.getByRole('option');
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
      expect(await options.first().innerText()).toContain(`${prefix} Gamma Catering`);
      if ((await options.count()) > 1) {
        await page.keyboard.press('ArrowDown');
        expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('ArrowUp');
      }
      expect(await input.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/clients/${clients.Gamma}`);

      // The header button opens it again, with the search remembered.
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const recent = page.getByRole('listbox', { name: 'Recent searches' });
      await recent.getByRole('option', { name: `${prefix} Gmama` }).waitFor();
      await shoot(page, `search-palette-recent-${width}`);
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'hidden' });
      await context.close();
    });
  }
});
