import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, seriousViolations, signIn } from '../fixtures/app';
import { SPEC_ROUTES } from '../fixtures/routes';

/**
 * axe on every route of the app, signed in as an administrator, in light and
 * dark: no serious or critical violation anywhere.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const ROUTES = [...SPEC_ROUTES, '/notifications'];

describe('accessibility of every route', () => {
  it('the sign-in page has no serious or critical axe violation', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  for (const theme of ['LIGHT', 'DARK'] as const) {
    it(`every signed-in route has no serious or critical axe violation (${theme.toLowerCase()})`, async () => {
      const admin = await createUser({ superuser: true, firstName: 'Axe', lastName: theme });
      const token = await apiToken(admin);
      expect((await api(token, 'PATCH', '/api/identity/app-setting/', { theme_mode: theme })).status).toBe(200);
      const ticket = await raiseTicket(token, `Axe ticket ${theme}`, 'Checked by axe');
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, admin);
      const found: string[] = [];
      for (const route of [...ROUTES, `/all-tickets/${ticket}`, `/tickets/${ticket}`]) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        for (const violation of await seriousViolations(page)) found.push(`${route}: ${violation}`);
      }
      expect(found).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
