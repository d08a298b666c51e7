/**
 * Screenshots for issue 38 (points 1-7) on the demo data, light and dark, 1280 and 390 px, saved to
 * docs/screenshots/: the list toolbar's labelled Raw codes and Reset view, a dashboard drill-down's
 * chips, a refused attachment in the help drawer, saving offline, a client's History and Timeline.
 * Needs the built web app (`npm run build -w @ops/web`). BASE_URL uses a demo server already running.
 *   npx tsx e2e/screenshots-daily-traps.ts
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demoAdminToken, demoApi, launchScreenshotBrowser, newScreenshotPage, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const running = process.env.BASE_URL;
const { baseUrl, stop } = running ? { baseUrl: running, stop: async () => {} } : await startDemoServer();

const shot = async (page: Page, name: string) => {
  // Menus and dialogs fade in; the picture is of their settled state.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: path.join(out, name) });
};

try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const clients = await call<{ results: { id: string; relation_status: string }[] }>('GET', '/api/accounts/clients/?limit=1&ordering=name');
  const client = clients.results[0]!;
  // A change to show in History and Timeline, made as the form makes it.
  const other = client.relation_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
  await call('PATCH', `/api/accounts/clients/${client.id}/`, { relation_status: other, account_type: 'COMPETITOR' });

  const browser = await launchScreenshotBrowser();
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call('PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const suffix = theme === 'DARK' ? '-dark' : '';
    for (const width of [1280, 390]) {
      const page = await newScreenshotPage(browser, baseUrl, width);
      const context = page.context();
      await signInDemoAdmin(page);

      // The export menu pointing to the raw codes, and the labelled Reset view.
      await page.goto('/clients');
      await page.getByRole('heading', { level: 1, name: 'All Clients' }).waitFor();
      await page.getByRole('button', { name: 'Export with raw codes' }).click();
      await page.getByRole('menuitem', { name: /Export CSV with raw codes/ }).waitFor();
      await shot(page, `list-export-menu-${width}${suffix}.png`);
      await page.keyboard.press('Escape');

      // A dashboard drill-down: both of its filters as chips.
      await page.goto('/');
      await page.locator('a[href*="created_at__gte"]').first().click();
      await page.getByRole('region', { name: 'Active filters' }).getByText('on or after').waitFor();
      await page.waitForTimeout(800);
      await shot(page, `drill-down-chips-${width}${suffix}.png`);

      // A client's History and Timeline under the form's labels.
      await page.goto(`/clients/${client.id}`);
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('table', { name: 'History' }).getByText('Relation status').first().waitFor();
      await shot(page, `client-history-labels-${width}${suffix}.png`);
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await page.getByText(/^Changed .*Relation status/).first().waitFor();
      await shot(page, `client-timeline-labels-${width}${suffix}.png`);

      // Saving offline: the banner above the dialog, the reason in the dialog.
      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit client' });
      await dialog.getByLabel('Ticker symbol').waitFor();
      await context.setOffline(true);
      await dialog.getByLabel('Ticker symbol').fill('SBX');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Not saved: you are offline', { exact: false }).waitFor();
      await shot(page, `offline-save-${width}${suffix}.png`);
      await context.setOffline(false);
      await page.getByText('You are offline.', { exact: false }).waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Discard changes' }).click();

      // A refused attachment, named at its file.
      await page.getByRole('button', { name: 'Help and support' }).click();
      await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
      await page.getByRole('button', { name: 'Report an Issue' }).click();
      await page.getByLabel('Title').fill('Printing the weekly roster');
      await page.getByRole('textbox', { name: 'Description' }).click();
      await page.keyboard.type('The printer on level 2 jams on the roster.');
      await page.locator('input[type="file"][aria-label="Attachments"]').setInputFiles([
        { name: 'roster.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Printer on level 2') },
      ]);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('The file marked below was not accepted.').waitFor();
      await page.getByRole('button', { name: 'Remove roster.pdf' }).scrollIntoViewIfNeeded();
      await shot(page, `help-drawer-refused-file-${width}${suffix}.png`);
      await context.close();
    }
  }
  await call('PATCH', '/api/identity/app-setting/', { theme_mode: 'LIGHT' });
  await browser.close();
  console.log(`screenshots in ${out}`);
} finally {
  await stop();
}
