/**
 * Screenshots for issue 38 points 11, 16 and 17 on the demo data, light and dark, at 1280 and 390 px,
 * saved to docs/screenshots/: the ticket board, a ticket with an @mention in an internal note, and
 * /notifications.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-board-mentions.ts
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demoAdminToken, demoApi, launchScreenshotBrowser, newScreenshotPage, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();

/** Until no transition or animation runs (menus, drawers, toasts). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const tickets = await call<{ results: { id: string }[] }>('GET', '/api/helpdesk/tickets/?page_size=1&ordering=-created_at');
  const ticketId = tickets.results[0]!.id;
  const staff = await call<{ results: { id: string; full_name: string }[] }>('GET', '/api/helpdesk/assignees/?page_size=2');
  const colleague = staff.results[0]!;
  await call('POST', `/api/helpdesk/tickets/${ticketId}/conversations/`, {
    internal: true,
    message: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Please check ' },
            { type: 'mention', attrs: { id: colleague.id, label: colleague.full_name } },
            { type: 'text', text: ', the door seal was replaced last month.' },
          ],
        },
      ],
    },
  });

  const browser = await launchScreenshotBrowser();
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call('PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const suffix = theme === 'DARK' ? '-dark' : '';
    for (const width of [1280, 390]) {
      const page = await newScreenshotPage(browser, baseUrl, width);
      const context = page.context();
      await signInDemoAdmin(page);

      await page.goto('/all-tickets?view=board');
      await page.getByRole('listitem', { name: 'Open column' }).getByRole('button').first().waitFor();
      // Every column loaded: its count shows instead of an ellipsis.
      await page.waitForFunction(() => [...document.querySelectorAll('[data-status] h2 + *')].every((count) => count.textContent !== '…'));
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: path.join(out, `ticket-board-${width}${suffix}.png`) });

      await page.goto(`/all-tickets/${ticketId}`);
      const note = page.locator('[data-internal-note="true"]').filter({ has: page.locator('.mention') }).last();
      await note.waitFor();
      await page.waitForLoadState('networkidle');
      await note.scrollIntoViewIfNeeded();
      await settled(page);
      await page.screenshot({ path: path.join(out, `ticket-mention-note-${width}${suffix}.png`) });

      await page.goto('/notifications');
      await page.getByRole('list', { name: 'Notifications' }).waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: path.join(out, `notifications-${width}${suffix}.png`) });
      await context.close();
    }
  }
  await browser.close();
} finally {
  await stop();
}
