/**
 * Screenshots of account security (issue 35) at 1280 and 390 px, light theme, on the demo data:
 * the Sign-in and security page (authenticator app setup with its QR code, then with the app on,
 * a passkey from Chromium's virtual authenticator and the sessions), the recovery codes, the
 * sign-in's second step and the step-up dialog. Saved to docs/screenshots/. Needs the built web
 * app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-account-security.ts
 */
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { DEMO_ADMIN, demoAdminToken, demoApi, launchScreenshotBrowser, screenshotsDir as out, startDemoServer } from './fixtures/demo-server';

const { baseUrl: ipUrl, stop } = await startDemoServer((port) => ({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: `http://localhost:${port}`, MFA_REQUIRED_USER_TYPES: '5' }));
// WebAuthn needs a host name, not 127.0.0.1.
const baseUrl = ipUrl.replace('127.0.0.1', 'localhost');
const code = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 1000 });
try {
  const browser = await launchScreenshotBrowser();
  for (const width of [1280, 390]) {
    // Each width starts from an admin without a second factor (the previous width's removed with its token).
    const token = await demoAdminToken(ipUrl);
    const call = demoApi(ipUrl, token);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width === 390 ? 844 : 900 }, timezoneId: 'Australia/Sydney', deviceScaleFactor: 1, colorScheme: 'light' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) console.log(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const shot = async (name: string, fullPage = true) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `account-security-${name}-${width}.png`), fullPage });
    };

    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/account-security');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    await shot('setup');
    const secret = (await page.getByLabel('Secret key').innerText()).replace(/\s/g, '');
    await page.getByLabel('Code', { exact: true }).fill(code(secret, -30));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await shot('recovery-codes', false);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByLabel('Passkey name').fill('Kitchen tablet');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByRole('list', { name: 'Passkeys' }).getByText('Kitchen tablet').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('page');

    // The sign-in's second step.
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    await shot('second-step', false);

    // A user whose type must have a second factor: straight to the setup, told why.
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill('site.user@demo.example');
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account-security');
    await page.getByText('Set up a second factor to continue').waitFor();
    await shot('required', false);
    // Elsewhere in the app the same: back to the setup.
    await page.goto('/tickets');
    await page.waitForURL((url) => url.pathname === '/account-security');

    // Clean up for the next width, with the token taken before the factors were set.
    for (const passkey of (await call<{ passkeys: { id: string }[] }>('GET', '/api/identity/mfa/')).passkeys) await call('DELETE', `/api/identity/mfa/passkeys/${passkey.id}/`);
    await call('DELETE', '/api/identity/mfa/totp/', { password: DEMO_ADMIN.password });
    await context.close();
  }
  await browser.close();
} finally {
  await stop();
}
