import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, apiToken, createUser, env, launchBrowser, newContext, raiseTicket, signIn, watchFailures, type TestUser } from '../fixtures/app';

let browser: Browser;
let requester: TestUser;
let staff: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  requester = await createUser({ userType: 6, firstName: 'Bea', lastName: 'Board' });
  staff = await createUser({ userType: 2, firstName: 'Dina', lastName: 'Dragger' });
  // Feedback runs on a round-the-clock SLA here, so every card shows its countdown.
  const admin = await apiToken(env().admin);
  const policy = await api(admin, 'POST', '/api/helpdesk/sla-policies/', {
    name: 'Board feedback',
    position: 1,
    ticket_type: 'FEEDBACK',
    first_response_minutes: 60,
    resolution_minutes: 240,
    business_hours: { timezone: 'Australia/Sydney', days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])) },
  });
  expect(policy.status).toBe(201);
});
afterAll(async () => browser?.close());

const column = (page: Page, name: string) => page.getByRole('listitem', { name: `${name} column` });
// A card is named by what it shows: number, title, its column (visually hidden: the browser puts a
// space before that comma), requester, priority, SLA.
const card = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ?, `) });

/** A pointer drag in small steps (the board starts dragging after 6 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 30, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await page.mouse.up();
}

async function statusOf(token: string, id: string) {
  return (await api<{ ticket_status: string }>(token, 'GET', `/api/helpdesk/tickets/${id}/`)).body.ticket_status;
}

describe('ticket board', () => {
  it('drags a card to another status, snaps back a refused move with the reason, and moves by keyboard', async () => {
    const requesterToken = await apiToken(requester);
    const staffToken = await apiToken(staff);
    const tag = `Board${Date.now().toString(36)}`;
    const first = await raiseTicket(requesterToken, `${tag} oven door stuck`, 'The oven door does not close.', 'feedback');
    const second = await raiseTicket(requesterToken, `${tag} menu typo`, 'The menu says "choclate".', 'feedback');
    const held = await raiseTicket(requesterToken, `${tag} fridge light`, 'The fridge light flickers.', 'feedback');

    const page = await (await newContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    const failures = watchFailures(page);
    await signIn(page, staff, `/all-tickets?view=board&search=${tag}`);
    await column(page, 'Open').getByText(`${tag} oven door stuck`).waitFor();
    await column(page, 'Open').getByText(`${tag} menu typo`).waitFor();
    // Cards carry the requester, the priority and the SLA countdown.
    const firstCard = card(page, `${tag} oven door stuck`);
    await firstCard.getByText('Bea Board').waitFor();
    await firstCard.getByText('Medium').waitFor();
    expect(await firstCard.getByLabel(/^SLA: \d+m left|^SLA: \dh \d\dm left/).count()).toBe(1);
    await page.screenshot({ path: '/tmp/ticket-board-1280.png', fullPage: true });

    // Open -> In Progress: allowed.
    await drag(page, firstCard, column(page, 'In Progress'));
    await column(page, 'In Progress').getByText(`${tag} oven door stuck`).waitFor();
    await expect.poll(() => statusOf(staffToken, first)).toBe('IN_PROGRESS');

    // Open -> Reopened: refused; the card stays in Open and the reason shows, once.
    await drag(page, card(page, `${tag} menu typo`), column(page, 'Reopened'));
    const refusal = page.getByRole('alert').filter({ hasText: 'Cannot change status from Open to Reopened' });
    // The toast shows (an inline alert saying the same was drawn with it before: two messages).
    await page.locator('.notistack-SnackbarContainer').getByRole('alert').filter({ hasText: 'Cannot change status from Open to Reopened' }).waitFor();
    expect(await refusal.count()).toBe(1);
    await column(page, 'Open').getByText(`${tag} menu typo`).waitFor();
    expect(await column(page, 'Reopened').getByText(`${tag} menu typo`).count()).toBe(0);
    expect(await statusOf(staffToken, second)).toBe('OPEN');

    // Keyboard: pick up with Space, one Right arrow is one column, drop with Space.
    const secondCard = card(page, `${tag} menu typo`);
    await secondCard.focus();
    await page.keyboard.press('Space');
    // Picked up (dnd-kit marks the dragged card pressed) before it moves: a loaded machine may lag a key.
    await expect.poll(() => secondCard.getAttribute('aria-pressed')).toBe('true');
    // Measured in its own column (dnd-kit announces the first column under the card) before it moves.
    await page.getByRole('status').filter({ hasText: `${tag} menu typo is over Open.` }).waitFor();
    // dnd-kit's keyboard sensor starts listening for arrows in a setTimeout after the pick-up, and
    // React may announce the pick-up before that task runs (an arrow pressed then is lost: failed
    // once in CI). A timeout queued now runs after the sensor's.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowRight');
    // The live region says where the card is before it is dropped.
    await page.getByRole('status').filter({ hasText: `${tag} menu typo is over In Progress.` }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(() => statusOf(staffToken, second), { timeout: 15_000 }).toBe('IN_PROGRESS');
    await column(page, 'In Progress').getByText(`${tag} menu typo`).waitFor();

    // An On Hold card's menu offers only the moves the workflow allows (not back to Open).
    expect((await api(staffToken, 'PATCH', `/api/helpdesk/tickets/${held}/`, { ticket_status: 'ON_HOLD' })).status).toBe(200);
    await page.reload();
    const heldCard = column(page, 'On Hold').getByRole('listitem').filter({ hasText: `${tag} fridge light` });
    await heldCard.getByRole('button', { name: /^Move #\d+ to another status$/ }).click();
    await expect.poll(() => page.getByRole('menuitem').allTextContents()).toEqual(['Move to In Progress', 'Move to Closed']);
    await page.keyboard.press('Escape');

    // The card opens its ticket (Enter; Space is for picking it up).
    await card(page, `${tag} fridge light`).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `${tag} fridge light` }).waitFor();
    await page.goBack();

    // And by the card's menu: Move to Closed.
    await page.getByRole('button', { name: /^Move #\d+ to another status$/ }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move to Closed' }).click();
    await column(page, 'Closed').getByRole('button').first().waitFor();

    // The board keeps the list's filters: the list view shows the same search.
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('grid').getByText(`${tag} oven door stuck`).waitFor();
    expect(failures.filter((f) => !f.includes(' 400 '))).toEqual([]);
  });
});
