import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiToken, createUser, launchBrowser, newContext, raiseTicket, signIn } from '../fixtures/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('ticket cards on a phone', () => {
  it('title each card with the ticket number as the grid shows it (#1036, not 1,036)', async () => {
    const requester = await createUser({ userType: 6 });
    const staff = await createUser({ superuser: true });
    const title = `Phone card ${Date.now()}`;
    await raiseTicket(await apiToken(requester), title, 'Seen on a phone');
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, staff, `/all-tickets?search=${encodeURIComponent(title)}`);
    const card = page.getByRole('listitem').filter({ hasText: title });
    const heading = card.getByRole('heading', { level: 3 });
    await heading.waitFor();
    expect((await heading.innerText()).trim()).toMatch(/^#\d+$/);
    await context.close();
  });

  it('starts a wrapped header action at the left edge of the page, not indented by the spacing between actions', async () => {
    const staff = await createUser({ superuser: true });
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, staff, '/all-tickets');
    const title = page.getByRole('heading', { level: 1, name: 'All Tickets' });
    const create = page.getByRole('button', { name: 'Create a Ticket' });
    await create.waitFor();
    const [titleBox, createBox, toggleBox] = await Promise.all([title.boundingBox(), create.boundingBox(), page.getByRole('group', { name: 'Show tickets as' }).boundingBox()]);
    // The button wrapped below the SLA filters and the List/Board toggle...
    expect(createBox!.y).toBeGreaterThan(toggleBox!.y + toggleBox!.height - 1);
    // ...and lines up with the title (MUI Stack's spacing is a left margin that a wrapped item kept).
    expect(Math.abs(createBox!.x - titleBox!.x)).toBeLessThanOrEqual(1);
    await context.close();
  });
});
