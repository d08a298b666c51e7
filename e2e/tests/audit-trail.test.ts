import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

// The audit trail and a person's data in the browser (issue 36, docs/spec platform 14.6).

let browser: Browser;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Audra', lastName: 'Admin' });
  token = await apiToken(admin);
});
afterAll(async () => browser?.close());

const tag = () => randomBytes(3).toString('hex').toUpperCase();

describe('audit trail', () => {
  it("shows a client's change with its field diff, filtered to that client", async () => {
    const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
    const entity = (await api<{ id: string }>(token, 'POST', '/api/base/legal-entities/', { name: `Audit Entity ${tag()}`, abbr: `A${tag()}` })).body;
    const before = `Banksia Bakery ${tag()}`;
    const created = await api<{ id: string }>(token, 'POST', '/api/accounts/clients/', { name: before, account_number: `AU-${tag()}`, owner: me, legal_entity: entity.id });
    expect(created.status).toBe(201);
    const after = `${before} Pty`;
    expect((await api(token, 'PATCH', `/api/accounts/clients/${created.body.id}/`, { name: after })).status).toBe(200);

    const page = await (await newContext(browser)).newPage();
    await signIn(page, admin, '/');
    await page.goto(`/audit-trail?filters=${encodeURIComponent(JSON.stringify({ record_id: created.body.id }))}`);
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    const grid = page.getByRole('grid');
    await grid.getByText(`name: ${before} → ${after}`).waitFor();
    await grid.getByText('Update', { exact: true }).waitFor();
    await page.context().close();
  }, 90_000);

  it("exports a person's data as a ZIP and erases them", async () => {
    const person = await createUser({ firstName: 'Erin', lastName: `Erasable${tag()}` });
    const personToken = await apiToken(person);
    const page = await (await newContext(browser, { acceptDownloads: true })).newPage();
    await signIn(page, admin, '/audit-trail');
    await page.getByRole('button', { name: "A person's data" }).click();
    await page.getByLabel('Search users').fill(person.email);
    // The option of this person, not the first one shown: under load the search's answer can come
    // after the unfiltered list, whose first user would then be erased (it was, once).
    await page.getByRole('option', { name: person.email }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.zip$/);

    await page.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('finance and payroll records stay').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Erase this person' });
    expect(await confirm.isDisabled()).toBe(true);
    const label = await dialog.getByLabel(/to confirm/).evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
    const expected = /Type “(.+)” to confirm/.exec(label)?.[1] ?? '';
    await dialog.getByLabel(/to confirm/).fill(expected);
    await confirm.click();
    // A fresh sign-in counts as the step-up check; step-up.test.ts sees the dialog on a server with a short window.
    await page.getByText(/Erased: the person is now Former user/).waitFor();
    // Their sessions and tokens ended.
    expect((await api(personToken, 'GET', '/api/identity/user/')).status).toBe(401);
    await page.context().close();
  }, 90_000);
});
