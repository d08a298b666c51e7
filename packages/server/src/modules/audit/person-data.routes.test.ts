import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { raiseTicket, SAMPLE_FILES } from '../../test/factories/helpdesk';
import { ERASE_PLAN, userReferences } from '../../platform/person-data';
import { ERASE_MESSAGES } from './person-data.routes';

// A person's data (platform.md 14.6): erase (anonymised everywhere) and export (a ZIP), both with step-up.

let t: TestApp;
let admin: TestUser;
let corporate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { userType: 1, firstName: 'Ada', lastName: 'Admin' });
  corporate = await insertUser(t, { userType: 2 });
});
afterAll(() => t?.close());

const erase = (id: string, user: TestUser = admin) => t.request({ method: 'POST', url: `/api/identity/users/${id}/erase/`, token: user.token });
const exportOf = (id: string, user: TestUser = admin) => t.request({ method: 'GET', url: `/api/identity/users/${id}/export/`, token: user.token });
const count = async (text: string, params: unknown[]) => Number((await t.database.query<{ n: number }>(`select count(*)::int as n from (${text}) q`, params))[0]!.n);
const auditCount = (action: string, recordId: string) => count('select 1 from audit_log where action = $1 and record_id = $2', [action, recordId]);

/** A person with something in most places: a ticket with a file, a profile, a second factor, settings, a session. */
async function personWithData() {
  const person = await insertUser(t, { userType: 2, firstName: 'Pia', lastName: 'Person' });
  const ticketId = await raiseTicket(t, person, { title: 'Leaking tap', files: [{ field: 'attachments[0][attachment]', filename: 'tap.png', content: SAMPLE_FILES.png() }] });
  await t.database.query(`insert into identity_profile (user_id, phone, mobile, personal_email) values ($1, '+4412345', '+4498765', 'pia@home.example')`, [person.id]);
  expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: person.token })).statusCode).toBe(200);
  expect((await t.request({ method: 'GET', url: '/api/identity/app-setting/', token: person.token })).statusCode).toBe(200);
  return { person, ticketId };
}

describe('the erase plan', () => {
  it('names every column that references a user, and only those (a new reference fails here until handled)', async () => {
    const references = await userReferences(t.database.db);
    expect(references.length).toBeGreaterThan(50);
    const unhandled = references.filter((key) => !Object.hasOwn(ERASE_PLAN, key));
    expect(unhandled, 'add these to ERASE_PLAN in platform/person-data.ts').toEqual([]);
    expect(Object.keys(ERASE_PLAN).filter((key) => !references.includes(key)), 'stale ERASE_PLAN entries').toEqual([]);
    for (const handling of Object.values(ERASE_PLAN)) expect(handling.reason.length).toBeGreaterThan(5);
  });
});

describe('POST identity/users/{id}/erase/', () => {
  it('refuses without the permission, without a recent check, for yourself and for the last administrator, changing nothing', async () => {
    const person = await insertUser(t, { userType: 2, firstName: 'Kept', lastName: 'Intact' });
    expect((await t.request({ method: 'POST', url: `/api/identity/users/${person.id}/erase/` })).statusCode).toBe(401);
    expect((await erase(person.id, corporate)).statusCode).toBe(403);

    const stale = await insertUser(t, { userType: 1 });
    await t.database.query(`update auth_token set verified_at = now() - interval '2 hours' where user_id = $1`, [stale.id]);
    const notChecked = await erase(person.id, stale);
    expect(notChecked.statusCode).toBe(403);
    expect(notChecked.json()).toEqual({ detail: 'Confirm it is you.', code: 'step_up_required' });

    const self = await erase(admin.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ non_field_errors: [ERASE_MESSAGES.yourself] });

    expect((await erase('0190c3a8-0000-7000-8000-000000000000')).statusCode).toBe(404);

    // A non-administrator allowed to delete users may not erase the only active administrator.
    const deleter = await insertUser(t, { userType: 2 });
    await grant(t, deleter.email, 'user.delete');
    const others = await t.database.query<{ id: string }>(`update auth_user set is_active = false where (is_superuser or user_type = 1) and is_active and id <> $1 returning id`, [admin.id]);
    try {
      const last = await erase(admin.id, deleter);
      expect(last.statusCode).toBe(400);
      expect(last.json()).toEqual({ non_field_errors: [ERASE_MESSAGES.lastAdmin] });
    } finally {
      if (others.length) await t.database.query(`update auth_user set is_active = true where id = any($1::uuid[])`, [others.map((row) => row.id)]);
    }
    const [kept] = await t.database.query<{ first_name: string }>('select first_name from auth_user where id = $1', [person.id]);
    expect(kept!.first_name).toBe('Kept');
    const [stillAdmin] = await t.database.query<{ first_name: string; is_active: boolean }>('select first_name, is_active from auth_user where id = $1', [admin.id]);
    expect(stillAdmin).toEqual({ first_name: 'Ada', is_active: true });
    expect(await auditCount('erase', person.id)).toBe(0);
  });

  it('anonymises the person everywhere, keeps their tickets and messages, removes their files, factors, sign-ins and settings', async () => {
    const { person, ticketId } = await personWithData();
    const [attachment] = await t.database.query<{ storage_key: string }>('select storage_key from helpdesk_attachment where ticket_id = $1', [ticketId]);
    expect(await t.app.storage.exists(attachment!.storage_key)).toBe(true);
    const messagesBefore = await count('select 1 from helpdesk_conversation where sender_id = $1 or created_by_id = $1', [person.id]);
    // A failed and a good sign-in: the audit trail records their e-mail address with each.
    const login = (password: string) => t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email: person.email, password } });
    expect((await login('not-the-password')).statusCode).toBe(400);
    expect((await login(person.password)).statusCode).toBe(200);
    const aboutThem = `select changes::text as text from audit_log where record_id = $1 or lower(changes->>'email') = lower($2)`;
    expect((await t.database.query<{ text: string }>(aboutThem, [person.id, person.email])).some((row) => row.text.includes(person.email))).toBe(true);

    const answer = await erase(person.id);
    expect(answer.statusCode).toBe(200);
    const { name } = answer.json() as { name: string };
    expect(name).toMatch(/^Former user \d+$/);

    const [row] = await t.database.query<Record<string, unknown>>('select first_name, last_name, email, is_active, is_superuser, mfa_enabled from auth_user where id = $1', [person.id]);
    expect(`${row!.first_name} ${row!.last_name}`).toBe(name);
    expect(row!.email).not.toContain('@example');
    expect(String(row!.email)).toMatch(/@erased\.invalid$/);
    expect(row!.is_active).toBe(false);
    // The ticket and its messages stay, pointing at the former user; the requester reads as them.
    expect(await count('select 1 from helpdesk_ticket where id = $1 and requester_id = $2', [ticketId, person.id])).toBe(1);
    expect(await count('select 1 from helpdesk_conversation where sender_id = $1 or created_by_id = $1', [person.id])).toBe(messagesBefore);
    const ticket = await t.request({ method: 'GET', url: `/api/helpdesk/tickets/${ticketId}/`, token: admin.token });
    expect(ticket.statusCode).toBe(200);
    expect(JSON.stringify(ticket.json())).not.toContain('Pia');
    // The attachment and its file are gone; the profile (phone, mobile, personal e-mail) too.
    expect(await count('select 1 from helpdesk_attachment where ticket_id = $1', [ticketId])).toBe(0);
    expect(await t.app.storage.exists(attachment!.storage_key)).toBe(false);
    expect(await count(`select 1 from identity_profile where user_id = $1 or phone = '+4412345'`, [person.id])).toBe(0);
    // Their token no longer signs in anyone; the security log no longer holds their e-mail.
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: person.token })).statusCode).toBe(401);
    expect(await count('select 1 from identity_security_event where email = $1', [person.email])).toBe(0);
    expect(await count('select 1 from auth_user where lower(email) = lower($1)', [person.email])).toBe(0);
    // The audit trail keeps its entries about them, without their address, name or phone numbers.
    const trail = await t.database.query<{ text: string }>(aboutThem, [person.id, person.email]);
    expect(trail.length).toBeGreaterThan(2);
    for (const { text } of trail) {
      expect(text.toLowerCase()).not.toContain(person.email.toLowerCase());
      expect(text).not.toMatch(/\bPia\b|\bPerson\b|\+4412345|\+4498765|pia@home/);
    }
    expect(await count('select 1 from auth_login_failure where lower(email) = lower($1)', [person.email])).toBe(0);

    // Every table of the plan: deleted and cleared references are gone, anonymised ones may stay.
    for (const [key, handling] of Object.entries(ERASE_PLAN)) {
      const [table, column] = key.split('.') as [string, string];
      const left = await count(`select 1 from "${table}" where "${column}" = $1`, [person.id]);
      if (handling.how === 'delete' || handling.how === 'clear') expect(left, key).toBe(0);
    }
    // One audit entry, by the administrator; a second erasure names the next number.
    const entries = await t.database.query<{ user_id: string; changes: { name: string } }>(`select user_id, changes from audit_log where action = 'erase' and record_id = $1`, [person.id]);
    expect(entries).toEqual([{ user_id: admin.id, changes: { name }, }]);
    const next = await erase((await insertUser(t, { userType: 6 })).id);
    expect(next.json().name).toBe(`Former user ${Number(name.split(' ').pop()) + 1}`);
  });
});

describe('GET identity/users/{id}/export/', () => {
  it('answers a ZIP of JSON per kind plus their files, audited as an export', async () => {
    const { person, ticketId } = await personWithData();
    const [attachment] = await t.database.query<{ id: string; storage_key: string }>('select id, storage_key from helpdesk_attachment where ticket_id = $1', [ticketId]);
    const stored = await t.app.storage.read(attachment!.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);

    const response = await exportOf(person.id);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`user-${person.id}.zip`);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const json = async (name: string) => JSON.parse(await zip.file(name)!.async('string')) as Record<string, unknown>[];
    expect((await json('profile.json'))[0]).toMatchObject({ id: person.id, email: person.email, phone: '+4412345', mobile: '+4498765' });
    expect((await json('tickets.json')).map((ticket) => ticket.id)).toEqual([ticketId]);
    expect((await json('attachments.json')).map((file) => file.file_name)).toEqual(['tap.png']);
    expect((await json('audit_entries.json')).length).toBeGreaterThan(0);
    for (const kind of ['messages', 'notifications', 'allocations', 'watches', 'security_events', 'groups']) expect(Array.isArray(await json(`${kind}.json`))).toBe(true);
    const file = zip.file(`files/${attachment!.id}-tap.png`);
    expect(file).not.toBeNull();
    expect(Buffer.compare(await file!.async('nodebuffer'), Buffer.concat(chunks))).toBe(0);
    // No secrets: the TOTP secret and password hash are not in it.
    const all = (await Promise.all(Object.values(zip.files).map((entry) => entry.async('string')))).join('\n');
    expect(all).not.toContain('scrypt');
    expect(all).not.toMatch(/"secret"/);
    expect(await auditCount('export', person.id)).toBe(1);
  });

  it('refuses without the permission (403), an unknown person (404), and without a recent check', async () => {
    const person = await insertUser(t, { userType: 2 });
    expect((await exportOf(person.id, corporate)).statusCode).toBe(403);
    expect((await exportOf('0190c3a8-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const stale = await insertUser(t, { userType: 1 });
    await t.database.query(`update auth_token set verified_at = now() - interval '2 hours' where user_id = $1`, [stale.id]);
    expect((await exportOf(person.id, stale)).statusCode).toBe(403);
    // A superuser's data is a superuser's to export.
    const root = await insertUser(t, { superuser: true });
    expect((await exportOf(root.id)).statusCode).toBe(403);
    expect(await auditCount('export', person.id)).toBe(0);
  });
});
