import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PROMPT = 'Timezone change has been detected. Change time zone to Europe/Berlin?';

async function savedSettings(user: TestUser) {
  return (await api<{ timezone: string; theme_mode: string; theme_colour: string; display_density: string }>(await apiToken(user), 'GET', '/api/identity/app-setting/')).body;
}

/** A user whose settings already say Sydney (first read by the API, with no browser zone), now in Berlin. */
async function signedInBerlin(user: TestUser): Promise<Page> {
  expect((await savedSettings(user)).timezone).toBe('Australia/Sydney');
  const context = await newContext(browser, { timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

describe('time zone prompt', () => {
  it('Yes saves the browser time zone and closes', async () => {
    const user = await createUser();
    const page = await signedInBerlin(user);
    const prompt = page.getByRole('dialog', { name: PROMPT });
    await prompt.waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/identity/app-setting/') && r.request().method() === 'PATCH');
    await prompt.getByRole('button', { name: 'Yes' }).click();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ timezone: 'Europe/Berlin' });
    await prompt.waitFor({ state: 'hidden' });
    expect((await savedSettings(user)).timezone).toBe('Europe/Berlin');
    await page.reload();
    await page.getByRole('button', { name: 'User profile' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('No closes without saving', async () => {
    const user = await createUser();
    const page = await signedInBerlin(user);
    const prompt = page.getByRole('dialog', { name: PROMPT });
    await prompt.getByRole('button', { name: 'No' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect((await savedSettings(user)).timezone).toBe('Australia/Sydney');
    await page.context().close();
  });

  it('shows Error updating timezone when saving fails', async () => {
    const user = await createUser();
    await savedSettings(user);
    const context = await newContext(browser, { timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.route('**/api/identity/app-setting/', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }) : route.fallback(),
    );
    await signIn(page, user);
    await page.getByRole('dialog', { name: PROMPT }).getByRole('button', { name: 'Yes' }).click();
    await page.locator('#notistack-snackbar', { hasText: 'Error updating timezone' }).waitFor();
    expect((await savedSettings(user)).timezone).toBe('Australia/Sydney');
    await context.close();
  });

  it("does not appear at a new user's first sign-in: the browser's zone becomes theirs; a later real change asks", async () => {
    const user = await createUser();
    const context = await newContext(browser, { timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await signIn(page, user);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await savedSettings(user)).timezone).toBe('Europe/Berlin');
    await context.close();
    // The same user travels: now the question is a real one.
    const tokyo = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
    const away = await tokyo.newPage();
    await signIn(away, user);
    await away.getByRole('dialog', { name: 'Timezone change has been detected. Change time zone to Asia/Tokyo?' }).waitFor();
    await tokyo.close();
  });

  it('does not appear when the saved zone is the browser zone', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('application settings', () => {
  it('applies and saves theme mode, colour and density at once, and restores them on the next sign-in', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menuitem', { name: 'Application Settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Application Settings' });
    await panel.getByRole('button', { name: 'Dark' }).click();
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, light);
    await panel.getByRole('radio', { name: 'Green' }).click();
    await panel.getByLabel('Display density').click();
    await page.getByRole('option', { name: 'Compact' }).click();
    await panel.getByLabel('Landing page').click();
    const landing = page.waitForResponse((r) => r.url().endsWith('/api/identity/app-setting/') && r.request().method() === 'PATCH' && (r.request().postData() ?? '').includes('landing_page'));
    await page.getByRole('option', { name: 'My Tickets' }).click();
    await landing;
    expect(await savedSettings(user)).toMatchObject({ theme_mode: 'DARK', theme_colour: 'GREEN', display_density: 'COMPACT' });
    await context.close();

    // A new device starts light, then follows the saved settings once they load; the landing page applies after sign-in.
    const next = await newContext(browser);
    const again = await next.newPage();
    await signIn(again, user);
    await again.waitForURL('**/tickets');
    await again.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, light);
    expect(await again.evaluate(() => JSON.parse(localStorage.getItem('ops.theme') ?? '{}'))).toEqual({ mode: 'DARK', colour: 'GREEN', density: 'COMPACT' });
    await next.close();
  });
});
