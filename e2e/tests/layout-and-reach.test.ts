import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, signIn, type TestUser } from '../fixtures/app';

// Issue 38, points 14 to 16: lists use the width and height they are given, long unbroken names
// stay inside the page, the focus ring is clear, Ctrl+Enter sends a reply.

let browser: Browser;
let admin: TestUser;
let token: string;
/** 15 clients named `<prefix> 01` to `<prefix> 15`, with short values in every column. */
let prefix: string;
/** A client whose name is 255 characters without a space. */
let longName: string;
let longId: string;

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = await api<T>(token, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true });
  token = await apiToken(admin);
  const owner = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  const entity = (await post<{ id: string }>('/api/base/legal-entities/', { name: `Wide Entity ${tag()}`, abbr: `W${tag()}` })).id;
  prefix = `Wd${tag()}`;
  for (let i = 1; i <= 15; i++) {
    await post('/api/accounts/clients/', { name: `${prefix} ${String(i).padStart(2, '0')}`, account_number: `W-${tag()}`, owner, legal_entity: entity });
  }
  // Not under the prefix: its 420 px name column would widen the other tests' lists.
  longName = `Ln${tag()}${'Verylongunbrokenclientname'.repeat(10)}`.slice(0, 255);
  longId = (await post<{ id: string }>('/api/accounts/clients/', { name: longName, account_number: `L-${tag()}`, owner, legal_entity: entity, description: longName })).id;
});
afterAll(async () => browser?.close());

async function openAt(width: number, height: number, path: string): Promise<Page> {
  const page = await (await newContext(browser, { viewport: { width, height } })).newPage();
  await signIn(page, admin, path);
  return page;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'All Clients' });
const firstRow = (page: Page) => grid(page).locator('[role="row"][data-id]').first();

/** The page's own width against its window: equal when nothing sticks out sideways. */
const pageWidths = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

describe('layout and reach', { timeout: 180_000 }, () => {
  it('at 1920 the list is as wide as the page content and shows its last default column', async () => {
    const page = await openAt(1920, 1080, `/clients?search=${prefix}`);
    await firstRow(page).waitFor();
    const sizes = await grid(page).evaluate((element) => {
      const main = element.closest('main')!;
      const frame = main.firstElementChild as HTMLElement;
      const style = getComputedStyle(frame);
      const box = element.getBoundingClientRect();
      const headers = Array.from(element.querySelectorAll('[role="columnheader"]'));
      const last = headers[headers.length - 1]!;
      return {
        grid: box.width,
        content: main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        lastColumn: last.getAttribute('aria-label'),
        lastRight: last.getBoundingClientRect().right,
        gridRight: box.right,
      };
    });
    // The list's outlined frame draws one pixel each side.
    expect(Math.abs(sizes.grid - (sizes.content - 2))).toBeLessThanOrEqual(1);
    expect(sizes.lastColumn).toBe('Email');
    expect(sizes.lastRight).toBeLessThanOrEqual(sizes.gridRight);
    await page.context().close();
  });

  it('shows at least 11 rows at 1280x800 in the standard density (8 before), and more in compact', async () => {
    // A user of their own, with no filter chips above the grid; this file's clients fill the grid.
    const user = await createUser({ superuser: true });
    const page = await (await newContext(browser)).newPage();
    await signIn(page, user, '/clients?ordering=name');
    await firstRow(page).waitFor();
    const rowsInView = () =>
      grid(page).evaluate((element) => {
        const box = element.getBoundingClientRect();
        const bottom = Math.min(box.bottom, window.innerHeight);
        return Array.from(element.querySelectorAll('[role="row"][data-id]')).filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= bottom + 0.5;
        }).length;
      });
    const standard = await rowsInView();
    expect(standard).toBeGreaterThanOrEqual(11);
    await page.getByRole('button', { name: 'Density' }).click();
    await page.getByRole('menuitem', { name: 'Compact' }).click();
    await expect.poll(rowsInView).toBeGreaterThanOrEqual(14);
    await page.context().close();
  });

  it('keeps a 255-character name without spaces inside the page at 1280 and 390, and cuts it in the list with a title', async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const page = await openAt(width, height, `/clients/${longId}`);
      await page.getByRole('heading', { level: 1, name: longName }).waitFor();
      const widths = await pageWidths(page);
      expect(widths.scroll).toBe(widths.client);
      await page.context().close();
    }

    const page = await openAt(1280, 800, `/clients?search=${longName.slice(0, 8)}`);
    await firstRow(page).waitFor();
    const cell = grid(page).locator('[role="gridcell"][data-field="name"] .lg-content', { hasText: longName.slice(0, 60) });
    await cell.hover();
    await expect.poll(() => cell.getAttribute('title')).toBe(longName);
    const widths = await pageWidths(page);
    expect(widths.scroll).toBe(widths.client);
    await page.context().close();
  });

  it('draws a focus ring of 2 px or more on a keyboard-focused button, at 3:1 against the page in light and dark', async () => {
    // A user of their own: the list opens with an empty search, so Tab from it reaches Add filter.
    const user = await createUser({ superuser: true });
    const userToken = await apiToken(user);
    for (const scheme of ['light', 'dark'] as const) {
      await api(userToken, 'PATCH', '/api/identity/app-setting/', { theme_mode: scheme === 'dark' ? 'DARK' : 'LIGHT' });
      const page = await (await newContext(browser, { colorScheme: scheme })).newPage();
      await signIn(page, user, '/clients');
      await firstRow(page).waitFor();
      await page.getByRole('textbox', { name: 'Search All Clients' }).focus();
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const style = getComputedStyle(focused);
        return { name: focused.textContent, width: parseFloat(style.outlineWidth), style: style.outlineStyle, colour: style.outlineColor, page: getComputedStyle(document.body).backgroundColor };
      });
      expect(ring.name).toBe('Add filter');
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.colour, ring.page)).toBeGreaterThanOrEqual(3);
      await page.context().close();
    }
  });

  it('sends a reply with Ctrl+Enter in the message', async () => {
    const requester = await createUser({ userType: 6 });
    const title = `Oven door ${tag()}`;
    const id = await raiseTicket(await apiToken(requester), title, 'The door does not close');
    const page = await (await newContext(browser)).newPage();
    await signIn(page, requester, `/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Sent from the keyboard');
    await page.keyboard.press('Control+Enter');
    const message = page.getByRole('list', { name: 'Conversation' }).getByText('Sent from the keyboard');
    await message.waitFor();
    // The keys sent the message instead of adding a line break to it.
    expect(await message.locator('br').count()).toBe(0);
    await page.context().close();
  });
});

/** WCAG contrast ratio of two CSS `rgb()` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
