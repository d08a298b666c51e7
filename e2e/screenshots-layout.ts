/**
 * Issue 38 points 14-16 on the demo data: the clients list filling 1280 and 1920 px and a 390 px
 * phone, light and dark; a client whose name is 255 characters without a space (its record page at
 * 1280 and 390); the keyboard focus ring on a toolbar button. Needs the
 * built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-layout.ts OUT_DIR
 * With BASE_URL set, a server already running the demo data is used instead of a new one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { demoAdminToken, launchScreenshotBrowser, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const out = path.resolve(process.argv[2] ?? 'layout-shots');
fs.mkdirSync(out, { recursive: true });
const { baseUrl, stop } = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL, stop: async () => {} } : await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await answer.json()) as Record<string, unknown>;
  };
  const setMode = (mode: string) => call('PATCH', '/api/identity/app-setting/', { theme_mode: mode, timezone: 'Australia/Sydney' });
  const sample = ((await call('GET', '/api/accounts/clients/?page_size=1')).results as { owner: { id: string }; legal_entity: { id: string } }[])[0]!;
  const longName = 'Saltbushcentralkitchenandcateringservicesforregionalhospitals'.repeat(5).slice(0, 255);
  const long = await call('POST', '/api/accounts/clients/', {
    name: longName,
    account_number: 'LONG-255',
    owner: sample.owner.id,
    legal_entity: sample.legal_entity.id,
    description: longName,
  });

  const browser = await launchScreenshotBrowser();
  const shoot = async (mode: 'LIGHT' | 'DARK', width: number, route: string, name: string, act: (page: Page) => Promise<void>) => {
    await setMode(mode);
    const height = width === 390 ? 844 : width === 1920 ? 1080 : 800;
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, timezoneId: 'Australia/Sydney' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await signInDemoAdmin(page);
    await page.goto(route);
    await act(page);
    await page.screenshot({ path: path.join(out, `${name}-${width}${mode === 'DARK' ? '-dark' : ''}.png`) });
    await context.close();
  };
  const listReady = async (page: Page) => {
    if ((await page.viewportSize())!.width === 390) await page.getByRole('list', { name: 'All Clients' }).waitFor();
    else await page.locator('[role="grid"]:not([aria-busy]) [role="row"][data-id]').first().waitFor({ timeout: 120_000 });
  };

  for (const mode of ['LIGHT', 'DARK'] as const) {
    for (const width of [1280, 1920, 390]) await shoot(mode, width, '/clients', 'list-fill', listReady);
    for (const width of [1280, 390]) {
      await shoot(mode, width, `/clients/${String(long.id)}`, 'long-name', (page) => page.getByRole('heading', { level: 1 }).waitFor());
    }
    await shoot(mode, 1280, '/clients', 'focus-ring', async (page) => {
      await listReady(page);
      await page.getByRole('textbox', { name: 'Search All Clients' }).focus();
      await page.keyboard.press('Tab');
    });
  }
  await setMode('LIGHT');
  await browser.close();
} finally {
  await stop();
}
