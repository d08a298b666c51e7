import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, watchFailures, type TestUser } from '../fixtures/app';

// The knowledge base end to end (issue 32, spec platform §14.2): an editor publishes a procedure for
// the Site users of one site that asks for acknowledgement; a Site user of that site finds it on
// home, acknowledges it and is offered it while typing a ticket title; the editor sees them as
// acknowledged; a Site user of another site is offered nothing and cannot open it.

let browser: Browser;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Ada', lastName: 'Admin' });
  token = await apiToken(admin);
});
afterAll(async () => browser?.close());

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function post<T extends { id: string }>(path: string, body: unknown): Promise<T> {
  const answer = await api<T>(token, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function userId(email: string): Promise<string> {
  const users = await api<{ results: { id: string }[] }>(
    token,
    'GET',
    `/api/identity/users/?search=${encodeURIComponent(email)}`,
  );
  return users.body.results[0]!.id;
}

async function page(user: TestUser, path: string, width = 1280): Promise<{ page: Page; failures: string[] }> {
  const context = await newContext(browser, { viewport: { width, height: 900 } });
  const opened = await context.newPage();
  const failures = watchFailures(opened);
  await signIn(opened, user, path);
  return { page: opened, failures };
}

describe('knowledge base', () => {
  it('an editor publishes a procedure for one site; its Site user acknowledges it and is offered it while typing a ticket; another site sees nothing', async () => {
    const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
    const entity = await post<{ id: string }>('/api/base/legal-entities/', {
      name: `Knowledge Entity ${tag()}`,
      abbr: `K${tag()}`,
    });
    const client = await post<{ id: string }>('/api/accounts/clients/', {
      name: `Knowledge Client ${tag()}`,
      account_number: `KB-${tag()}`,
      owner: me,
      legal_entity: entity.id,
    });
    const centre = (name: string) =>
      post<{ id: string; name: string }>('/api/operations/cost-centres/', {
        name,
        code: `K${tag()}`,
        email: 'site@example.com',
        client: client.id,
        legal_entity: entity.id,
      });
    const siteA = await centre(`Banksia Kitchen ${tag()}`);
    const siteB = await centre(`Grevillea Kitchen ${tag()}`);
    const cook = await createUser({ userType: 5, firstName: 'Cleo', lastName: 'Cook' });
    const other = await createUser({ userType: 5, firstName: 'Olly', lastName: 'Other' });
    await post('/api/identity/allocations/', { user: await userId(cook.email), cost_centre: siteA.id });
    await post('/api/identity/allocations/', { user: await userId(other.email), cost_centre: siteB.id });
    const editor = await createUser({
      userType: 2,
      firstName: 'Eda',
      lastName: 'Editor',
      permissions: ['article.read', 'article.add', 'article.change', 'costcentre.read'],
    });
    const word = `Dishwasher${tag().toLowerCase()}`;
    const title = `${word} failure procedure`;

    // The editor writes and publishes it for the Site users of site A, asking for acknowledgement.
    const writing = await page(editor, '/knowledge/new');
    const form = writing.page.getByRole('form', { name: 'New article' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('textbox', { name: 'Text' }).click();
    await writing.page.keyboard.type('Switch the dishwasher off at the wall, then call the service line.');
    await form.getByRole('combobox', { name: 'Status' }).click();
    await writing.page.getByRole('option', { name: 'Published' }).click();
    await form
      .getByRole('switch', { name: 'Readers must acknowledge it' })
      .or(form.getByLabel('Readers must acknowledge it'))
      .first()
      .check();
    await form.getByRole('combobox', { name: 'User types' }).click();
    await writing.page.getByRole('option', { name: 'Site User' }).click();
    await writing.page.keyboard.press('Escape');
    const sites = form.getByRole('combobox', { name: 'Cost centres' });
    await sites.click();
    await sites.fill(siteA.name);
    await writing.page.getByRole('option', { name: new RegExp(siteA.name) }).click();
    await writing.page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Create article' }).click();
    await writing.page.waitForURL(/\/knowledge\/[0-9a-f-]{36}$/);
    const articleId = new URL(writing.page.url()).pathname.split('/').pop()!;
    await writing.page.getByRole('heading', { name: title }).waitFor();
    await writing.page.getByText('Switch the dishwasher off at the wall').waitFor();

    // The Site user of site A finds it on home and acknowledges it.
    const reading = await page(cook, '/');
    const card = reading.page.getByRole('region', { name: /Waiting for your acknowledgement/ });
    await card.getByRole('link', { name: new RegExp(title) }).click();
    await reading.page.getByRole('heading', { name: title }).waitFor();
    await reading.page.getByRole('button', { name: 'I have read this' }).click();
    await reading.page.getByText('Acknowledged', { exact: true }).waitFor();
    expect(
      (await api<{ count: number }>(await apiToken(cook), 'GET', '/api/knowledge/acknowledgements/pending/')).body.count,
    ).toBe(0);

    // Typing a ticket title in the help drawer offers it.
    await reading.page.getByRole('button', { name: 'Help and support' }).click();
    await reading.page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    const drawer = reading.page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Report an Issue' }).click();
    await drawer.getByLabel('Title').fill(`The ${word.toLowerCase()} is broken`);
    const help = drawer.getByRole('region', { name: 'These may help' });
    await help.getByRole('link', { name: new RegExp(title) }).waitFor();
    expect(reading.failures).toEqual([]);

    // The editor sees the Site user among those who acknowledged it.
    await writing.page.goto(`/knowledge/${articleId}?tab=acknowledgements`);
    const acknowledged = writing.page.getByRole('list', { name: 'Acknowledged' });
    await acknowledged.getByText('Cleo Cook').waitFor();
    expect(writing.failures).toEqual([]);

    // A Site user of another site is offered nothing, and the article is not there for them.
    const otherToken = await apiToken(other);
    const suggested = await api<{ results: { id: string }[] }>(
      otherToken,
      'GET',
      `/api/knowledge/suggest/?q=${encodeURIComponent(word)}`,
    );
    expect(suggested.status).toBe(200);
    expect(suggested.body.results).toEqual([]);
    expect((await api(otherToken, 'GET', `/api/knowledge/articles/${articleId}/`)).status).toBe(404);
    const outside = await page(other, '/');
    await outside.page.getByRole('button', { name: 'Help and support' }).click();
    await outside.page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    const otherDrawer = outside.page.getByRole('dialog');
    await otherDrawer.getByRole('button', { name: 'Report an Issue' }).click();
    await otherDrawer.getByLabel('Title').fill(`The ${word.toLowerCase()} is broken`);
    await outside.page.waitForResponse((response) => response.url().includes('/api/knowledge/suggest/'));
    await outside.page.waitForTimeout(300);
    expect(await otherDrawer.getByRole('region', { name: 'These may help' }).count()).toBe(0);
  });
});
