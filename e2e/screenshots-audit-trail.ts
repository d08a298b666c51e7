/**
 * Screenshots of the audit trail (issue 36) at 1280 and 390 px on the demo data: the entries with
 * their field diff, the retention form with a refused value, and a person's data with the erase
 * dialog. Saved to docs/screenshots/. Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-audit-trail.ts
 */
import path from 'node:path';
import { demoAdminToken, demoApi, launchScreenshotBrowser, newScreenshotPage, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();
try {
  const call = demoApi(baseUrl, await demoAdminToken(baseUrl));
  const clients = await call<{ results: { id: string; name: string }[] }>('GET', '/api/accounts/clients/?page_size=1');
  const client = clients.results[0]!;
  await call('PATCH', `/api/accounts/clients/${client.id}/`, { name: `${client.name} (renamed)` });
  const browser = await launchScreenshotBrowser();
  for (const width of [1280, 390]) {
    const page = await newScreenshotPage(browser, baseUrl, width);
    const shot = async (name: string) => {
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(out, `audit-trail-${name}-${width}.png`), fullPage: true });
    };
    await signInDemoAdmin(page);
    await page.goto('/audit-trail');
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    await page.waitForTimeout(1500);
    await shot('entries');
    if (width > 600) await page.getByText('→').first().hover();
    await shot('diff');
    await page.getByRole('button', { name: 'Retention' }).click();
    await page.getByLabel('Login', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await shot('retention');
    await page.getByRole('button', { name: "A person's data" }).click();
    await page.getByLabel('Search users').fill('a');
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Erase this person' }).click();
    await shot('erase');
    await page.context().close();
  }
  await browser.close();
} finally {
  await stop();
}
