import { chromium } from 'playwright-core';
import { createTarget, startServer } from './lib/target';
const target = await createTarget('pglite', 0, { keep: false, reuse: false });
const server = await startServer(target, { SEED_DEMO: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const ctx = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, timezoneId: 'Australia/Sydney' });
  const page = await ctx.newPage();
  // 1. boot placeholder: hold the entry script
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-.*\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.waitForSelector('.boot-spinner');
  await page.screenshot({ path: '/tmp/perfweb/shot-boot.png' });
  release();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.screenshot({ path: '/tmp/perfweb/shot-login.png' });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Enter your email address.').waitFor();
  await page.screenshot({ path: '/tmp/perfweb/shot-login-errors.png' });
  await page.getByLabel('Email').fill('corporate.user@demo.example');
  await page.getByLabel('Password').fill('SaltbushDemo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.getByRole('button', { name: 'User profile' }).waitFor();
  // 2. route fallback: hold the clients list page chunk, navigate in-app
  let release2!: () => void;
  const held2 = new Promise<void>((r) => (release2 = r));
  await page.route(/\/assets\/ClientListPage-.*\.js$/, async (route) => { await held2; await route.continue(); });
  await page.evaluate(() => { history.pushState({}, '', '/clients'); dispatchEvent(new PopStateEvent('popstate')); });
  await page.getByRole('status', { name: 'Loading' }).first().waitFor();
  await page.screenshot({ path: '/tmp/perfweb/shot-route-fallback.png' });
  release2();
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await page.screenshot({ path: '/tmp/perfweb/shot-clients.png' });
  // 3. full-screen fallback on a deep link while the shell chunk loads
  const ctx2 = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, timezoneId: 'Australia/Sydney', storageState: await ctx.storageState() });
  const p2 = await ctx2.newPage();
  let release3!: () => void;
  const held3 = new Promise<void>((r) => (release3 = r));
  await p2.route(/\/assets\/AppShell-.*\.js$/, async (route) => { await held3; await route.continue(); });
  await p2.goto('/clients');
  await p2.getByRole('status', { name: 'Loading' }).first().waitFor();
  await p2.waitForTimeout(300);
  await p2.screenshot({ path: '/tmp/perfweb/shot-shell-fallback.png' });
  release3();
  await p2.locator('.MuiDataGrid-row').first().waitFor();
  console.log('ok');
} finally {
  await browser.close();
  await server.stop();
  await target.drop();
}
