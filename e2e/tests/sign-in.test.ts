import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ permissions: ['brand.read'] });
});
afterAll(async () => browser?.close());

describe('sign-in', () => {
  it('sends a signed-out visitor to /login and back to the page asked for after signing in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/brands');
    await page.waitForURL('**/login?next=%2Fbrands');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/brands');
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    await context.close();
  });

  it("shows the API's message on bad credentials and stays on /login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to log in with provided credentials.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('survives a reload and opens signed in in a new tab', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user);
    await page.reload();
    await page.getByRole('button', { name: 'User profile' }).waitFor();
    const second = await context.newPage();
    await second.goto('/user-accounts');
    await second.getByRole('heading', { level: 1, name: 'User Account' }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/user-accounts');
    await context.close();
  });

  it('signs the user out cleanly when the token stops working (401)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ops.auth') ?? '{}').token as string);
    expect((await api(token, 'POST', '/api/identity/auth/knox/logout/')).status).toBe(204);
    // The next page makes authenticated calls; their 401 ends the session in the browser.
    await page.goto('/user-accounts');
    await page.waitForURL('**/login?next=%2Fuser-accounts');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ops.auth'))).toBeNull();
    await context.close();
  });
});
