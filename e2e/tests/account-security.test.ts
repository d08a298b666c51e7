import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { api, apiToken, createUser, env, launchBrowser, newContext, type TestUser } from '../fixtures/app';

/**
 * Account security in the browser (issue 35, spec platform §14.5): an authenticator app set up
 * from the Sign-in and security page and used for the sign-in's second step, and a passkey
 * registered and used with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain).
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The app as http://localhost:<port>: WebAuthn needs a host name for its relying party, not 127.0.0.1. */
const localhostUrl = () => env().baseUrl.replace('127.0.0.1', 'localhost');

const totpCode = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

async function passwordStep(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User profile' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

const signedIn = async (page: Page) => {
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('header [aria-label="User profile"]').waitFor();
};

describe('account security', () => {
  it('sets up the authenticator app from its QR code and secret, keeps the recovery codes, and signs in with a code as the second step', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await passwordStep(page, user);
    await signedIn(page);

    await page.goto('/account-security');
    await page.getByRole('heading', { level: 1, name: 'Sign-in and security' }).waitFor();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Secret key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code first: said on the field, nothing set up.
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    await page.getByLabel('Code', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('That code did not work').waitFor();
    // The previous step's code (one step of drift), so the current one stays free for the sign-in.
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, -30));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = await codes.nth(2).innerText();
    expect(recoveryCode).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    const totpSection = page.getByRole('region', { name: 'Authenticator app' });
    await totpSection.getByText('On', { exact: true }).waitFor();
    await page.getByText('10 of 10 recovery codes left.').waitFor();

    // The sessions list marks this device.
    await page.getByRole('list', { name: 'Sessions' }).getByText('This device').waitFor();

    await signOut(page);
    await passwordStep(page, user);
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    // A wrong code is refused with a clear message, and the step stays usable.
    await page.getByLabel('Code from your authenticator app').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain('it is wrong or was used already');
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);

    // And a recovery code works, once.
    await signOut(page);
    await passwordStep(page, user);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    const status = await api<{ recovery_codes_left: number }>(
      await page.evaluate(() => JSON.parse(localStorage.getItem('ops.auth') ?? '{}').token as string),
      'GET',
      '/api/identity/mfa/',
    );
    expect(status.body.recovery_codes_left).toBe(9);
    await context.close();
  }, 120_000);

  it("registers a passkey with Chromium's virtual authenticator, signs in with it, and signs out the other sessions", async () => {
    const user = await createUser();
    // A sign-in elsewhere (an API token), ended below by "Sign out all other sessions".
    const elsewhere = await apiToken(user);
    const context = await newContext(browser, { baseURL: localhostUrl() });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await passwordStep(page, user);
    await signedIn(page);
    await page.goto('/account-security');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByLabel('Passkey name').fill('Kitchen tablet');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByRole('list', { name: 'Passkeys' }).getByText('Kitchen tablet').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // "Sign out all other sessions": the API token ends, this browser stays signed in.
    expect((await api(elsewhere, 'GET', '/api/identity/user/')).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out others' }).click();
    await page.getByText('1 other session was signed out.').waitFor();
    expect((await api(elsewhere, 'GET', '/api/identity/user/')).status).toBe(401);

    await signOut(page);
    await passwordStep(page, user);
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await signedIn(page);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ops.auth') ?? '{}').token as string);
    const status = await api<{ passkeys: { name: string; last_used_at: string | null }[] }>(token, 'GET', '/api/identity/mfa/');
    expect(status.body.passkeys).toEqual([expect.objectContaining({ name: 'Kitchen tablet', last_used_at: expect.any(String) })]);
    await context.close();
  }, 120_000);
});
