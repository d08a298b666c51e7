import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, multipart, raiseTicket, richText, SAMPLE_FILES } from '../../test/factories/helpdesk';
import { startFakeS3Server, type FakeS3Server } from '../../test/fake-s3-server';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 64 * 1024 });
  admin = await insertUser(t, { superuser: true });
  alice = await insertUser(t, { userType: 6, firstName: 'Alice', lastName: 'Cook' });
  bob = await insertUser(t, { userType: 6, firstName: 'Bob', lastName: 'Baker' });
});
afterAll(() => t.close());

const ticketCount = async () =>
  Number((await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_ticket'))[0]!.n);
const attachmentRows = async () =>
  Number((await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_attachment'))[0]!.n);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const content = JSON.stringify(richText('The coffee machine on level 3 is broken.'));

async function submit(
  kind: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
  user = alice,
  headers: Record<string, string> = {},
) {
  const body = multipart(fields, files);
  return t.request({
    method: 'POST',
    url: `/api/helpdesk/my-tickets/${kind}/`,
    token: user.token,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

describe('raising a ticket from the help drawer', () => {
  it.each([
    ['feedback', 'FEEDBACK'],
    ['issue', 'ISSUE'],
    ['service-request', 'SERVICE_REQUEST'],
  ])(
    'POST my-tickets/%s/ answers 201 {id} and stores a %s ticket: requester the caller, OPEN, MEDIUM, title trimmed',
    async (kind, type) => {
      const response = await submit(kind, { title: '  Coffee machine broken  ', ticket_content: content });
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json()).sort()).toEqual(['id', 'number']);
      const detail = await t.request({
        method: 'GET',
        url: `/api/helpdesk/my-tickets/${response.json().id}/`,
        token: alice.token,
      });
      expect(detail.json()).toMatchObject({
        title: 'Coffee machine broken',
        ticket_type: type,
        ticket_status: 'OPEN',
        priority: 'MEDIUM',
        requester: { id: alice.id, full_name: 'Alice Cook', email: alice.email },
        assignee: null,
        created_by: { id: alice.id, full_name: 'Alice Cook' },
        ticket_content: JSON.parse(content),
      });
    },
  );

  it('stores two attachments sent as attachments[i][attachment], downloadable with their type and name', async () => {
    const png = SAMPLE_FILES.png();
    const response = await submit('issue', { title: 'Leak', ticket_content: content }, [
      { field: 'attachments[0][attachment]', filename: 'photo.png', content: png },
      { field: 'attachments[1][attachment]', filename: 'Bericht über Schäden.pdf', content: SAMPLE_FILES.pdf() },
    ]);
    expect(response.statusCode).toBe(201);
    const id = response.json().id;
    const list = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${id}/attachments/`, token: alice.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    const [first, second] = list.json().results;
    expect(first).toMatchObject({
      file_name: 'photo.png',
      content_type: 'image/png',
      size: png.length,
      uploaded_by: { id: alice.id },
    });
    expect(second).toMatchObject({ file_name: 'Bericht über Schäden.pdf', content_type: 'application/pdf' });
    expect(first.attachment).toMatch(new RegExp(`/api/helpdesk/my-tickets/${id}/attachments/${first.id}/download/$`));

    const download = await t.request({ method: 'GET', url: new URL(first.attachment).pathname, token: alice.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(png)).toBe(true);
    const pdf = await t.request({ method: 'GET', url: new URL(second.attachment).pathname, token: alice.token });
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _ber Sch_den.pdf"; filename*=UTF-8''Bericht%20%C3%BCber%20Sch%C3%A4den.pdf`,
    );
  });

  it('rejects a .exe renamed .pdf: 400 naming the field, and leaves no ticket, no attachment row and no file', async () => {
    const before = { tickets: await ticketCount(), rows: await attachmentRows(), files: filesUnder(t.config.uploadsDir).length };
    const response = await submit('issue', { title: 'Invoice', ticket_content: content }, [
      { field: 'attachments[0][attachment]', filename: 'fine.png', content: SAMPLE_FILES.png() },
      {
        field: 'attachments[1][attachment]',
        filename: 'invoice.pdf',
        content: SAMPLE_FILES.exe(),
        contentType: 'application/pdf',
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'attachments[1][attachment]': ['Unsupported file type. Allowed types: JPEG, PNG, PDF, DOCX, XLSX, TXT.'],
    });
    expect(await ticketCount()).toBe(before.tickets);
    expect(await attachmentRows()).toBe(before.rows);
    expect(filesUnder(t.config.uploadsDir)).toHaveLength(before.files);
    expect(filesUnder(t.config.tempDir)).toHaveLength(0);
  });

  it('rejects a file over MAX_UPLOAD_MB with 400 naming the field and stores nothing', async () => {
    const before = await ticketCount();
    const big = Buffer.alloc(65 * 1024, 'a');
    const response = await submit('issue', { title: 'Big', ticket_content: content }, [
      { field: 'attachments[0][attachment]', filename: 'big.txt', content: big },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()['attachments[0][attachment]'][0]).toMatch(/too large/);
    expect(await ticketCount()).toBe(before);
    expect(filesUnder(t.config.tempDir)).toHaveLength(0);
  });

  it('a valid form with an invalid field stores no files either', async () => {
    const files = filesUnder(t.config.uploadsDir).length;
    const response = await submit('issue', { title: '', ticket_content: content }, [
      { field: 'attachments[0][attachment]', filename: 'a.txt', content: SAMPLE_FILES.txt() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(filesUnder(t.config.uploadsDir)).toHaveLength(files);
  });

  it.each([
    ['title missing', { ticket_content: content }, { title: ['This field is required.'] }],
    ['title blank after trimming', { title: '   ', ticket_content: content }, { title: ['This field may not be blank.'] }],
    [
      'title over 255 characters',
      { title: 'x'.repeat(256), ticket_content: content },
      { title: ['Ensure this field has no more than 255 characters.'] },
    ],
    ['ticket_content missing', { title: 'ok' }, { ticket_content: ['This field is required.'] }],
    ['ticket_content not JSON', { title: 'ok', ticket_content: '{nope' }, { ticket_content: ['Value must be valid JSON.'] }],
    ['ticket_content a JSON array', { title: 'ok', ticket_content: '[1,2]' }, { ticket_content: ['Must be a JSON object.'] }],
    [
      'ticket_content over 1 MB',
      { title: 'ok', ticket_content: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }) },
      { ticket_content: ['Ensure this document is no larger than 1 MB.'] },
    ],
    [
      'timezone unknown',
      { title: 'ok', ticket_content: content, timezone: 'Mars/Olympus' },
      { timezone: ['Unknown time zone.'] },
    ],
  ])('answers 400 when %s', async (_name, fields, errors) => {
    const before = await ticketCount();
    const response = await submit('feedback', fields as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await ticketCount()).toBe(before);
  });

  it('refuses files in other fields', async () => {
    const response = await submit('issue', { title: 'x', ticket_content: content }, [
      { field: 'other', filename: 'a.txt', content: SAMPLE_FILES.txt() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ other: ['Files are not accepted in this field.'] });
  });

  it('records user agent, time zone (form field or X-Timezone header) and client IP in meta_data', async () => {
    const viaHeader = await submit('issue', { title: 'tz header', ticket_content: content }, [], alice, {
      'user-agent': 'Mozilla/5.0 Test',
      'x-timezone': 'Australia/Sydney',
    });
    const viaField = await submit('issue', { title: 'tz field', ticket_content: content, timezone: 'Europe/Berlin' }, [], alice, {
      'x-timezone': 'Australia/Sydney',
    });
    const a = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${viaHeader.json().id}/`, token: alice.token });
    const b = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${viaField.json().id}/`, token: alice.token });
    expect(a.json().meta_data).toEqual({
      user_agent: 'Mozilla/5.0 Test',
      timezone: 'Australia/Sydney',
      ip: '127.0.0.1',
      source: 'help-drawer',
    });
    expect(b.json().meta_data.timezone).toBe('Europe/Berlin');
  });

  it('accepts the same fields as JSON (ticket_content as an object or a string)', async () => {
    for (const ticketContent of [richText('as object'), JSON.stringify(richText('as string'))]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/helpdesk/my-tickets/feedback/',
        token: alice.token,
        payload: { title: 'json', ticket_content: ticketContent },
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('answers 401 without a token and 405 for other methods', async () => {
    expect((await submit('issue', { title: 'x', ticket_content: content }, [], { ...alice, token: '' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/my-tickets/issue/', token: alice.token })).statusCode).toBe(405);
    expect((await t.request({ method: 'PUT', url: '/api/helpdesk/my-tickets/', token: alice.token })).statusCode).toBe(405);
  });
});

describe('my-tickets isolation', () => {
  it("lists only the caller's tickets, and another user's ticket is 404 on every path", async () => {
    const mine = await raiseTicket(t, alice, { title: 'Alice only' });
    const theirs = await raiseTicket(t, bob, {
      title: 'Bob only',
      files: [{ field: 'attachments[0][attachment]', filename: 'b.txt', content: SAMPLE_FILES.txt() }],
    });
    const bobAttachments = await t.request({
      method: 'GET',
      url: `/api/helpdesk/my-tickets/${theirs}/attachments/`,
      token: bob.token,
    });
    const bobAttachment = bobAttachments.json().results[0].id;
    const bobMessage = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${theirs}/conversations/`,
      token: bob.token,
      payload: { message: richText('hello') },
    });
    expect(bobMessage.statusCode).toBe(201);
    const conversation = bobMessage.json().id;

    const list = await t.request({ method: 'GET', url: '/api/helpdesk/my-tickets/?limit=1000', token: alice.token });
    const ids = list.json().results.map((r: { id: string }) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(list.json().results.every((r: { requester: { id: string } }) => r.requester.id === alice.id)).toBe(true);
    expect(list.json().results[0]).not.toHaveProperty('ticket_content');
    expect(list.json().results[0]).not.toHaveProperty('meta_data');

    const upload = multipart({}, [{ field: 'attachment', filename: 'x.txt', content: SAMPLE_FILES.txt() }]);
    const attempts = [
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/` },
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/history/` },
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/attachments/` },
      {
        method: 'POST',
        url: `/api/helpdesk/my-tickets/${theirs}/attachments/`,
        payload: upload.payload,
        headers: upload.headers,
      },
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/attachments/${bobAttachment}/` },
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/attachments/${bobAttachment}/download/` },
      { method: 'DELETE', url: `/api/helpdesk/my-tickets/${theirs}/attachments/${bobAttachment}/` },
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/conversations/` },
      { method: 'POST', url: `/api/helpdesk/my-tickets/${theirs}/conversations/`, payload: { message: richText('sneaky') } },
      { method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/conversations/${conversation}/` },
      { method: 'GET', url: `/api/helpdesk/my-tickets/conversations/${conversation}/attachments/` },
      {
        method: 'POST',
        url: `/api/helpdesk/my-tickets/conversations/${conversation}/attachments/`,
        payload: upload.payload,
        headers: upload.headers,
      },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.request({ ...attempt, token: alice.token } as never);
      expect({ ...attempt, payload: undefined, status: response.statusCode }).toEqual({
        ...attempt,
        payload: undefined,
        status: 404,
      });
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    // Nothing changed for Bob.
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/attachments/`, token: bob.token })).json().count,
    ).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${theirs}/conversations/`, token: bob.token })).json()
        .count,
    ).toBe(1);
  });

  it('a malformed id answers 404', async () => {
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/my-tickets/not-a-uuid/', token: alice.token })).statusCode).toBe(
      404,
    );
  });
});

describe('own ticket attachments', () => {
  it('uploads one file (field attachment), shows it, downloads it and deletes it with its file', async () => {
    const ticket = await raiseTicket(t, alice);
    const upload = multipart({}, [{ field: 'attachment', filename: 'notes.txt', content: SAMPLE_FILES.txt('hello\n') }]);
    const created = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/`,
      token: alice.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ file_name: 'notes.txt', content_type: 'text/plain; charset=utf-8', size: 6 });
    const id = created.json().id;
    const one = await t.request({
      method: 'GET',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/${id}/`,
      token: alice.token,
    });
    expect(one.json()).toEqual(created.json());
    const download = await t.request({
      method: 'GET',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/${id}/download/`,
      token: alice.token,
    });
    expect(download.body).toBe('hello\n');
    const stored = filesUnder(t.config.uploadsDir).filter((f) => f.includes(id));
    expect(stored).toHaveLength(1);

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/${id}/`,
      token: alice.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(fs.existsSync(stored[0]!)).toBe(false);
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/${id}/`, token: alice.token }))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    ['no file', [], { attachment: ['No file was submitted.'] }],
    [
      'two files',
      [
        { field: 'attachment', filename: 'a.txt', content: SAMPLE_FILES.txt() },
        { field: 'attachment', filename: 'b.txt', content: SAMPLE_FILES.txt() },
      ],
      { attachment: ['Submit one file per request.'] },
    ],
    [
      'an executable',
      [{ field: 'attachment', filename: 'a.pdf', content: SAMPLE_FILES.exe() }],
      { attachment: ['Unsupported file type. Allowed types: JPEG, PNG, PDF, DOCX, XLSX, TXT.'] },
    ],
  ])('answers 400 for %s and stores nothing', async (_name, files, errors) => {
    const ticket = await raiseTicket(t, alice);
    const before = filesUnder(t.config.uploadsDir).length;
    const upload = multipart({}, files as never);
    const response = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/`,
      token: alice.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(filesUnder(t.config.uploadsDir)).toHaveLength(before);
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/`, token: alice.token })).json()
        .count,
    ).toBe(0);
  });

  it('a requester cannot delete a file staff uploaded to their ticket (403); staff can', async () => {
    const ticket = await raiseTicket(t, alice);
    const upload = multipart({}, [{ field: 'attachment', filename: 'from-staff.pdf', content: SAMPLE_FILES.pdf() }]);
    const staffFile = await t.request({
      method: 'POST',
      url: `/api/helpdesk/tickets/${ticket}/attachments/`,
      token: admin.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(staffFile.statusCode).toBe(201);
    const own = await t.request({
      method: 'DELETE',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/${staffFile.json().id}/`,
      token: alice.token,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'You can only delete attachments you uploaded.' });
    const asStaff = await t.request({
      method: 'DELETE',
      url: `/api/helpdesk/tickets/${ticket}/attachments/${staffFile.json().id}/`,
      token: admin.token,
    });
    expect(asStaff.statusCode).toBe(204);
  });
});

describe('own ticket conversations', () => {
  it('sends a message to the assignee by default, lists and shows it; sender is the caller whatever the body says', async () => {
    const ticket = await raiseTicket(t, alice);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: admin.token,
      payload: { assignee: admin.id },
    });
    // Bob is on the ticket's conversations once staff copy him in, so the requester may copy him too.
    const staffNote = { message: richText('Looping in Bob'), recipient: alice.id, copy: [bob.id] };
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/helpdesk/tickets/${ticket}/conversations/`,
          token: admin.token,
          payload: staffNote,
        })
      ).statusCode,
    ).toBe(201);
    const sent = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${ticket}/conversations/`,
      token: alice.token,
      payload: { message: richText('Any news?'), sender: bob.id, copy: [bob.id] },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      ticket,
      sender: { id: alice.id, full_name: 'Alice Cook', email: alice.email },
      recipient: { id: admin.id, email: admin.email },
      copy: [{ id: bob.id, full_name: 'Bob Baker', email: bob.email }],
      message: richText('Any news?'),
      created_by: { id: alice.id, full_name: 'Alice Cook' },
    });
    const list = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/conversations/`, token: alice.token });
    expect(list.json().results).toContainEqual(sent.json());
    const one = await t.request({
      method: 'GET',
      url: `/api/helpdesk/my-tickets/${ticket}/conversations/${sent.json().id}/`,
      token: alice.token,
    });
    expect(one.json()).toEqual(sent.json());
  });

  it.each([
    ['message missing', {}, { message: ['This field is required.'] }],
    ['message not an object', { message: 'text' }, { message: ['Must be a JSON object.'] }],
    [
      'recipient unknown',
      { message: richText('x'), recipient: '01900000-0000-7000-8000-000000000000' },
      { recipient: ['Invalid pk "01900000-0000-7000-8000-000000000000" - object does not exist.'] },
    ],
    ['copy not a list', { message: richText('x'), copy: 'abc' }, { copy: ['Expected a list of items but got type "string".'] }],
    [
      'copy with an unknown user',
      { message: richText('x'), copy: ['01900000-0000-7000-8000-000000000001'] },
      { copy: ['Invalid pk "01900000-0000-7000-8000-000000000001" - object does not exist.'] },
    ],
  ])('answers 400 when %s and stores nothing', async (_name, payload, errors) => {
    const ticket = await raiseTicket(t, alice);
    const response = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${ticket}/conversations/`,
      token: alice.token,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/conversations/`, token: alice.token })).json()
        .count,
    ).toBe(0);
  });

  it('names only the assignee and people already on the conversations as recipient or copy; anyone else answers 400 naming the field and notifies nobody', async () => {
    const carol = await insertUser(t, { userType: 2, firstName: 'Carol', lastName: 'Stranger' });
    const ticket = await raiseTicket(t, alice);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: admin.token,
      payload: { assignee: admin.id },
    });
    const url = `/api/helpdesk/my-tickets/${ticket}/conversations/`;
    const unread = async (user: TestUser) =>
      (await t.request({ method: 'GET', url: '/api/notifications/?limit=1', token: user.token })).json().count as number;
    const carolBefore = await unread(carol);

    const toStranger = await t.request({
      method: 'POST',
      url,
      token: alice.token,
      payload: { message: richText('hi'), recipient: carol.id },
    });
    expect(toStranger.statusCode).toBe(400);
    expect(toStranger.json()).toEqual({ recipient: [`Invalid pk "${carol.id}" - object does not exist.`] });
    const copyStranger = await t.request({
      method: 'POST',
      url,
      token: alice.token,
      payload: { message: richText('hi'), copy: [admin.id, carol.id] },
    });
    expect(copyStranger.statusCode).toBe(400);
    expect(copyStranger.json()).toEqual({ copy: [`Invalid pk "${carol.id}" - object does not exist.`] });
    expect((await t.request({ method: 'GET', url, token: alice.token })).json().count).toBe(0);
    expect(await unread(carol)).toBe(carolBefore);

    const toAssignee = await t.request({
      method: 'POST',
      url,
      token: alice.token,
      payload: { message: richText('hi'), recipient: admin.id, copy: [admin.id] },
    });
    expect(toAssignee.statusCode).toBe(201);
    // Staff may address anyone; once Carol is on the conversations the requester may name her.
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/helpdesk/tickets/${ticket}/conversations/`,
          token: admin.token,
          payload: { message: richText('cc Carol'), copy: [carol.id] },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.request({
          method: 'POST',
          url,
          token: alice.token,
          payload: { message: richText('hi Carol'), recipient: carol.id },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('attaches files to a message and serves them under my-tickets/conversations/', async () => {
    const ticket = await raiseTicket(t, alice);
    const message = (
      await t.request({
        method: 'POST',
        url: `/api/helpdesk/my-tickets/${ticket}/conversations/`,
        token: alice.token,
        payload: { message: richText('see photo') },
      })
    ).json();
    const upload = multipart({}, [{ field: 'attachment', filename: 'photo.jpg', content: SAMPLE_FILES.jpeg() }]);
    const base = `/api/helpdesk/my-tickets/conversations/${message.id}/attachments/`;
    const created = await t.request({
      method: 'POST',
      url: base,
      token: alice.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ file_name: 'photo.jpg', content_type: 'image/jpeg' });
    expect(created.json().attachment).toContain(`${base}${created.json().id}/download/`);
    expect((await t.request({ method: 'GET', url: base, token: alice.token })).json().count).toBe(1);
    // A message's files are not the ticket's own files.
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/`, token: alice.token })).json()
        .count,
    ).toBe(0);
    const download = await t.request({ method: 'GET', url: `${base}${created.json().id}/download/`, token: alice.token });
    expect(download.headers['content-type']).toBe('image/jpeg');
    // Staff see it under the staff path too.
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/tickets/conversations/${message.id}/attachments/${created.json().id}/`,
          token: admin.token,
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `${base}${created.json().id}/`, token: alice.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: base, token: alice.token })).json().count).toBe(0);
  });
});

describe('history of own tickets', () => {
  it('shows each status change with who and when', async () => {
    const ticket = await raiseTicket(t, alice);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: admin.token,
      payload: { ticket_status: 'IN_PROGRESS' },
    });
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: admin.token,
      payload: { ticket_status: 'CLOSED' },
    });
    const history = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/history/`, token: alice.token });
    expect(
      history
        .json()
        .results.map((h: { from_status: string | null; to_status: string; changed_by: { id: string } }) => [
          h.from_status,
          h.to_status,
          h.changed_by.id,
        ]),
    ).toEqual([
      [null, 'OPEN', alice.id],
      ['OPEN', 'IN_PROGRESS', admin.id],
      ['IN_PROGRESS', 'CLOSED', admin.id],
    ]);
  });
});

describe('attachments on S3-compatible storage', () => {
  let s3: FakeS3Server;
  let s3App: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3Server();
    s3App = await createTestApp({
      s3: {
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      },
    });
  });
  afterAll(async () => {
    await s3App.close();
    await s3.close();
  });

  it('stores uploads in the bucket, streams them back and deletes the object with the attachment', async () => {
    const user = await insertUser(s3App, { userType: 6 });
    const pdf = SAMPLE_FILES.pdf();
    const ticket = await raiseTicket(s3App, user, {
      files: [{ field: 'attachments[0][attachment]', filename: 'report.pdf', content: pdf }],
    });
    expect(s3App.app.storage.driver).toBe('s3');
    const [key] = [...s3.objects.keys()].filter((k) => k.includes(ticket));
    expect(key).toMatch(new RegExp(`^helpdesk/tickets/${ticket}/[0-9a-f-]+\\.pdf$`));
    expect(s3.objects.get(key!)!.body.equals(pdf)).toBe(true);
    expect(filesUnder(s3App.config.uploadsDir)).toHaveLength(0);

    const attachment = (
      await s3App.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/`, token: user.token })
    ).json().results[0];
    const download = await s3App.request({ method: 'GET', url: new URL(attachment.attachment).pathname, token: user.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    expect(
      (
        await s3App.request({
          method: 'DELETE',
          url: `/api/helpdesk/my-tickets/${ticket}/attachments/${attachment.id}/`,
          token: user.token,
        })
      ).statusCode,
    ).toBe(204);
    expect(s3.objects.has(key!)).toBe(false);
  });

  it('a rejected file leaves nothing in the bucket', async () => {
    const user = await insertUser(s3App, { userType: 6 });
    const before = s3.objects.size;
    const body = multipart({ title: 'x', ticket_content: content }, [
      { field: 'attachments[0][attachment]', filename: 'ok.png', content: SAMPLE_FILES.png() },
      { field: 'attachments[1][attachment]', filename: 'evil.pdf', content: SAMPLE_FILES.exe() },
    ]);
    const response = await s3App.request({
      method: 'POST',
      url: '/api/helpdesk/my-tickets/issue/',
      token: user.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(s3.objects.size).toBe(before);
  });
});

describe('staff ticket used from my-tickets', () => {
  it("a ticket staff raised for a user shows in that user's my-tickets", async () => {
    const ticket = await insertTicket(t, admin, { requester: bob.id, title: 'Raised for Bob' });
    const list = await t.request({
      method: 'GET',
      url: `/api/helpdesk/my-tickets/?filters=${encodeURIComponent(JSON.stringify({ title: 'Raised for Bob' }))}`,
      token: bob.token,
    });
    expect(list.json().results.map((r: { id: string }) => r.id)).toEqual([ticket.id]);
  });
});
