import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sendToServer } from '../../packages/server/src/platform/cli-channel';
import { launchBrowser, newContext, signIn } from '../fixtures/app';
import { startServer, type TestServer } from '../fixtures/server-process';

// Step-up in the browser (spec platform §14.5): a sensitive action asked for when the last password or
// second-factor check is older than STEP_UP_SECONDS answers 403 step_up_required; the app asks "Confirm
// it is you", the password confirms it, and the action is sent again and done.
//
// A sign-in counts as such a check, and the shared e2e server keeps the default window (600 s), so no
// other test ever sees the dialog. This file runs a server of its own whose window is a few seconds (a
// setting, as an operator would set it): the session simply grows older than the window. Nothing in the
// server is there for tests.

const WINDOW_SECONDS = 10;
const admin = { email: 'step-up-admin@example.com', password: 'Step-up-admin-pass-1' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(admin, () => ({ STEP_UP_SECONDS: String(WINDOW_SECONDS) })),
    launchBrowser(),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A user made through the CLI channel of this file's server (as `createUser` does on the shared one). */
async function createPerson(): Promise<{ email: string }> {
  const email = `person-${randomBytes(4).toString('hex')}@example.com`;
  const argv = [
    '--email',
    email,
    '--password',
    `Pass-${randomBytes(4).toString('hex')}-word`,
    '--first-name',
    'Petra',
    '--last-name',
    'Person',
    '--user-type',
    '7',
  ];
  const answer = await sendToServer(path.join(server.dataDir, 'cli.sock'), 'create-user', argv, () => undefined);
  if (!answer?.ok) throw new Error(`create-user: ${answer?.error ?? 'no answer'}`);
  return { email };
}

describe('step-up', () => {
  it("asks to confirm it is you for a person's data export once the sign-in is older than the window, then exports", async () => {
    const person = await createPerson();
    const context = await newContext(browser, { baseURL: server.baseUrl, acceptDownloads: true });
    const page = await context.newPage();
    const exports: number[] = [];
    page.on('response', (response) => {
      if (/\/api\/identity\/users\/[^/]+\/export\/$/.test(new URL(response.url()).pathname)) exports.push(response.status());
    });
    await signIn(page, admin, '/audit-trail');
    await page.getByRole('button', { name: "A person's data" }).click();
    await page.getByLabel('Search users').fill(person.email);
    // This person's option (a name matches part of it), not the first one shown before the search answers.
    await page.getByRole('option', { name: person.email }).click();

    // The sign-in's check ages past STEP_UP_SECONDS (the server compares with its own clock).
    await page.waitForTimeout((WINDOW_SECONDS + 1) * 1000);
    await page.getByRole('button', { name: 'Export data' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    expect(exports).toEqual([403]);
    // A wrong password is refused in the dialog, which stays open.
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('The password is wrong.').waitFor();
    expect(exports).toEqual([403]);

    const download = page.waitForEvent('download');
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    await dialog.waitFor({ state: 'hidden' });
    // The export was sent again once, after the confirmation, and answered.
    expect(exports).toEqual([403, 200]);
    await context.close();
  }, 120_000);
});
