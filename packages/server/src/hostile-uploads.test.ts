import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { multipart, raiseTicket, richText, SAMPLE_FILES, type UploadFile } from './test/factories/helpdesk';
import { pngBytes, zipWith } from './test/factories/files';

/**
 * Hostile multipart bodies on every upload endpoint: the help drawer's ticket
 * creation, the attachment upload and the profile picture. Whatever is sent,
 * the answer is a 4xx naming the problem (never 500), a refused request
 * leaves no row and no file behind, and an accepted file is stored under a
 * name of ours and served with a safe Content-Disposition.
 */
const MAX_UPLOAD = 64 * 1024;
let t: TestApp;
let user: TestUser;
let ticket: string;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: MAX_UPLOAD, bodyLimitBytes: 8 * 1024 * 1024 });
  user = await insertUser(t, { userType: 6 });
  ticket = await raiseTicket(t, user);
});
afterAll(() => t?.close());

interface Target {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  field: string;
  fields: () => Record<string, string>;
  /** Status of an accepted upload. */
  created: number;
}

const TARGETS: Target[] = [
  {
    name: 'ticket creation',
    method: 'POST',
    url: () => '/api/helpdesk/my-tickets/issue/',
    field: 'attachments[0][attachment]',
    fields: () => ({ title: 'Hostile upload', ticket_content: JSON.stringify(richText('Upload.')) }),
    created: 201,
  },
  { name: 'attachment upload', method: 'POST', url: () => `/api/helpdesk/my-tickets/${ticket}/attachments/`, field: 'attachment', fields: () => ({}), created: 201 },
  { name: 'profile picture', method: 'PATCH', url: () => '/api/identity/profile/', field: 'profile_picture', fields: () => ({}), created: 200 },
];

function send(target: Target, files: UploadFile[], fields = target.fields()) {
  const body = multipart(fields, files);
  return t.request({ method: target.method, url: target.url(), token: user.token, payload: body.payload, headers: body.headers });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.config.dataDir, path.join(e.parentPath, e.name)));
}

async function state() {
  const [rows] = await t.database.query<{ tickets: number; attachments: number; picture: string | null }>(
    `select (select count(*)::int from helpdesk_ticket) as tickets, (select count(*)::int from helpdesk_attachment) as attachments,
            (select profile_picture from identity_profile where user_id = $1) as picture`,
    [user.id],
  );
  return { ...rows!, files: filesUnder(t.config.dataDir).sort() };
}

/** A refused upload answers `status` naming `field` (or non_field_errors) and changes nothing, temp files included. */
async function expectRefused(target: Target, files: UploadFile[], status: number, field?: string, fields?: Record<string, string>) {
  const before = await state();
  const response = await send(target, files, fields);
  expect(response.statusCode, `${target.name}: ${response.body}`).toBe(status);
  if (field) expect(Object.keys(response.json()), response.body).toContain(field);
  expect(await state()).toEqual(before);
  return response;
}

const txt = (text = 'Plain text.\n') => SAMPLE_FILES.txt(text);
const imageFor = (target: Target) => (target.field === 'profile_picture' ? pngBytes(256) : txt());

describe.each(TARGETS)('hostile uploads: $name', (target) => {
  it.each([
    ['../../../etc/passwd.txt'],
    ['..\\..\\..\\windows\\system32\\evil.txt'],
    ['/absolute/path/owned.txt'],
    ['./../uploads/../../escape.txt'],
    ['quote" onload="x.txt'],
    ['résumé 漢字 ✓.txt'],
    ['%2e%2e%2f%2e%2e%2fencoded.txt'],
    [`${'a'.repeat(300)}.txt`],
  ])('a file named %j is stored under a name of ours, inside storage', async (filename) => {
    const response = await send(target, [{ field: target.field, filename, content: imageFor(target), contentType: 'text/plain' }]);
    expect(response.statusCode, response.body).toBe(target.created);
    // Nothing lands outside DATA_DIR/uploads, and stored names are generated ids, never the client's.
    for (const file of filesUnder(t.config.dataDir)) {
      expect(file.startsWith(`uploads${path.sep}`), file).toBe(true);
      expect(path.basename(file), file).toMatch(/^[0-9a-f-]{36}\.(txt|png|jpg|pdf|docx|xlsx)$/);
    }
    expect(fs.readdirSync(path.dirname(t.config.dataDir)).some((name) => /passwd|evil|owned|escape/.test(name))).toBe(false);
  });

  it('a file whose content is not of an allowed type is refused whatever its extension says', async () => {
    await expectRefused(target, [{ field: target.field, filename: 'report.pdf', content: SAMPLE_FILES.exe(), contentType: 'application/pdf' }], 400, target.field);
    await expectRefused(target, [{ field: target.field, filename: 'sheet.xlsx', content: zipWith('evil/payload.bin'), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }], 400, target.field);
    await expectRefused(target, [{ field: target.field, filename: 'photo.jpg', content: Buffer.concat([Buffer.from([0, 0, 0, 0]), randomBytes(64)]), contentType: 'image/jpeg' }], 400, target.field);
    if (target.field === 'profile_picture') {
      // Text is an attachment type but not a picture.
      await expectRefused(target, [{ field: target.field, filename: 'face.png', content: txt('<svg onload="alert(1)"/>'), contentType: 'image/png' }], 400, target.field);
    }
  });

  it('a zero-byte file is refused', async () => {
    await expectRefused(target, [{ field: target.field, filename: 'empty.txt', content: Buffer.alloc(0) }], 400, target.field);
  });

  it('a file over the size limit is refused naming the field', async () => {
    const limit = target.field === 'profile_picture' ? 5 * 1024 * 1024 : MAX_UPLOAD;
    const big = target.field === 'profile_picture' ? pngBytes(limit + 1) : txt('x'.repeat(limit + 1));
    await expectRefused(target, [{ field: target.field, filename: 'big.txt', content: big }], 400, target.field);
  });

  it('too many parts are refused', async () => {
    const fields = { ...target.fields(), ...Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`extra_${i}`, 'x'])) };
    await expectRefused(target, [{ field: target.field, filename: 'a.txt', content: imageFor(target) }], 400, 'non_field_errors', fields);
    const files = Array.from({ length: 60 }, (_, i) => ({ field: target.field.replace('[0]', `[${i}]`), filename: `f${i}.txt`, content: imageFor(target) }));
    await expectRefused(target, files, 400, undefined);
  });

  it('a file in a field that takes none is refused', async () => {
    await expectRefused(target, [{ field: 'not_a_file_field', filename: 'a.txt', content: txt() }], 400, 'not_a_file_field');
  });

  it('a broken multipart body answers 400, not 500', async () => {
    const before = await state();
    const body = multipart(target.fields(), [{ field: target.field, filename: 'cut.txt', content: txt('x'.repeat(5000)) }]);
    for (const payload of [body.payload.subarray(0, body.payload.length - 2000), Buffer.from('not multipart at all')]) {
      const response = await t.request({ method: target.method, url: target.url(), token: user.token, payload, headers: body.headers });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    const noBoundary = await t.request({ method: target.method, url: target.url(), token: user.token, payload: body.payload, headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode, noBoundary.body).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode, noBoundary.body).toBeLessThan(500);
    expect(await state()).toEqual(before);
  });

  it('a body over the server limit answers 413', async () => {
    const before = await state();
    const response = await send(target, [{ field: target.field, filename: 'huge.txt', content: txt('y'.repeat(9 * 1024 * 1024)) }]);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    expect(await state()).toEqual(before);
  });
});

describe('downloads of hostile names', () => {
  it('serve a Content-Disposition with no path, quote or line break, the exact name encoded, and nosniff', async () => {
    // Sent name -> the name shown (a raw quote ends the multipart header's filename, as parsers read it).
    const names: [string, string][] = [
      ['../../etc/passwd.txt', 'passwd.txt'],
      ['quote" ; filename=evil.exe.txt', 'quote.txt'],
      // Bidi overrides would show "invoice\u202Efdp.exe" as "invoiceexe.pdf"; the extension is the content's.
      ['invoice\u202Efdp.exe', 'invoicefdp.txt'],
      ['iso\u2066late\u2069d\u200F.pdf', 'isolated.txt'],
      ['bell\u0007\u0085name.docx', 'bellname.txt'],
      ['README', 'README.txt'],
      ['résumé 漢字 ✓.txt', 'résumé 漢字 ✓.txt'],
      ['tab\tname.txt', 'tabname.txt'],
      ['C:\\Users\\me\\report.txt', 'report.txt'],
    ];
    for (const [filename, shown] of names) {
      const response = await send(TARGETS[1]!, [{ field: 'attachment', filename, content: txt('<html><script>alert(1)</script></html>') }]);
      expect(response.statusCode, response.body).toBe(201);
      const download = await t.request({ method: 'GET', url: response.json().attachment, token: user.token });
      expect(download.statusCode).toBe(200);
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"\\/\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|-]*$/);
      expect(disposition).not.toContain('/');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      // HTML sent as a text file is served as text, never as a page.
      expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
      const encoded = /filename\*=UTF-8''(.*)$/.exec(disposition)![1]!;
      const stored = decodeURIComponent(encoded);
      expect(stored).not.toMatch(/[\\/]/);
      expect(stored, filename).toBe(shown);
    }
  });

  it('a picture sent as report.exe is named by its detected type (report.png), in the list and the download', async () => {
    const response = await send(TARGETS[1]!, [{ field: 'attachment', filename: 'report.exe', content: pngBytes(64) }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().file_name).toBe('report.png');
    const download = await t.request({ method: 'GET', url: response.json().attachment, token: user.token });
    expect(String(download.headers['content-disposition'])).toContain(`filename*=UTF-8''report.png`);
  });

  it('the profile picture is served inline under our own file name with nosniff', async () => {
    const response = await send(TARGETS[2]!, [{ field: 'profile_picture', filename: '../../x".png', content: pngBytes(128) }]);
    expect(response.statusCode).toBe(200);
    const picture = await t.request({ method: 'GET', url: '/api/identity/profile/picture/', token: user.token });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.png"$/);
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('multipart form fields', () => {
  it('a NUL character in a text field answers 400 naming the field and stores nothing', async () => {
    const target = TARGETS[0]!;
    const nul = await expectRefused(target, [], 400, 'title', { title: 'Broken\u0000title', ticket_content: JSON.stringify(richText('x')) });
    expect(nul.json()).toEqual({ title: ['Null characters are not allowed.'] });
  });
});
