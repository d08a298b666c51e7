import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, env, launchBrowser, newContext, raiseTicket, signIn, watchFailures, type TestUser } from '../fixtures/app';

/** Help desk: internal notes with mentions, canned replies, scan-to-report on a phone (spec platform §13.1). */
let browser: Browser;
let admin: TestUser;
let agent: TestUser;
let colleague: TestUser;
let requester: TestUser;
let adminToken: string;
let site: { id: string; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true });
  const tag = Date.now().toString(36).slice(-5);
  agent = await createUser({ userType: 2, firstName: 'Alex', lastName: `Agent${tag}` });
  colleague = await createUser({ userType: 2, firstName: 'Casey', lastName: `Colleague${tag}` });
  requester = await createUser({ userType: 6, firstName: 'Rita', lastName: 'Requester' });
  adminToken = await apiToken(admin);
  const post = async (url: string, body: Record<string, unknown>) => {
    const answer = await api<{ id: string; name: string }>(adminToken, 'POST', url, body);
    if (answer.status !== 201) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const me = (await api<{ id: string }>(adminToken, 'GET', '/api/identity/user/')).body;
  const le = await post('/api/base/legal-entities/', { name: `E2E Entity ${tag}`, abbr: `E2E${tag}` });
  const client = await post('/api/accounts/clients/', { name: `Harbour Health ${tag}`, account_number: `E2E-${tag}`, owner: me.id, legal_entity: le.id });
  site = await post('/api/operations/cost-centres/', { name: `Harbour Kitchen ${tag}`, code: `HK${tag}`, email: `hk${tag}@example.com`, client: client.id, legal_entity: le.id });
});
afterAll(async () => browser?.close());

async function open(user: TestUser, where: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await newContext(browser, viewport ? { viewport } : {})).newPage();
  await signIn(page, user, where);
  return page;
}

const thread = (page: Page) => page.getByRole('list', { name: 'Conversation' });

describe('internal notes and mentions', () => {
  it('an internal note mentioning a colleague notifies the colleague and nothing reaches the requester', async () => {
    const requesterToken = await apiToken(requester);
    const title = `Cool room alarm ${Date.now()}`;
    const id = await raiseTicket(requesterToken, title, 'Cool room at 8C since 6am');
    const page = await open(agent, `/all-tickets/${id}`);
    const failures = watchFailures(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await page.getByRole('button', { name: 'Internal note' }).click();
    const editor = page.getByRole('textbox', { name: 'Internal note' });
    await editor.click();
    await page.keyboard.type('Please check @Casey');
    const suggestion = page.getByRole('listbox', { name: 'Mention a colleague' }).getByRole('option', { name: new RegExp(`Casey Colleague`) });
    await suggestion.waitFor();
    await suggestion.click();
    await page.keyboard.type(' the door seal was replaced last month.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const note = thread(page).getByRole('listitem', { name: /^Internal note from Alex Agent/ });
    await note.getByText('the door seal was replaced last month.').waitFor();
    await note.getByText('Internal note', { exact: true }).waitFor();
    await note.locator('.mention').getByText(/Casey Colleague/).waitFor();

    const shots = path.join(env().root, 'e2e', 'screenshots');
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'ticket-internal-note.png'), fullPage: true });

    // The colleague is told, by the verb the contract names.
    const colleaguePage = await open(colleague, '/notifications');
    await colleaguePage.getByText(/Alex Agent\S* mentioned you in an internal note/).first().waitFor({ timeout: 20_000 });
    // The requester: no notification about the note, and the note is not on their side.
    const mine = await api<{ results: { verb: string; references: { target: { id: string } | null } }[] }>(requesterToken, 'GET', '/api/notifications/?limit=100');
    expect(mine.body.results.filter((n) => n.references.target?.id === id)).toEqual([]);
    const conversations = await api<{ count: number }>(requesterToken, 'GET', `/api/helpdesk/my-tickets/${id}/conversations/`);
    expect(conversations.body.count).toBe(0);
    const requesterPage = await open(requester, `/tickets/${id}`);
    await requesterPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await requesterPage.getByText('No messages yet.').waitFor();
    expect(await requesterPage.getByText('door seal').count()).toBe(0);
    expect(failures).toEqual([]);
  });
});

describe('canned replies', () => {
  it('inserts a shared canned reply with the ticket filled in', async () => {
    const colleagueToken = await apiToken(colleague);
    const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi {{requester.first_name}}, about {{ticket.title}}: on it. {{agent.first_name}}' }] }] };
    const created = await api(colleagueToken, 'POST', '/api/helpdesk/canned-replies/', { title: `Acknowledge ${Date.now()}`, body, shared: true });
    expect(created.status).toBe(201);
    const title = `Oven E34 ${Date.now()}`;
    const id = await raiseTicket(await apiToken(requester), title, 'Oven stopped');
    const page = await open(agent, `/all-tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Insert canned reply' });
    await picker.click();
    await picker.fill('Acknowledge');
    await page.getByRole('option', { name: /Acknowledge/ }).first().click();
    const editor = page.getByRole('textbox', { name: 'Message' });
    await editor.getByText(`Hi Rita, about ${title}: on it. Alex`).waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await thread(page).getByText(`Hi Rita, about ${title}: on it. Alex`).waitFor();
  });
});

describe('scan-to-report', () => {
  it('the QR link opens the help drawer with the site set after sign-in, on a 390 px phone', async () => {
    const qr = await fetch(`${env().baseUrl}/api/operations/cost-centres/${site.id}/report-qr/`, { headers: { Authorization: `Token ${adminToken}` } });
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');

    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const failures = watchFailures(page);
    await page.goto(`/report?cost_centre=${site.id}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(requester.email);
    await page.getByLabel('Password').fill(requester.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/report');
    const drawer = page.getByRole('dialog', { name: 'Create a Ticket' });
    await drawer.waitFor();
    // An Employee cannot read cost centres, yet the scanned site is named (issue 38 point 12).
    await drawer.getByText(site.name).waitFor();
    await page.locator('#main-content').getByText(`Site: ${site.name}`).waitFor();
    await drawer.getByRole('button', { name: 'Report an Issue' }).click();
    const form = page.getByRole('dialog', { name: 'Report an Issue' });
    await form.getByRole('button', { name: /^Site: / }).waitFor();
    const title = `Tap leaking ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await form.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('The hand basin tap drips.');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.getByRole('button', { name: 'Submit' }).click();
    // The drawer confirms it (with the number) and so does the toast.
    await page.getByText(/reported successfully/i).first().waitFor();
    const tickets = await api<{ results: { title: string; cost_centre: { id: string } | null; client: { id: string } | null }[] }>(
      adminToken,
      'GET',
      `/api/helpdesk/tickets/?filters=${encodeURIComponent(JSON.stringify({ title }))}`,
    );
    expect(tickets.body.results[0]?.cost_centre?.id).toBe(site.id);
    expect(failures).toEqual([]);
  });
});
