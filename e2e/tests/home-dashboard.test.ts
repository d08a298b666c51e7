import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, env, launchBrowser, newContext, signIn, watchFailures, type TestUser } from '../fixtures/app';

let browser: Browser;
let agent: TestUser;
let agentId: string;
let admin: string;
const titles = [`Dash urgent ${Date.now()}`, `Dash urgent two ${Date.now()}`];

const open = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED'];
const count = async (filters: Record<string, unknown>) =>
  (await api<{ count: number }>(admin, 'GET', `/api/helpdesk/tickets/?limit=1&filters=${encodeURIComponent(JSON.stringify(filters))}`)).body.count;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await createUser({ userType: 2, firstName: 'Dana', lastName: 'Dashboard' });
  admin = await apiToken(env().admin);
  const token = await apiToken(agent);
  agentId = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  for (const title of titles) {
    const created = await api(admin, 'POST', '/api/helpdesk/tickets/', {
      title,
      ticket_type: 'INCIDENT',
      priority: 'URGENT',
      assignee: agentId,
      ticket_content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Needs the dashboard.' }] }] },
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => browser?.close());

describe('the home dashboard', () => {
  it('shows the numbers the ticket list has, and a chart segment opens the list filtered to it', async () => {
    const expected = {
      mine: await count({ ticket_status__in: open, assignee: agentId }),
      unassigned: await count({ ticket_status__in: open, assignee__isnull: true }),
      overdue: await count({ ticket_status__in: open, sla_status: 'BREACHED' }),
    };
    expect(expected.mine).toBe(2);
    const page = await (await newContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    const failures = watchFailures(page);
    await signIn(page, agent);
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await dashboard.getByRole('link', { name: /^Assigned to me\s*2\b/ }).waitFor();
    await dashboard.getByRole('link', { name: new RegExp(`^Unassigned\\s*${expected.unassigned}\\b`) }).waitFor();
    await dashboard.getByRole('link', { name: new RegExp(`^Overdue\\s*${expected.overdue}\\b`) }).waitFor();

    // The priority chart's bars follow the contract's order: Low, Medium, High, Urgent (last).
    const byPriority = page.getByRole('region', { name: /Tickets by priority/ });
    const urgentBar = byPriority.locator('.MuiBarChart-element').last();
    await urgentBar.waitFor();
    await urgentBar.click();
    await page.waitForURL((url) => url.pathname === '/all-tickets');
    const filters = JSON.parse(new URL(page.url()).searchParams.get('filters')!) as Record<string, unknown>;
    expect(filters.priority).toBe('URGENT');
    expect(typeof filters.created_at__gte).toBe('string');
    for (const title of titles) await page.getByRole('link', { name: new RegExp(title) }).first().waitFor();

    // The figure opens the list of exactly its tickets.
    await page.goBack();
    await page.getByRole('region', { name: 'Dashboard' }).getByRole('link', { name: /^Assigned to me\s*2\b/ }).click();
    await page.waitForURL((url) => url.pathname === '/all-tickets' && (url.searchParams.get('filters') ?? '').includes(agentId));
    for (const title of titles) await page.getByRole('link', { name: new RegExp(title) }).first().waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('is not shown to a user who may not read tickets', async () => {
    const guest = await createUser({ userType: 7 });
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, guest);
    await page.getByRole('region', { name: /My open tickets/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Dashboard' }).count()).toBe(0);
    expect(failures).toEqual([]);
    await page.context().close();
  });
});
