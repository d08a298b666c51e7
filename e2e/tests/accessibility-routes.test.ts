import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, apiToken, axeViolations, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';
import { createRouteRecords, ROUTER_PATHS, urlsOf, type RouteRecords } from '../fixtures/axe-routes';

/**
 * axe on every route of the web app's router (derived from its route table, so a new route is
 * checked or this test fails), detail routes with real records, in light and in dark (the dark
 * theme confirmed on the page before the check), plus the states that hide behind an action:
 * the board, a ticket with an @mention in an internal note, /notifications with notifications,
 * the new-client dialog and the no-access page. Moderate findings count, not only serious ones.
 */
const require = createRequire(import.meta.url);
const IMPACTS = ['moderate', 'serious', 'critical'];
/** The body's background in each theme (theme.ts `background.default`): proof the theme is applied. */
const BODY_BACKGROUND = { LIGHT: 'rgb(245, 246, 248)', DARK: 'rgb(15, 17, 21)' } as const;
type Theme = keyof typeof BODY_BACKGROUND;

let browser: Browser;
let admin: TestUser;
let records: RouteRecords;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Axe', lastName: 'Admin' });
  records = await createRouteRecords(admin, Date.now().toString(36).slice(-5));
  context = await newContext(browser);
  // axe in every page of the walk from the start, instead of evaluated anew after each navigation.
  await context.addInitScript({ path: require.resolve('axe-core/axe.min.js') });
  page = await context.newPage();
  await signIn(page, admin);
});
afterAll(async () => browser?.close());

async function setTheme(user: TestUser, theme: Theme) {
  expect((await api(await apiToken(user), 'PATCH', '/api/identity/app-setting/', { theme_mode: theme })).status).toBe(200);
}

/** Waits for the page's content and its theme, then answers axe's findings, each prefixed with `where`. */
async function check(where: string, theme: Theme, ready: () => Promise<unknown>): Promise<string[]> {
  await ready();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), { message: `${where} theme` }).toBe(BODY_BACKGROUND[theme]);
  return (await axeViolations(page, { impacts: IMPACTS })).map((violation) => `${theme} ${where}: ${violation}`);
}

const heading = () => page.getByRole('heading', { level: 1 }).waitFor();

/** What each URL waits for beyond its heading: the state worth checking. */
function readyFor(url: string): () => Promise<unknown> {
  if (url === '/all-tickets?view=board') return () => page.getByRole('listitem', { name: 'Open column' }).getByRole('button').first().waitFor();
  if (url === `/all-tickets/${records.notedTicket}`) return () => page.locator('.mention').first().waitFor();
  if (url === '/notifications') return () => page.getByRole('list', { name: 'Notifications' }).getByRole('link').first().waitFor();
  return heading;
}

describe('accessibility of every route', () => {
  it('every route of the router has a URL to check, detail routes with a real record', () => {
    const unchecked = ROUTER_PATHS.filter((path) => urlsOf(path, records) === undefined);
    expect(unchecked).toEqual([]);
  });

  it('the sign-in page has no moderate, serious or critical axe violation', async () => {
    const signedOut = await newContext(browser);
    const login = await signedOut.newPage();
    await login.goto('/login');
    await login.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(login, { impacts: IMPACTS })).toEqual([]);
    await signedOut.close();
  });

  for (const theme of ['LIGHT', 'DARK'] as const) {
    it(`every signed-in route and state has no moderate, serious or critical axe violation (${theme.toLowerCase()})`, async () => {
      await setTheme(admin, theme);
      const found: string[] = [];
      const urls = ROUTER_PATHS.flatMap((path) => urlsOf(path, records) ?? []);
      for (const url of urls) {
        await page.goto(url);
        expect(await page.getByText('Page not found').count(), url).toBe(0);
        found.push(...(await check(url, theme, readyFor(url))));
      }
      // The catch-all route: a missing page.
      await page.goto('/no-such-page');
      found.push(...(await check('* (missing page)', theme, () => page.getByText('Page not found').first().waitFor())));
      // A dialog: the new client form.
      await page.goto('/clients');
      await heading();
      await page.getByRole('button', { name: 'New client' }).click();
      found.push(...(await check('/clients new-client dialog', theme, () => page.getByRole('dialog').getByRole('button', { name: 'Create client' }).waitFor())));
      expect(found).toEqual([]);
    }, 300_000);
  }

  it('the no-access page (a user without the permission) has no moderate, serious or critical axe violation, in light and dark', async () => {
    const plain = await createUser({ firstName: 'Nora', lastName: 'Noaccess' });
    const own = await newContext(browser);
    const noAccess = await own.newPage();
    await signIn(noAccess, plain);
    const found: string[] = [];
    for (const theme of ['LIGHT', 'DARK'] as const) {
      await setTheme(plain, theme);
      await noAccess.goto('/allocations');
      await noAccess.getByText('You do not have access to this page').waitFor();
      await expect.poll(() => noAccess.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BODY_BACKGROUND[theme]);
      found.push(...(await axeViolations(noAccess, { impacts: IMPACTS })).map((v) => `${theme}: ${v}`));
    }
    expect(found).toEqual([]);
    await own.close();
  });
});
