import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, seriousViolations, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let admin: TestUser;
let token: string;
let entityId: string;
/** 55 clients named `<prefix> 001` to `<prefix> 055`: more than two pages of 25. */
let prefix: string;

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = await api<T>(token, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true });
  token = await apiToken(admin);
  const owner = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  entityId = (await post<{ id: string }>('/api/base/legal-entities/', { name: `Paging Entity ${tag()}`, abbr: `P${tag()}` })).id;
  prefix = `Pg${tag()}`;
  for (let i = 1; i <= 55; i++) {
    await post('/api/accounts/clients/', { name: `${prefix} ${String(i).padStart(3, '0')}`, account_number: `P-${tag()}`, owner, legal_entity: entityId });
  }
});
afterAll(async () => browser?.close());

const grid = (page: Page) => page.getByRole('grid', { name: 'All Clients' });
const names = async (page: Page) => (await grid(page).locator('[role="row"] [data-field="name"][role="gridcell"]').allInnerTexts()).map((text) => text.trim());
const firstName = async (page: Page) => (await names(page))[0];
const shownRows = (page: Page) => page.locator('.MuiTablePagination-displayedRows').innerText();
const pageParam = (page: Page) => new URL(page.url()).searchParams.get('page');
const numbered = (n: number) => `${prefix} ${String(n).padStart(3, '0')}`;

// A slow shared machine: each journey gets three minutes (no timing is asserted).
describe('list pages', { timeout: 180_000 }, () => {
  it('pages forward to page 3, keeps it on reload, steps back with Back, and opens page 2 from a link', async () => {
    const user = await createUser({ superuser: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user, `/clients?search=${prefix}&ordering=name`);
    await expect.poll(() => firstName(page)).toBe(numbered(1));
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => firstName(page)).toBe(numbered(26));
    expect(pageParam(page)).toBe('2');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => names(page), { timeout: 30_000 }).toEqual([51, 52, 53, 54, 55].map(numbered));
    expect(pageParam(page)).toBe('3');
    await expect.poll(() => shownRows(page)).toBe('51–55 of 55 (filtered)');

    await page.reload();
    await expect.poll(() => names(page), { timeout: 30_000 }).toEqual([51, 52, 53, 54, 55].map(numbered));
    expect(pageParam(page)).toBe('3');
    await page.goBack();
    await expect.poll(() => firstName(page)).toBe(numbered(26));
    expect(pageParam(page)).toBe('2');

    // A link sent to a colleague opens the same rows.
    const colleague = await (await newContext(browser)).newPage();
    await signIn(colleague, admin, `/clients?search=${prefix}&ordering=name&page=2`);
    await expect.poll(() => firstName(colleague)).toBe(numbered(26));
    await expect.poll(() => shownRows(colleague)).toBe('26–50 of 55 (filtered)');
    expect(pageParam(colleague)).toBe('2');
    await colleague.context().close();
    await context.close();
  });

  it('shows a search restored from the saved view as a chip, says filtered beside the count, and Clear all clears it', async () => {
    const user = await createUser({ superuser: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user, '/clients');
    await page.getByRole('textbox', { name: 'Search All Clients' }).fill(`${prefix} 05`);
    // The search matches words in any field, so only that it narrows the list is checked here.
    await expect.poll(() => shownRows(page), { timeout: 30_000 }).toContain('(filtered)');
    // Days later: the bare route restores the saved search, and says so.
    await page.goto('/');
    await page.goto('/clients');
    const chips = page.getByRole('region', { name: 'Active filters' });
    await chips.getByText(`“${prefix} 05”`).waitFor();
    await expect.poll(() => shownRows(page), { timeout: 30_000 }).toContain('(filtered)');
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => chips.count()).toBe(0);
    await expect.poll(() => shownRows(page)).not.toContain('filtered');
    // The address bar follows the view after the render that cleared it (a navigation), so it is polled too.
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBeNull();
    expect(await page.getByRole('textbox', { name: 'Search All Clients' }).inputValue()).toBe('');
    await context.close();
  });

  it('asks for the list once on a cold load, with the saved view and with a link over it (the shell starts that request)', async () => {
    const user = await createUser({ superuser: true });
    const saved = await api(await apiToken(user), 'POST', '/api/identity/page-setting/', {
      page: 'CLIENTS',
      layout: 'DEFAULT',
      page_setting: { search: prefix, sorting: ['-name'], page_size: 50 },
    });
    expect(saved.status).toBe(201);
    const context = await newContext(browser);
    const page = await context.newPage();
    // Lands on a page that asks for no list. Home asks for the clients' count (`limit=1`), and on a
    // loaded machine that request went out after sign-in returned and was counted below.
    await signIn(page, user, '/themes-example/typography');
    // Every request for the clients list, including one that failed or was cancelled.
    let lists: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/accounts/clients/') lists.push(url.searchParams);
    });
    const asked = () => lists.map((params) => Object.fromEntries(params));

    // A full load of the page (a bookmark, a reload): the shell's prefetch and ListPage share one request.
    // ListPage's code is held back until the list has been asked for (20 s at most): the shell asks
    // for it without that code, from the saved view; ListPage alone could not until its code ran.
    let listAsked!: () => void;
    const listSeen = new Promise<boolean>((resolve) => (listAsked = () => resolve(true)));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/accounts/clients/') listAsked();
    });
    let askedBeforeListPage: boolean | null = null;
    await page.route(/\/assets\/ListPage-[\w-]+\.js$/, async (route) => {
      askedBeforeListPage = await Promise.race([listSeen, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]);
      await route.continue();
    });
    await page.goto('/clients');
    await expect.poll(() => firstName(page), { timeout: 40_000 }).toBe(numbered(55));
    expect(askedBeforeListPage).toBe(true);
    expect(asked()).toEqual([{ limit: '50', offset: '0', ordering: '-name', search: prefix }]);
    await page.unrouteAll();

    lists = [];
    await page.goto('/clients?ordering=name&page=2');
    await expect.poll(() => firstName(page)).toBe(numbered(51));
    expect(asked()).toEqual([{ limit: '50', offset: '50', ordering: 'name', search: prefix }]);
    await context.close();
  });

  it('is one Tab stop with arrow keys inside, and Enter opens the row', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, admin, `/clients?search=${prefix}&ordering=name`);
    await expect.poll(() => firstName(page)).toBe(numbered(1));
    // The footer's pagination is its own chunk: until it is in, the Tab order after the grid is not
    // the page's (on a loaded machine it came between the Tab out and the Shift+Tab back).
    await page.getByRole('button', { name: 'Go to next page' }).waitFor();
    // No row link is a Tab stop of its own: only the grid's one focusable cell is.
    expect(await grid(page).locator('a[href]:not([tabindex="-1"])').count()).toBe(0);
    const inCells = () => page.evaluate(() => document.activeElement?.closest('[role="columnheader"], [role="gridcell"]') != null);
    // The element before the grid: the chip row's Clear all (the search is a filter).
    await page.getByRole('button', { name: 'Clear all' }).focus();
    await page.keyboard.press('Tab');
    expect(await inCells()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await inCells()).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await inCells()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: numbered(2) }).waitFor();
    // After the navigation focus starts at the new page's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });

  it('shows each row as a card with its name in full on a phone', async () => {
    const long = `${prefix} Alice Springs Community Services Hub`;
    const owner = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
    await post('/api/accounts/clients/', { name: long, account_number: `P-${tag()}`, owner, legal_entity: entityId });
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, admin, `/clients?search=${encodeURIComponent(prefix)}&ordering=-name`);
    const cards = page.getByRole('list', { name: 'All Clients' }).getByRole('listitem');
    await expect.poll(() => cards.first().getByRole('link').innerText()).toBe(long);
    expect(await cards.count()).toBe(25);
    for (const link of await cards.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Not cut: the link shows all of its text.
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await context.close();
  });

  it('has no serious or critical axe violations on a filtered list, light and dark, wide and on a phone', async () => {
    const user = await createUser({ superuser: true });
    for (const mode of ['LIGHT', 'DARK']) {
      const answer = await api(await apiToken(user), 'PATCH', '/api/identity/app-setting/', { theme_mode: mode });
      expect(answer.status).toBe(200);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const context = await newContext(browser, { viewport, colorScheme: mode === 'DARK' ? 'dark' : 'light' });
        const page = await context.newPage();
        await signIn(page, user, `/clients?search=${prefix}&filters=${encodeURIComponent(JSON.stringify({ account_type__in: ['CLIENT'] }))}`);
        await page.getByRole('region', { name: 'Active filters' }).waitFor();
        await page.getByRole('link', { name: numbered(1) }).waitFor();
        expect(await seriousViolations(page), `${mode} ${viewport.width}`).toEqual([]);
        await context.close();
      }
    }
  });
});
