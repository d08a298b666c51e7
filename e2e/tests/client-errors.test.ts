import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

/** The web app reports errors it did not handle to POST /api/client-errors/, signed in or not. */
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ superuser: true });
});
afterAll(async () => browser?.close());

describe('web error reporting', () => {
  it('posts an uncaught error and an unhandled rejection, with the page and the caller token', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    const anonymous = page.waitForRequest(
      (request) => request.url().endsWith('/api/client-errors/') && request.method() === 'POST',
    );
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e probe on the sign-in page');
      }),
    );
    const first = await anonymous;
    expect(first.postDataJSON()).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('e2e probe on the sign-in page'),
      page: '/login',
    });
    expect(first.headers().authorization).toBeUndefined();
    expect((await first.response())!.status()).toBe(204);

    await signIn(page, user, '/notifications');
    const signedIn = page.waitForRequest(
      (request) => request.url().endsWith('/api/client-errors/') && request.method() === 'POST',
    );
    await page.evaluate(() => void Promise.reject(new Error('e2e rejected promise')));
    const second = await signedIn;
    expect(second.postDataJSON()).toMatchObject({
      kind: 'unhandledrejection',
      message: 'e2e rejected promise',
      page: '/notifications',
    });
    expect(second.headers().authorization).toMatch(/^Token /);
    expect((await second.response())!.status()).toBe(204);
    await context.close();
  });
});
