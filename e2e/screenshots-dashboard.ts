/**
 * Screenshots of Home's dashboard (issue 22) on the demo data, light and dark, at 1280, 1920 and
 * 390 px, saved to docs/screenshots/dashboard-<mode>-<width>.png. Needs the built web app
 * (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-dashboard.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs/screenshots');
const port = await new Promise<number>((resolve) => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-screens-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'shots@example.com',
    ADMIN_PASSWORD: 'Shots-pass-word-1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server not ready');
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${baseUrl}/api/identity/auth/knox/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin.user@demo.example', password: 'SaltbushDemo-2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const setMode = (mode: string) =>
    fetch(`${baseUrl}/api/identity/app-setting/`, {
      method: 'PATCH',
      headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ theme_mode: mode, timezone: 'Australia/Sydney' }),
    });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  for (const mode of ['LIGHT', 'DARK']) {
    await setMode(mode);
    for (const width of [1280, 1920, 390]) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: width === 390 ? 844 : 1000 },
        timezoneId: 'Australia/Sydney',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.on('response', (response) => {
        if (response.status() >= 400) console.log(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      await page.goto('/login');
      await page.getByLabel('Email').fill('admin.user@demo.example');
      await page.getByLabel('Password').fill('SaltbushDemo-2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.getByRole('region', { name: 'Dashboard' }).waitFor();
      await page.locator('.MuiBarChart-element').first().waitFor();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: path.join(out, `dashboard-${mode.toLowerCase()}-${width}.png`), fullPage: width === 390 });
      await context.close();
    }
  }
  await browser.close();
  console.log(`screenshots in ${out}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
