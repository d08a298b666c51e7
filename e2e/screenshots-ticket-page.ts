/**
 * The staff ticket page at 1280 wide (issue 22, bundle budget): once loaded, and while its reply
 * form and staff controls are still loading (their chunks held back for 3 s), to compare the
 * placeholders with what replaces them. Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-ticket-page.ts OUT_DIR
 */
import fs from 'node:fs';
import path from 'node:path';
import { demoAdminToken, launchScreenshotBrowser, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const out = path.resolve(process.argv[2] ?? 'ticket-page-shots');
fs.mkdirSync(out, { recursive: true });
const { baseUrl, stop } = await startDemoServer();

try {
  const token = await demoAdminToken(baseUrl);
  const answer = await fetch(`${baseUrl}/api/helpdesk/tickets/?page_size=1&ordering=-created_at`, {
    headers: { Authorization: `Token ${token}` },
  });
  const ticket = ((await answer.json()) as { results: { id: string }[] }).results[0]!;
  const browser = await launchScreenshotBrowser();
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && console.log(`console: ${message.text()}`));
  await signInDemoAdmin(page);

  await page.goto(`/all-tickets/${ticket.id}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.getByRole('combobox', { name: 'Status' }).waitFor();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(out, 'ticket-1280.png'), fullPage: true });

  // A fresh page whose reply form and staff controls arrive late: the placeholders hold their places.
  const slow = await context.newPage();
  await slow.route(/\/assets\/(ReplyForm|StaffControls)-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await slow.goto(`/all-tickets/${ticket.id}`);
  await slow.getByRole('region', { name: 'Description' }).waitFor();
  await slow.waitForTimeout(800);
  await slow.screenshot({ path: path.join(out, 'ticket-1280-loading.png'), fullPage: true });
  await context.close();
  await browser.close();
} finally {
  await stop();
}
