import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser, launchBrowser, newContext, signIn, watchFailures } from '../fixtures/app';
import { SPEC_ROUTES } from '../fixtures/routes';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const ROUTES = SPEC_ROUTES;
// Each test walks every route in one page: allow time per route, not one test's default for all
// of them (the whole walk passed 60 s on a loaded 2-core machine while every page was fine).
const WALK_TIMEOUT = ROUTES.length * 10_000;

describe('routes', () => {
  it('serves every route of spec web-shell §2.1 on a deep link and a reload', async () => {
    const admin = await createUser({ superuser: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, admin);
    for (const route of ROUTES) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText('Page not found').count(), route).toBe(0);
    }
    await context.close();
  }, WALK_TIMEOUT);

  it('makes no failing API call on any route', async () => {
    const admin = await createUser({ superuser: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    const failures = watchFailures(page);
    await signIn(page, admin);
    for (const route of ROUTES) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(failures).toEqual([]);
    await context.close();
  }, WALK_TIMEOUT);
});
