/**
 * Screenshots for issue 38 points 12 and 13 on the demo data, light and dark, 1280 and 390 px, saved
 * to docs/screenshots/: the SLA policies list, a policy's page and its form, a team's page with its
 * members, and the scan-to-report page as an Employee (the scanned site named).
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-issue38-flow.ts
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, demoAdminToken, demoApi, launchScreenshotBrowser, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();
const EMPLOYEE = { email: 'employee.user@demo.example', password: DEMO_ADMIN.password };

async function signIn(page: Page, user: { email: string; password: string }, to: string) {
  await page.goto(to);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const login = await fetch(`${baseUrl}/api/identity/auth/knox/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(EMPLOYEE) });
  const employeeToken = ((await login.json()) as { token: string }).token;
  const policies = await call<{ results: { id: string; name: string }[] }>('GET', '/api/helpdesk/sla-policies/?ordering=position');
  const teams = await call<{ results: { id: string }[] }>('GET', '/api/helpdesk/teams/?ordering=name');
  const sites = await call<{ results: { id: string; name: string }[] }>('GET', '/api/operations/cost-centres/?limit=1');
  const policyId = policies.results[1]!.id;
  const teamId = teams.results[0]!.id;
  const siteId = sites.results[0]!.id;

  const browser = await launchScreenshotBrowser();
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call('PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    await call(employeeToken, 'PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const suffix = theme === 'DARK' ? '-dark' : '';
    for (const width of [1280, 390]) {
      const contextOptions = { baseURL: baseUrl, viewport: { width, height: width === 390 ? 844 : 800 }, timezoneId: 'Australia/Sydney', deviceScaleFactor: 1 };
      const context = await browser.newContext(contextOptions);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      await signInDemoAdmin(page);

      await page.goto('/helpdesk-sla-policies');
      await page.getByRole('heading', { level: 1, name: 'SLA Policies' }).waitFor();
      await page.getByText(policies.results[0]!.name).first().waitFor();
      await page.screenshot({ path: path.join(out, `sla-policies-${width}${suffix}.png`) });

      await page.goto(`/helpdesk-sla-policies/${policyId}`);
      await page.getByText('Business hours (').waitFor();
      await page.screenshot({ path: path.join(out, `sla-policy-${width}${suffix}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('textbox', { name: 'Monday' }).waitFor();
      await page.getByRole('textbox', { name: 'Saturday' }).fill('10:00-09:00');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The end must be after the start.').waitFor();
      await page.screenshot({ path: path.join(out, `sla-policy-form-${width}${suffix}.png`) });
      await page.getByRole('textbox', { name: 'Saturday' }).fill('');
      await page.getByRole('button', { name: 'Cancel' }).click();
      const discard = page.getByRole('button', { name: 'Discard changes' });
      if (await discard.count()) await discard.click();

      await page.goto(`/helpdesk-teams/${teamId}`);
      await page.getByText(/^Members \(\d+\)$/).waitFor();
      await page.waitForFunction(() => !document.body.innerText.includes('…'));
      await page.screenshot({ path: path.join(out, `team-members-${width}${suffix}.png`) });
      await context.close();

      const employeeContext = await browser.newContext(contextOptions);
      const employeePage = await employeeContext.newPage();
      await signIn(employeePage, EMPLOYEE, `/report?cost_centre=${siteId}`);
      // The drawer opens over the page with the scanned site named in both.
      await employeePage.getByRole('dialog', { name: 'Create a Ticket' }).getByText(sites.results[0]!.name).first().waitFor();
      await employeePage.screenshot({ path: path.join(out, `report-site-named-${width}${suffix}.png`) });
      await employeeContext.close();
    }
  }
  await call('PATCH', '/api/identity/app-setting/', { theme_mode: 'SYSTEM' });
  await call(employeeToken, 'PATCH', '/api/identity/app-setting/', { theme_mode: 'SYSTEM' });
  await browser.close();
  console.log(`screenshots in ${out}`);
} finally {
  await stop();
}
