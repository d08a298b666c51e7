/**
 * Screenshots for issue 22 (human use) on the demo data, light and dark, saved to docs/screenshots/:
 * the error screen of a page whose code cannot load, the unsaved-changes prompt, and the clients and
 * all-tickets lists at 1280 and 390 px.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-human-use.ts
 */
import path from 'node:path';
import { demoAdminToken, demoApi, launchScreenshotBrowser, newScreenshotPage, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();

try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const tickets = await call<{ results: { id: string }[] }>('GET', '/api/helpdesk/tickets/?page_size=1&ordering=-created_at');
  const ticketId = tickets.results[0]!.id;

  const browser = await launchScreenshotBrowser();
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call('PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const suffix = theme === 'DARK' ? '-dark' : '';
    for (const width of [1280, 390]) {
      const page = await newScreenshotPage(browser, baseUrl, width);
      const context = page.context();
      await signInDemoAdmin(page);

      // The product screen instead of the router's developer page when a page's code cannot load.
      await page.route(/\/assets\/UserAccountPage-[^/]+\.js$/, (route) => route.abort('failed'));
      await page.goto('/user-accounts');
      await page.getByRole('heading', { level: 1, name: 'A new version is available' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `error-screen-${width}${suffix}.png`) });
      await page.unroute(/\/assets\/UserAccountPage-[^/]+\.js$/);

      // The unsaved-changes prompt over a dirty edit dialog.
      await page.goto(`/all-tickets/${ticketId}`);
      const titleDialog = page.getByRole('dialog', { name: 'Edit title' });
      await page.getByRole('button', { name: 'Edit title' }).click();
      await titleDialog.getByLabel('Title').fill('Cool room door seal replaced, check on Friday');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `unsaved-changes-${width}${suffix}.png`) });
      await page.getByRole('button', { name: 'Discard changes' }).click();

      // Two records lists: a grid at 1280, a card per row on a phone.
      for (const list of ['clients', 'all-tickets']) {
        await page.goto(`/${list}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForTimeout(1500);
        await page.screenshot({ path: path.join(out, `${list}-${width}${suffix}.png`) });
      }
      await context.close();
    }
  }
  await call('PATCH', '/api/identity/app-setting/', { theme_mode: 'LIGHT' });
  await browser.close();
  console.log(`screenshots in ${out}`);
} finally {
  await stop();
}
