import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, watchFailures, type TestUser } from '../fixtures/app';

// Two people edit one client at once (issue 36, platform.md 14.6): the second save is answered 412, and
// the form shows both versions field by field so nothing typed is lost.

let browser: Browser;
let ada: TestUser;
let bea: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ada = await createUser({ superuser: true, firstName: 'Ada', lastName: 'First' });
  bea = await createUser({ superuser: true, firstName: 'Bea', lastName: 'Second' });
  token = await apiToken(ada);
});
afterAll(async () => browser?.close());

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function openEdit(page: Page, user: TestUser, id: string) {
  await signIn(page, user, `/clients/${id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  return page.getByRole('form', { name: 'Edit client' });
}

describe('edits that do not overwrite each other', () => {
  it('opens one client in two browsers, saves in both, and the second resolves the conflict field by field', async () => {
    const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
    const entity = (await api<{ id: string }>(token, 'POST', '/api/base/legal-entities/', { name: `Conflict Entity ${tag()}`, abbr: `C${tag()}` })).body;
    const name = `Wattle Kitchens ${tag()}`;
    const created = await api<{ id: string }>(token, 'POST', '/api/accounts/clients/', { name, account_number: `CF-${tag()}`, owner: me, legal_entity: entity.id });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const first = await (await newContext(browser)).newPage();
    const second = await (await newContext(browser)).newPage();
    const secondFailures = watchFailures(second);
    const firstForm = await openEdit(first, ada, id);
    const secondForm = await openEdit(second, bea, id);

    // Ada saves first: a new name and a ticker symbol.
    await firstForm.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} (Ada)`);
    await firstForm.getByRole('textbox', { name: 'Ticker symbol' }).fill('ADA');
    await firstForm.getByRole('button', { name: 'Save' }).click();
    await first.getByRole('heading', { level: 1, name: `${name} (Ada)` }).waitFor();

    // Bea, on the form she opened before, changes the name too and the description.
    await secondForm.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} (Bea)`);
    await secondForm.getByRole('textbox', { name: 'Description' }).fill('Typed by Bea, kept.');
    await secondForm.getByRole('button', { name: 'Save' }).click();

    const changes = secondForm.getByRole('table', { name: 'Changes to resolve' });
    await changes.waitFor();
    await secondForm.getByText('Someone else saved this record while you were editing it.').waitFor();
    const row = (label: string) => changes.getByRole('row').filter({ has: second.getByText(label, { exact: true }) });
    await row('Name').getByText('Changed by both of you').waitFor();
    await row('Name').getByText(`${name} (Ada)`).waitFor();
    await row('Name').getByText(`${name} (Bea)`).waitFor();
    await row('Ticker symbol').getByText('Changed by them').waitFor();
    await row('Description').getByText('Changed by you').waitFor();
    // Bea takes Ada's name, keeps her description, and Ada's ticker symbol stays (their change, by default).
    await row('Name').getByRole('radio', { name: 'Theirs' }).check();
    await secondForm.getByRole('button', { name: 'Save with these choices' }).click();
    await secondForm.waitFor({ state: 'detached' });
    await second.getByRole('heading', { level: 1, name: `${name} (Ada)` }).waitFor();

    const saved = (await api<Record<string, unknown>>(token, 'GET', `/api/accounts/clients/${id}/`)).body;
    expect(saved).toMatchObject({ name: `${name} (Ada)`, ticker_symbol: 'ADA', description: 'Typed by Bea, kept.' });
    // The one refusal was the conflict itself.
    expect(secondFailures).toEqual([`412 PATCH /api/accounts/clients/${id}/`]);
    await first.context().close();
    await second.context().close();
  });
});
