import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser, env, launchBrowser, newContext, signIn } from '../fixtures/app';

/**
 * The API reference at /api/docs/ renders the OpenAPI document under the
 * app's content security policy (served from this origin, no CDN), and staff
 * reach it from the user menu.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

describe('API reference', () => {
  it('renders the operations of the OpenAPI document without a content security policy violation or a request elsewhere', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(env().baseUrl).origin) foreign.push(request.url());
    });
    await page.goto('/api/docs/');
    await page.locator('.swagger-ui .info .title', { hasText: 'Catering operations platform API' }).waitFor();
    // An operation of the document, found through the tag filter (swagger-ui renders only the
    // operations in view), expandable to its parameters.
    await page.getByPlaceholder('Filter by tag').fill('schema');
    const operation = page.locator('.opblock', { has: page.locator('[data-path="/api/schema/"]') }).first();
    await operation.locator('.opblock-summary').first().click();
    await operation.getByText('format', { exact: true }).first().waitFor();
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('is in the user menu of staff, not of other users', async () => {
    const staff = await createUser({ userType: 2 });
    const other = await createUser({ userType: 7 });
    for (const [user, shown] of [
      [staff, true],
      [other, false],
    ] as const) {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, user);
      await page.getByRole('button', { name: 'User profile' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
      const link = page.getByRole('menuitem', { name: 'API Reference' });
      expect(await link.count(), user.email).toBe(shown ? 1 : 0);
      if (shown) expect(await link.getAttribute('href')).toBe('/api/docs/');
      await context.close();
    }
  });
});
