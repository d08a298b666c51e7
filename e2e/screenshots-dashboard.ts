/**
 * Screenshots of Home's dashboard (issue 22) on the demo data, light and dark, at 1280, 1920 and
 * 390 px, saved to docs/screenshots/dashboard-<mode>-<width>.png. Needs the built web app
 * (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-dashboard.ts
 */
import path from 'node:path';
import { demoAdminToken, launchScreenshotBrowser, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

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
  for (const mode of ['LIGHT', 'DARK']) {
    await setMode(mode);
    for (const width of [1280, 1920, 390]) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: width === 390 ? 844 : 1000 },
        timezoneId: 'Australia/Sydney',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.on('response', (response) => {
        if (response.status() >= 400) console.log(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      await signInDemoAdmin(page);
      await page.getByRole('region', { name: 'Dashboard' }).waitFor();
      await page.locator('.MuiBarChart-element').first().waitFor();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: path.join(out, `dashboard-${mode.toLowerCase()}-${width}.png`), fullPage: width === 390 });
      await context.close();
    }
  }
  await browser.close();
  console.log(`screenshots in ${out}`);
} finally {
  await stop();
}
