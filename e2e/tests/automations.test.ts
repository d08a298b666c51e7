import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, seriousViolations, signIn, watchFailures, type TestUser } from '../fixtures/app';

// Issue 33 item 6 (spec platform §14.3): an administrator builds a rule with the list filter builder,
// sees what it would have done (the dry run) before saving it, and sees it act on a new ticket.
let browser: Browser;
let admin: TestUser;
let token: string;
const rules: string[] = [];

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const raise = async (title: string, priority: string) => {
  const created = await api<{ id: string; number: number }>(token, 'POST', '/api/helpdesk/tickets/', { title, ticket_type: 'INCIDENT', priority, ticket_content: doc('From the automations test.') });
  expect(created.status).toBe(201);
  return created.body;
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Rue', lastName: 'Rules' });
  token = await apiToken(admin);
});
afterAll(async () => {
  // The e2e server is shared by every test file: a rule left active would change their HIGH tickets.
  for (const id of rules) await api(token, 'DELETE', `/api/automations/rules/${id}/`);
  await browser?.close();
});

describe('automations', () => {
  it('builds a rule, dry-runs it and sees the answer, saves it, and the rule acts on a new HIGH ticket', async () => {
    const tag = randomBytes(3).toString('hex');
    // An earlier HIGH ticket: the dry run finds it.
    const earlier = await raise(`Fridge warm ${tag}`, 'HIGH');
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, admin, '/automations');
    await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
    await page.getByRole('link', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Name' }).fill(`HIGH tickets in progress ${tag}`);
    // When a ticket is created (the default event)…
    await expect.poll(() => form.getByRole('combobox', { name: 'Event' }).textContent()).toBe('A ticket is created');

    // …with priority HIGH: the list engine's filter builder.
    await form.getByRole('button', { name: 'Add filter' }).click();
    const filter = page.getByRole('form', { name: 'Filter' });
    await expect.poll(() => filter.getByRole('combobox', { name: 'Column' }).textContent()).toBe('Priority');
    await filter.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await filter.getByRole('button', { name: 'Apply' }).click();
    await form.getByRole('button', { name: /Filter Priority is High/ }).waitFor();

    // …set its status to In Progress.
    await form.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: 'Set fields' }).click();
    const action = form.getByRole('group', { name: 'Action 1: Set fields' });
    await action.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Status', exact: true }).click();
    await action.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'In Progress', exact: true }).click();

    // Try it: the answer comes before the rule is saved, and nothing was saved or changed.
    await form.getByRole('button', { name: 'Try it' }).click();
    const answer = form.getByRole('status', { name: 'Dry run' });
    await answer.waitFor();
    await answer.getByRole('link', { name: `Fridge warm ${tag}` }).waitFor();
    await answer.getByText(/Would set ticket_status to "IN_PROGRESS"/).waitFor();
    expect((await api<{ count: number }>(token, 'GET', `/api/automations/rules/?search=${tag}`)).body.count).toBe(0);
    expect((await api<{ ticket_status: string }>(token, 'GET', `/api/helpdesk/tickets/${earlier.id}/`)).body.ticket_status).toBe('OPEN');
    expect(await seriousViolations(page)).toEqual([]);
    // Save is now the main button.
    expect(await form.getByRole('button', { name: 'Save rule' }).getAttribute('class')).toContain('MuiButton-contained');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await page.waitForURL(/\/automations\/rules\/[0-9a-f-]{36}$/);
    rules.push(page.url().split('/').pop()!);
    await page.getByRole('heading', { level: 1, name: `HIGH tickets in progress ${tag}` }).waitFor();

    // A new HIGH ticket: the rule sets it in progress (after the creation commits; the runner is woken then).
    const fresh = await raise(`Freezer alarm ${tag}`, 'HIGH');
    const other = await raise(`Door squeaks ${tag}`, 'LOW');
    await expect
      .poll(async () => (await api<{ ticket_status: string }>(token, 'GET', `/api/helpdesk/tickets/${fresh.id}/`)).body.ticket_status, { timeout: 20_000 })
      .toBe('IN_PROGRESS');
    expect((await api<{ ticket_status: string }>(token, 'GET', `/api/helpdesk/tickets/${other.id}/`)).body.ticket_status).toBe('OPEN');

    // The run log says so, with a link to the ticket; the ticket shows its new status.
    await page.getByRole('tab', { name: 'Run log' }).click();
    const log = page.getByRole('table', { name: 'Run log' });
    const succeeded = log.getByRole('row').filter({ hasText: 'Succeeded' }).first();
    await succeeded.waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await succeeded.getByRole('link', { name: 'Ticket' }).click();
    await page.waitForURL(new RegExp(`/all-tickets/${fresh.id}$`));
    await page.getByText('In Progress').first().waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });
});
