import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, signIn, type TestUser } from '../fixtures/app';

// Human use round two, leftovers: the clients list's columns fit the width at 1920 (Email ran off
// the edge, unreadable) and its toolbar sits on one line at 1280.
let browser: Browser;
let admin: TestUser;
let prefix: string;
const tag = () => randomBytes(3).toString('hex').toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true });
  const token = await apiToken(admin);
  const owner = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  const entity = (await api<{ id: string }>(token, 'POST', '/api/base/legal-entities/', { name: `Saltbush Healthcare Services Pty Ltd ${tag()}`, abbr: `F${tag()}` })).body.id;
  prefix = `Fit${tag()}`;
  for (let i = 1; i <= 3; i++) {
    const client = await api<{ id: string }>(token, 'POST', '/api/accounts/clients/', {
      name: `${prefix} Alice Springs Community Services Hub ${i}`,
      account_number: `F-${tag()}`,
      owner,
      legal_entity: entity,
      contacts: [{ contact_type: 'EMAIL', contact_detail: `reception@${prefix.toLowerCase()}alicespringscommunityserviceshub${i}.example.com.au` }],
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
  }
});
afterAll(async () => browser?.close());

describe('clients list width', () => {
  it('fits every column into the grid at 1920, a cut email keeping its full text as a title', async () => {
    const page = await (await newContext(browser, { viewport: { width: 1920, height: 1080 } })).newPage();
    await signIn(page, admin, `/clients?search=${prefix}`);
    const grid = page.getByRole('grid', { name: 'All Clients' });
    await grid.locator('[role="row"][data-id]').first().waitFor();
    const overflow = () => grid.evaluate((element) => element.scrollWidth - element.clientWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    const email = grid.locator('[role="gridcell"][data-field="primary_contacts"] .lg-content').first();
    const box = (await email.boundingBox())!;
    const gridBox = (await grid.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
    await email.hover();
    const text = await email.textContent();
    const cut = await email.evaluate((element) => element.scrollWidth > element.clientWidth);
    if (cut) await expect.poll(() => email.getAttribute('title')).toBe(text);
    await page.context().close();
  });

  it('keeps the toolbar on one line at 1280, the export choices in one menu', async () => {
    const page = await (await newContext(browser, { viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, admin, '/clients');
    await page.getByRole('grid', { name: 'All Clients' }).locator('[role="row"][data-id]').first().waitFor();
    const tops = new Set<number>();
    for (const name of ['Search All Clients', 'Add filter', 'Views', 'Bulk change', 'Columns', 'Density', 'Import', 'Export', 'Reset view']) {
      const control = name.startsWith('Search') ? page.getByRole('textbox', { name }) : page.getByRole('button', { name, exact: true });
      const box = (await control.boundingBox())!;
      tops.add(Math.round(box.y + box.height / 2));
    }
    expect([...tops].length, [...tops].join(', ')).toBe(1);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    expect(items.map((item) => item.split('\n')[0])).toEqual(['Export CSV', 'Export XLSX', 'Export CSV with raw codes', 'Export XLSX with raw codes']);
    await page.context().close();
  });
});
