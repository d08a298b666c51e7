import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, env, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

/**
 * The app under its own Content-Security-Policy (no 'unsafe-eval', no inline
 * script): pages that load the app's main chunks, forms and schemas (zod runs
 * jitless), the data grid and the map (workers from blob:) run without a
 * single violation. Violations are caught both ways Chromium reports them:
 * the `securitypolicyviolation` event and the console's "Refused to ..." line.
 */
let browser: Browser;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Cora', lastName: 'Policy' });
  token = await apiToken(admin);
});
afterAll(async () => browser?.close());

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) violations.push(`console: ${text}`);
  });
  return violations;
}

describe('content security policy', () => {
  it('the header forbids eval and inline script', async () => {
    const response = await fetch(new URL('/login', env().baseUrl));
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('sign-in, home, a list, a record page, a form and the map run without a violation', async () => {
    const name = `Policy Kitchen ${randomBytes(3).toString('hex')}`;
    const entity = await api<{ id: string }>(token, 'POST', '/api/base/legal-entities/', {
      name: `Policy Entity ${randomBytes(3).toString('hex')}`,
      abbr: `P${randomBytes(2).toString('hex').toUpperCase()}`,
    });
    const me = await api<{ id: string }>(token, 'GET', '/api/identity/user/');
    const client = await api<{ id: string }>(token, 'POST', '/api/accounts/clients/', {
      name,
      account_number: `P-${randomBytes(3).toString('hex')}`,
      owner: me.body.id,
      legal_entity: entity.body.id,
    });
    expect(client.status).toBe(201);

    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await watchViolations(page);

    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    // A validation message on the sign-in form runs the form's schema.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, admin, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The URL names the view, so a search or filter another test saved for this user does not hide the client.
    await page.goto(`/clients?search=${encodeURIComponent(name)}&filters=%7B%7D`);
    await page.getByRole('link', { name }).waitFor();

    await page.goto(`/clients/${client.body.id}`);
    await page.getByText(name).first().waitFor();

    await page.goto('/clients');
    await page.getByRole('button', { name: 'New client' }).click();
    await page.getByRole('form', { name: 'New client' }).waitFor();

    await page.goto('/all-tickets');
    await page.getByRole('grid').first().waitFor();

    await page.goto('/directory/clients?view=map');
    await page.getByRole('heading', { level: 1, name: 'Clients Map' }).waitFor();
    await page.locator('canvas').first().waitFor();
    // The map's workers and tiles have started; give queued reports a turn to arrive.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));

    expect(violations).toEqual([]);
    await context.close();
  });
});
