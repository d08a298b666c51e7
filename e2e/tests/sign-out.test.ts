import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createUser, launchBrowser, newContext, signIn } from '../fixtures/app';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('sign out', () => {
  it('ends the token, returns to /login and signs out every other open tab', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const first = await context.newPage();
    await signIn(first, user);
    const token = await first.evaluate(() => JSON.parse(localStorage.getItem('ops.auth') ?? '{}').token as string);
    const second = await context.newPage();
    await second.goto('/user-accounts');
    await second.getByRole('heading', { level: 1, name: 'User Account' }).waitFor();

    const loggedOut = first.waitForResponse((r) => r.url().endsWith('/api/identity/auth/knox/logout/'));
    await first.getByRole('button', { name: 'User profile' }).click();
    await first.getByRole('menuitem', { name: 'Sign Out' }).click();
    expect((await loggedOut).status()).toBe(204);
    await first.waitForURL((url) => url.pathname === '/login');
    await first.getByRole('button', { name: 'Sign in' }).waitFor();

    await second.waitForURL((url) => url.pathname === '/login');
    await second.getByRole('button', { name: 'Sign in' }).waitFor();
    // Nothing of the signed-out user stays on screen or in storage.
    expect(await second.getByText(user.email).count()).toBe(0);
    expect(await second.evaluate(() => localStorage.getItem('ops.auth'))).toBeNull();
    expect((await api(token, 'GET', '/api/identity/user/')).status).toBe(401);
    await context.close();
  });
});
