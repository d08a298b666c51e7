/**
 * Screenshots of the Timeline tab and the Allocations page at 1280 and 390 px on the demo data
 * (issue 16), saved to docs/screenshots/. Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-sites.ts
 */
import path from 'node:path';
import { demoAdminToken, launchScreenshotBrowser, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const get = async <T>(p: string) =>
    (await (await fetch(`${baseUrl}${p}`, { headers: { Authorization: `Token ${token}` } })).json()) as T;
  const site = (
    await get<{ results: { id: string }[] }>(
      `/api/operations/cost-centres/?filters=${encodeURIComponent(JSON.stringify({ code: 'CC00001' }))}`,
    )
  ).results[0]!;
  const drift = await get<{ results: { user: { email: string } }[] }>('/api/identity/allocations/drift/');
  const person = drift.results[0]?.user.email ?? 'site.user@demo.example';
  // A manual client allocation as well, so the page shows what it brings by inheritance.
  const personId = (await get<{ results: { id: string }[] }>(`/api/identity/users/?search=${encodeURIComponent(person)}`))
    .results[0]!.id;
  const siteClient = (await get<{ client: { id: string } }>(`/api/operations/cost-centres/${site.id}/`)).client.id;
  await fetch(`${baseUrl}/api/identity/allocations/`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: personId, client: siteClient }),
  });

  const browser = await launchScreenshotBrowser();
  for (const width of process.env.SHOTS_DEBUG ? [1280] : [1280, 390]) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width, height: width === 390 ? 844 : 900 },
      timezoneId: 'Australia/Sydney',
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.status() >= 400) console.log(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('request', (request) => {
      if (process.env.SHOTS_DEBUG && request.url().includes('/api/'))
        console.log(`-> ${request.method()} ${decodeURIComponent(request.url())}`);
    });
    page.on('requestfinished', async (request) => {
      if (process.env.SHOTS_DEBUG && request.url().includes('/api/'))
        console.log(
          `<- ${(await request.response())?.status()} ${request.timing().responseEnd.toFixed(0)} ms ${decodeURIComponent(request.url()).slice(0, 160)}`,
        );
    });
    page.on('console', (message) => {
      if (process.env.SHOTS_DEBUG) console.log(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await signInDemoAdmin(page);
    await page.goto(`/cost-center/${site.id}`);
    const tab = page.getByRole('tab', { name: 'Timeline' });
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `timeline-${width}.png`), fullPage: width !== 390 });
    if (width === 390) await page.screenshot({ path: path.join(out, `timeline-${width}-full.png`), fullPage: true });

    await page.goto('/allocations');
    const search = page.getByRole('combobox', { name: 'Search users' });
    await search.click();
    await search.fill(person);
    await page.getByRole('option').first().click();
    await page.getByRole('table', { name: 'Allocations' }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `allocations-${width}.png`), fullPage: true });
    await page.getByRole('tab', { name: 'Drift report' }).click();
    await page.getByRole('table', { name: 'Allocation drift' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `allocations-drift-${width}.png`), fullPage: true });
    await context.close();
  }
  await browser.close();
  console.log(`screenshots in ${out}`);
} finally {
  await stop();
}
