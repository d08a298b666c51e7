/**
 * Screenshots for issue 38 points 11, 16 and 17 on the demo data, light and dark, at 1280 and 390 px,
 * saved to docs/screenshots/: the ticket board, a ticket with an @mention in an internal note, and
 * /notifications.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-board-mentions.ts
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { demoAdminToken, screenshotsDir as out, startDemoServer, signInDemoAdmin } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();

async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Until no transition or animation runs (menus, drawers, toasts). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

try {
  const token = await demoAdminToken(baseUrl);
  const tickets = await call<{ results: { id: string }[] }>(token, 'GET', '/api/helpdesk/tickets/?page_size=1&ordering=-created_at');
  const ticketId = tickets.results[0]!.id;
  const staff = await call<{ results: { id: string; full_name: string }[] }>(token, 'GET', '/api/helpdesk/assignees/?page_size=2');
  const colleague = staff.results[0]!;
  await call(token, 'POST', `/api/helpdesk/tickets/${ticketId}/conversations/`, {
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

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call(token, 'PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const suffix = theme === 'DARK' ? '-dark' : '';
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: width === 390 ? 844 : 800 },
        timezoneId: 'Australia/Sydney',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
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
