/**
 * The main list pages on the demo data at 1280 and 1920 px, light and dark (columns filling the
 * width, the toolbar on one line, long values readable), the SLA policies list (a policy for any
 * ticket), and a cost centre's History tab after its client changed (names, not ids). Needs the
 * built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-list-fit.ts OUT_DIR
 * With BASE_URL set, a server already running the demo data is used instead of a new one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { demoAdminToken, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const out = path.resolve(process.argv[2] ?? 'list-fit-shots');
fs.mkdirSync(out, { recursive: true });
const { baseUrl, stop } = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL, stop: async () => {} } : await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await answer.json()) as Record<string, unknown>;
  };
  const setMode = (mode: string) => call('PATCH', '/api/identity/app-setting/', { theme_mode: mode, timezone: 'Australia/Sydney' });

  // A policy for every ticket (no type, priority or industry) and one for urgent issues.
  const policies = (await call('GET', '/api/helpdesk/sla-policies/?search=Shots')).results as unknown[];
  if (!policies.length) {
    const hours = { timezone: 'Australia/Sydney', days: { mon: [['09:00', '17:00']], tue: [['09:00', '17:00']] } };
    await call('POST', '/api/helpdesk/sla-policies/', { name: 'Shots any ticket', position: 200, first_response_minutes: 240, resolution_minutes: 2880, business_hours: hours });
    await call('POST', '/api/helpdesk/sla-policies/', { name: 'Shots urgent issues', position: 10, ticket_type: 'ISSUE', priority: 'URGENT', first_response_minutes: 30, resolution_minutes: 240, business_hours: hours });
  }
  // A cost centre moved to another client: its History names both clients.
  const [site] = (await call('GET', '/api/operations/cost-centres/?limit=1&ordering=code')).results as { id: string; client: { id: string } }[];
  const [other] = ((await call('GET', '/api/accounts/clients/?limit=2&ordering=name')).results as { id: string }[]).filter((c) => c.id !== site!.client.id);
  await call('PATCH', `/api/operations/cost-centres/${site!.id}/`, { client: other!.id });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const shoot = async (mode: 'LIGHT' | 'DARK', width: number, route: string, name: string, ready: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width === 1920 ? 1080 : 800 }, timezoneId: 'Australia/Sydney' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await signInDemoAdmin(page);
    await page.goto(route);
    await ready(page);
    await page.screenshot({ path: path.join(out, `${name}-${width}${mode === 'DARK' ? '-dark' : ''}.png`) });
    await context.close();
  };
  // Lists drawn as a grid wait for their rows; others (user accounts) for their heading and a settled network.
  const gridReady = async (page: Page) => {
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    if (await page.getByRole('grid').count()) await page.locator('[role="grid"]:not([aria-busy]) [role="row"][data-id]').first().waitFor({ timeout: 120_000 });
  };

  const lists: [string, string][] = [
    ['/clients', 'clients'],
    ['/cost-center', 'cost-centres'],
    ['/all-tickets', 'tickets'],
    ['/contact-person', 'contact-persons'],
    ['/directory/all-staff?view=list', 'all-staff'],
    ['/user-accounts', 'user-accounts'],
    ['/helpdesk-sla-policies', 'sla-policies'],
  ];
  const only = process.env.ONLY?.split(',');
  for (const mode of ['LIGHT', 'DARK'] as const) {
    await setMode(mode);
    for (const width of [1280, 1920]) {
      for (const [route, name] of lists) if (!only || only.includes(name)) await shoot(mode, width, route, name, gridReady);
      if (!only || only.includes('history')) {
        await shoot(mode, width, `/cost-center/${site!.id}?tab=history`, 'cost-centre-history', (page) => page.getByRole('table', { name: 'History' }).waitFor());
      }
    }
  }
  await setMode('LIGHT');
  await browser.close();
} finally {
  await stop();
}
