/**
 * Screenshots for issue 34 on the demo data, light and dark, at 1280 and 390 px, saved to
 * docs/screenshots/: the Notification settings page and the bell's drop-down grouped by day
 * (the demo's notifications for the admin span the last twelve hours, in Sydney time: Today and
 * Yesterday), and a client page's Watch button.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-notification-settings.ts
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, demoAdminToken, demoApi, launchScreenshotBrowser, newScreenshotPage, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();

/** Until no transition or animation runs (menus, drawers, toasts). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  // Some choices made, so the page shows more than the defaults.
  await call('PUT', '/api/notifications/preferences/', {
    channels: { sla_at_risk: { in_app: true, email: true, push: true }, job_finished: { in_app: false, email: false, push: false } },
    quiet_hours: { start: '22:00', end: '06:30' },
    digest: 'DAILY',
    digest_time: '07:30',
  });
  const clients = await call<{ results: { id: string }[] }>('GET', '/api/accounts/clients/?page_size=1');
  const clientId = clients.results[0]!.id;

  // Fresh news for today from other demo people (those allowed to): tickets assigned to the admin, a watched client changed.
  const adminId = (await call<{ id: string }>('GET', '/api/identity/user/')).id;
  const tickets = await call<{ results: { id: string }[] }>('GET', '/api/helpdesk/tickets/?page_size=3&ordering=-created_at');
  await call('POST', '/api/notifications/watches/', { model: 'client', id: clientId });
  for (const email of ['ops.user@demo.example', 'service.account@demo.example', 'corporate.user@demo.example']) {
    const login = await fetch(`${baseUrl}/api/identity/auth/knox/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_ADMIN.password }),
    });
    if (!login.ok) continue;
    const other = demoApi(baseUrl, ((await login.json()) as { token: string }).token);
    for (const ticket of tickets.results.slice(0, 2)) await other('PATCH', `/api/helpdesk/tickets/${ticket.id}/`, { assignee: adminId }).catch(() => undefined);
    await other('PATCH', `/api/accounts/clients/${clientId}/`, { description: 'Delivery dock moved to the rear lane.' }).catch(() => undefined);
  }

  const browser = await launchScreenshotBrowser();
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call('PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const suffix = theme === 'DARK' ? '-dark' : '';
    for (const width of [1280, 390]) {
      const page = await newScreenshotPage(browser, baseUrl, width);
      const context = page.context();
      await signInDemoAdmin(page);

      await page.goto('/notification-settings');
      await page.getByRole('checkbox', { name: 'Ticket assigned: In app' }).waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: path.join(out, `notification-settings-${width}${suffix}.png`), fullPage: true });

      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: 'Notifications' }).click();
      await page.getByRole('button', { name: /^Mark all as read: / }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: path.join(out, `notifications-bell-by-day-${width}${suffix}.png`) });
      await page.keyboard.press('Escape');

      await page.goto('/notifications');
      await page.getByRole('list', { name: 'Notifications' }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: path.join(out, `notifications-by-day-${width}${suffix}.png`) });

      if (theme === 'LIGHT') {
        await page.goto(`/clients/${clientId}`);
        await page.getByRole('button', { name: /^Watch/ }).waitFor();
        await page.waitForLoadState('networkidle');
        await settled(page);
        await page.screenshot({ path: path.join(out, `client-watch-${width}.png`) });
      }
      await context.close();
    }
  }
  await browser.close();
} finally {
  await stop();
}
