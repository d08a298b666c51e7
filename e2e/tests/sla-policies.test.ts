import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, watchFailures, type TestUser } from '../fixtures/app';

// Issue 38 point 13: SLA policies have a screen (list, create, edit, delete), not only the API.
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Sly', lastName: 'Admin' });
});
afterAll(async () => browser?.close());

describe('SLA policies screen', () => {
  it('is reached from the navigation; creates a policy with business hours (the API check shown on its day), edits and deletes it', async () => {
    const name = `Kitchen urgent ${randomBytes(3).toString('hex')}`;
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, admin, '/helpdesk-routing-rules');
    await page.getByRole('link', { name: 'SLA Policies' }).click();
    await page.getByRole('heading', { level: 1, name: 'SLA Policies' }).waitFor();

    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('form', { name: 'New SLA policy' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('spinbutton', { name: 'First response (business minutes)' }).fill('30');
    await form.getByRole('spinbutton', { name: 'Resolution (business minutes)' }).fill('240');
    // Monday to Friday 09:00-17:00 are filled in; a wrong Saturday is refused on its own field.
    await form.getByRole('textbox', { name: 'Saturday' }).fill('10:00-09:00');
    await form.getByRole('button', { name: 'Create policy' }).click();
    await form.getByText('The end must be after the start.').waitFor();
    await form.getByRole('textbox', { name: 'Saturday' }).fill('10:00-14:00');
    await form.getByRole('textbox', { name: 'Holidays' }).fill('2026-12-25\n2026-12-26');
    await form.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Saturday: 10:00-14:00').waitFor();
    await page.getByText('2026-12-25, 2026-12-26').waitFor();

    const token = await apiToken(admin);
    const listed = await api<{ results: { id: string; resolution_minutes: number; business_hours: { days: Record<string, string[][]> } }[] }>(
      token,
      'GET',
      `/api/helpdesk/sla-policies/?search=${encodeURIComponent(name)}`,
    );
    expect(listed.body.results).toHaveLength(1);
    expect(listed.body.results[0]!.business_hours.days).toEqual({
      mon: [['09:00', '17:00']],
      tue: [['09:00', '17:00']],
      wed: [['09:00', '17:00']],
      thu: [['09:00', '17:00']],
      fri: [['09:00', '17:00']],
      sat: [['10:00', '14:00']],
    });

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit policy' });
    await edit.getByRole('spinbutton', { name: 'Resolution (business minutes)' }).fill('480');
    await edit.getByRole('textbox', { name: 'Saturday' }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('8 h of business time').waitFor();
    expect(await page.getByText('Saturday:').count()).toBe(0);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { level: 1, name: 'SLA Policies' }).waitFor();
    expect((await api(token, 'GET', `/api/helpdesk/sla-policies/${listed.body.results[0]!.id}/`)).status).toBe(404);
    // The record page's own query refetches the deleted record once before the list opens (the shared delete flow).
    expect(failures.filter((failure) => !failure.startsWith('404 GET /api/helpdesk/sla-policies/'))).toEqual([]);
    await page.context().close();
  });
});
