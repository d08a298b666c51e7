import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  api,
  apiToken,
  createUser,
  launchBrowser,
  newContext,
  raiseTicket,
  signIn,
  watchFailures,
  type TestUser,
} from '../fixtures/app';

let browser: Browser;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Ada', lastName: 'Allocator' });
  token = await apiToken(admin);
});
afterAll(async () => browser?.close());

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function post<T extends { id: string }>(path: string, body: unknown, as = token): Promise<T> {
  const answer = await api<T>(as, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function site(name: string) {
  const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  const entity = await post<{ id: string }>('/api/base/legal-entities/', { name: `Timeline Entity ${tag()}`, abbr: `T${tag()}` });
  const client = await post<{ id: string; name: string }>('/api/accounts/clients/', {
    name: `Timeline Client ${tag()}`,
    account_number: `TL-${tag()}`,
    owner: me,
    legal_entity: entity.id,
  });
  const centre = await post<{ id: string; code: string }>('/api/operations/cost-centres/', {
    name,
    code: `T${tag()}`,
    email: 'kitchen@example.com',
    client: client.id,
    legal_entity: entity.id,
  });
  return { entity, client, centre };
}

describe('sites and access', () => {
  it("shows a cost centre's timeline: its changes and the tickets of its people, filtered by kind", async () => {
    const { centre } = await site(`Wattle Kitchen ${tag()}`);
    const patched = await api(token, 'PATCH', `/api/operations/cost-centres/${centre.id}/`, { operation_status: 'OPERATING' });
    expect(patched.status).toBe(200);
    const cook = await createUser({ userType: 5, firstName: 'Cleo', lastName: 'Cook' });
    const users = await api<{ results: { id: string; email: string }[] }>(
      token,
      'GET',
      `/api/identity/users/?search=${encodeURIComponent(cook.email)}`,
    );
    await post('/api/identity/allocations/', { user: users.body.results[0]!.id, cost_centre: centre.id });
    const title = `Oven door broken ${tag()}`;
    await raiseTicket(await apiToken(cook), title, 'The oven door does not close.');

    const context = await newContext(browser);
    const page = await context.newPage();
    const failures = watchFailures(page);
    await signIn(page, admin, `/cost-center/${centre.id}`);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByRole('link', { name: new RegExp(title) }).waitFor();
    await expect(timeline.getByText('Cost centre updated').isVisible()).resolves.toBe(true);
    await expect(timeline.getByText('Changed Operation status').isVisible()).resolves.toBe(true);
    await expect(timeline.getByText('by Cleo Cook').isVisible()).resolves.toBe(true);
    // Only tickets.
    await page.getByRole('button', { name: 'Tickets' }).click();
    await timeline.getByText('Cost centre updated').waitFor({ state: 'detached' });
    await timeline.getByRole('link', { name: new RegExp(title) }).waitFor();
    await expect(timeline.getByRole('listitem').count()).resolves.toBe(1);
    await timeline.getByRole('link', { name: new RegExp(title) }).click();
    await page.waitForURL(/\/all-tickets\//);
    expect(failures).toEqual([]);
    await context.close();
  });

  it('lets an admin find a user, add an allocation and see what it brings by inheritance', async () => {
    const { client, centre } = await site(`Banksia Cafe ${tag()}`);
    const person = await createUser({ userType: 4, firstName: 'Olly', lastName: `Ops ${tag()}` });
    const context = await newContext(browser);
    const page = await context.newPage();
    const failures = watchFailures(page);
    await signIn(page, admin, '/allocations');
    await page.getByRole('heading', { name: 'Allocations' }).waitFor();
    const search = page.getByRole('combobox', { name: 'Search users' });
    await search.click();
    await search.fill(person.lastName);
    await page
      .getByRole('option', { name: new RegExp(person.lastName) })
      .first()
      .click();
    await page.getByText('No allocations').waitFor();
    const pickClient = page.getByRole('combobox', { name: 'Client' });
    await pickClient.click();
    await pickClient.fill(client.name);
    await page
      .getByRole('option', { name: new RegExp(client.name) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add allocation' }).click();
    const table = page.getByRole('table', { name: 'Allocations' });
    await table.getByRole('link', { name: client.name }).waitFor();
    await expect(table.getByText('Manual').isVisible()).resolves.toBe(true);
    // The client's cost centre comes with it.
    await page.getByRole('link', { name: new RegExp(centre.code) }).waitFor();
    const listed = await api<{ count: number }>(
      token,
      'GET',
      `/api/identity/allocations/?search=${encodeURIComponent(person.email)}`,
    );
    expect(listed.body.count).toBe(1);
    // The person's lists change at once.
    const theirs = await api<{ results: { id: string }[] }>(await apiToken(person), 'GET', '/api/operations/cost-centres/');
    expect(theirs.body.results.map((r) => r.id)).toEqual([centre.id]);
    // Remove it again.
    await page.getByRole('button', { name: `Remove allocation ${client.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No allocations').waitFor();
    await page.getByRole('tab', { name: 'Drift report' }).click();
    await page
      .getByText(/agree|disagree/)
      .first()
      .waitFor();
    expect(failures).toEqual([]);
    await context.close();
  });
});
