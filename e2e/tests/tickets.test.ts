import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { api, apiToken, createUser, launchBrowser, newContext, raiseTicket, signIn, TINY_PNG, watchFailures, type TestUser } from '../fixtures/app';

let browser: Browser;
let requester: TestUser;
let staff: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  // An Employee raises tickets and cannot look up other users; a Corporate User works the help desk.
  requester = await createUser({ userType: 6, firstName: 'Rita', lastName: 'Requester' });
  staff = await createUser({ userType: 2, firstName: 'Sam', lastName: 'Support' });
});
afterAll(async () => browser?.close());

async function open(user: TestUser, path: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, user, path);
  return page;
}

/** A one-page PDF (uploads are checked by content). */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const thread = (page: Page) => page.getByRole('list', { name: 'Conversation' });
const statusSelect = (page: Page) => page.getByRole('combobox', { name: 'Status' });

async function writeMessage(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type(text);
}

describe('ticket conversation', () => {
  it('staff assign, move status and reply with a file; the requester sees the reply live and answers', async () => {
    const requesterToken = await apiToken(requester);
    const title = `Dishwasher leaking ${Date.now()}`;
    const id = await raiseTicket(requesterToken, title, 'Water on the kitchen floor');

    const staffPage = await open(staff, `/all-tickets/${id}`);
    const staffFailures = watchFailures(staffPage);
    await staffPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await staffPage.getByRole('document', { name: 'Ticket description' }).getByText('Water on the kitchen floor').waitFor();
    await staffPage.getByRole('button', { name: 'Assign to me' }).click();
    // The details name the assignee with their address.
    await staffPage.getByRole('link', { name: staff.email }).waitFor();
    // Only the workflow's next steps are offered.
    await statusSelect(staffPage).click();
    const options = await staffPage.getByRole('option').allInnerTexts();
    expect(options).toEqual(['Open', 'In Progress', 'On Hold', 'Closed']);
    await staffPage.getByRole('option', { name: 'In Progress' }).click();
    await staffPage.getByRole('list', { name: 'Ticket history' }).getByText('Open → In Progress').waitFor();

    const requesterPage = await open(requester, `/tickets/${id}`);
    const requesterFailures = watchFailures(requesterPage);
    await requesterPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await requesterPage.getByText('No messages yet.').waitFor();
    // No user directory for an Employee: the reply goes to the other side of the ticket.
    expect(await requesterPage.getByRole('combobox', { name: 'To', exact: true }).count()).toBe(0);

    await writeMessage(staffPage, 'A technician is on the way, see the photo.');
    await staffPage.getByLabel('Attach files to the message').setInputFiles([{ name: 'valve.png', mimeType: 'image/png', buffer: TINY_PNG }]);
    await staffPage.getByRole('list', { name: 'Files to send' }).getByText('valve.png').waitFor();
    await staffPage.getByRole('button', { name: 'Send' }).click();
    await thread(staffPage).getByText('A technician is on the way, see the photo.').waitFor();

    // Live: the notification stream refreshes the requester's open page.
    await thread(requesterPage).getByText('A technician is on the way, see the photo.').waitFor({ timeout: 20_000 });
    const files = requesterPage.getByRole('list', { name: 'Files of the message from Sam Support' });
    await files.getByText('valve.png').waitFor();
    await files.getByRole('img', { name: 'valve.png' }).waitFor();
    await files.getByRole('button', { name: 'Preview valve.png' }).first().click();
    await requesterPage.getByRole('dialog', { name: 'valve.png' }).getByRole('img', { name: 'valve.png' }).waitFor();
    await requesterPage.getByRole('button', { name: 'Close' }).click();
    // The requester may delete only files they uploaded.
    expect(await files.getByRole('button', { name: 'Delete valve.png' }).count()).toBe(0);

    await writeMessage(requesterPage, 'Thank you!');
    await requesterPage.getByRole('button', { name: 'Send' }).click();
    await thread(requesterPage).getByText('Thank you!').waitFor();
    await thread(staffPage).getByText('Thank you!').waitFor({ timeout: 20_000 });

    expect(staffFailures).toEqual([]);
    expect(requesterFailures).toEqual([]);
    await staffPage.context().close();
    await requesterPage.context().close();
  });

  it('says someone else changed the ticket when its status moved on meanwhile (412), then shows the current status', async () => {
    const requesterToken = await apiToken(requester);
    const staffToken = await apiToken(staff);
    const title = `Fridge alarm ${Date.now()}`;
    const id = await raiseTicket(requesterToken, title, 'Beeping all night');
    const staffPage = await (await newContext(browser)).newPage();
    // The page reads the ticket again when its notification stream opens (a change made before then
    // sent its event to no one). Wait for that read to be over, so that the change below is one this
    // page has not seen: the stream open and no read of the ticket in flight, one done since.
    const ticketPath = `/api/helpdesk/tickets/${id}/`;
    const isTicketRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === ticketPath;
    let streamOpen = false;
    let readsInFlight = 0;
    let readSinceStream = false;
    staffPage.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/notifications/stream/') streamOpen = true;
    });
    staffPage.on('request', (request) => void (isTicketRead(request) && readsInFlight++));
    const readDone = (request: Request) => {
      if (!isTicketRead(request)) return;
      readsInFlight--;
      if (streamOpen) readSinceStream = true;
    };
    staffPage.on('requestfinished', readDone);
    staffPage.on('requestfailed', readDone);
    await signIn(staffPage, staff, `/all-tickets/${id}`);
    await staffPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => streamOpen && readSinceStream && readsInFlight === 0).toBe(true);
    // Someone else closes the ticket while this page still shows it open.
    expect((await api(staffToken, 'PATCH', `/api/helpdesk/tickets/${id}/`, { ticket_status: 'CLOSED' })).status).toBe(200);
    await statusSelect(staffPage).click();
    await staffPage.getByRole('option', { name: 'In Progress' }).click();
    // The change shows at once, then is undone: the page saved against the ticket it showed (If-Match),
    // so the API answers 412; a toast says so and the select shows the current status.
    await staffPage.locator('#notistack-snackbar', { hasText: 'Someone else changed this ticket just now.' }).waitFor();
    await statusSelect(staffPage).getByText('Closed').waitFor();
    await statusSelect(staffPage).click();
    expect(await staffPage.getByRole('option').allInnerTexts()).toEqual(['Closed', 'Reopened']);
    await staffPage.context().close();
  });

  it('uploads, previews (an image inline, a PDF in the viewer) and deletes files of the ticket itself', async () => {
    const requesterToken = await apiToken(requester);
    const title = `Menu board ${Date.now()}`;
    const id = await raiseTicket(requesterToken, title, 'Please update the board', 'service-request');
    const page = await open(requester, `/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByLabel('Add files to the ticket').setInputFiles([{ name: 'board.png', mimeType: 'image/png', buffer: TINY_PNG }]);
    const files = page.getByRole('list', { name: 'Ticket files' });
    await files.getByRole('img', { name: 'board.png' }).waitFor();
    // A PDF previews in the browser's viewer: the dialog hands the downloaded file to an object.
    await page.getByLabel('Add files to the ticket').setInputFiles([{ name: 'menu.pdf', mimeType: 'application/pdf', buffer: TINY_PDF }]);
    await files.getByText('menu.pdf').waitFor();
    await files.getByRole('button', { name: 'Preview menu.pdf' }).click();
    const preview = page.getByRole('dialog', { name: 'menu.pdf' });
    const viewer = preview.locator('object[type="application/pdf"]');
    await viewer.waitFor({ state: 'attached' });
    expect(await viewer.getAttribute('data')).toMatch(/^blob:/);
    await preview.getByRole('button', { name: 'Close' }).click();
    await files.getByRole('button', { name: 'Delete menu.pdf' }).click();
    await page.getByRole('dialog', { name: 'Delete attachment?' }).getByRole('button', { name: 'Delete' }).click();
    await files.getByText('menu.pdf').waitFor({ state: 'detached' });
    await files.getByRole('button', { name: 'Delete board.png' }).click();
    await page.getByRole('dialog', { name: 'Delete attachment?' }).getByRole('button', { name: 'Delete' }).click();
    await files.waitFor({ state: 'detached' });
    // A file that is not one of the accepted types is refused by the API, and the page says so.
    await page.getByLabel('Add files to the ticket').setInputFiles([{ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00binary') }]);
    await page.locator('#notistack-snackbar', { hasText: 'notes.exe' }).waitFor();
    await page.context().close();
  });

  it('lists the user\'s own tickets and all tickets for staff, opening the ticket page', async () => {
    const requesterToken = await apiToken(requester);
    const title = `Coffee machine ${Date.now()}`;
    const id = await raiseTicket(requesterToken, title, 'No hot water', 'issue');
    const page = await open(requester, '/tickets');
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL(`**/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.context().close();

    const staffPage = await open(staff, '/all-tickets');
    await staffPage.getByRole('link', { name: title }).click();
    await staffPage.waitForURL(`**/all-tickets/${id}`);
    await staffPage.getByRole('button', { name: 'Assign to me' }).waitFor();
    await staffPage.context().close();
  });
});
