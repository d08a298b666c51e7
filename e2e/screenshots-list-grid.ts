/**
 * The clients list on the demo data (issue 22, the list grid drawn by the app): light at 1280 and
 * 390 px, dark at 1280, and light at 1280 scrolled sideways (the first column stays pinned), with a
 * row hovered and one ticked where the list has a checkbox column. Needs the built web app
 * (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-list-grid.ts OUT_DIR
 */
import fs from 'node:fs';
import path from 'node:path';
import { demoAdminToken, launchScreenshotBrowser, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const out = path.resolve(process.argv[2] ?? 'list-grid-shots');
fs.mkdirSync(out, { recursive: true });
const { baseUrl, stop } = await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const setMode = (mode: string) =>
    fetch(`${baseUrl}/api/identity/app-setting/`, {
      method: 'PATCH',
      headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ theme_mode: mode, timezone: 'Australia/Sydney' }),
    });
  const browser = await launchScreenshotBrowser();
  for (const [mode, width, route] of [
    ['LIGHT', 1280, '/clients'],
    ['LIGHT', 390, '/clients'],
    ['LIGHT', 1280, '/brands'],
    ['DARK', 1280, '/clients'],
  ] as const) {
    await setMode(mode);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width === 390 ? 844 : 800 }, timezoneId: 'Australia/Sydney' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await signInDemoAdmin(page);
    await page.goto(route);
    const name = `${route.slice(1)}-${mode.toLowerCase()}-${width}`;
    if (width === 390) {
      await page.getByRole('list').first().waitFor();
      await page.screenshot({ path: path.join(out, `${name}.png`) });
    } else {
      const grid = page.getByRole('grid');
      await grid.locator('[role="row"][data-id]').first().waitFor();
      const ticks = grid.getByRole('checkbox', { name: 'Select row' });
      if ((await ticks.count()) > 0) await ticks.nth(1).check();
      await grid.locator('[role="row"][data-id]').nth(2).hover();
      await page.screenshot({ path: path.join(out, `${name}.png`) });
      if (route === '/clients' && mode === 'LIGHT') {
        await grid.evaluate((element) => (element.scrollLeft = 400));
        await page.screenshot({ path: path.join(out, `${name}-scrolled.png`) });
      }
    }
    await context.close();
  }
  await browser.close();
} finally {
  await stop();
}
