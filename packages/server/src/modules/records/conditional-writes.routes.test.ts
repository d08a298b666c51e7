import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { buildAddress, insertBrand, insertClient, insertIndustry, insertLegalEntity } from '../../test/factories/records';

// Conditional writes (platform.md 14.6, RFC 9110 section 13): ETag on detail GETs and writes, If-Match on PUT/PATCH/DELETE.

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let le: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  other = await insertUser(t, { superuser: true, firstName: 'Bob', lastName: 'Other' });
  le = await insertLegalEntity(t, admin.token);
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
const write = (
  method: 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: Record<string, unknown>; ifMatch?: string; token?: string } = {},
) =>
  t.request({
    method,
    url,
    token: options.token ?? admin.token,
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.ifMatch !== undefined ? { headers: { 'if-match': options.ifMatch } } : {}),
  });

const newClient = async () => {
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  return `/api/accounts/clients/${client.id}/`;
};

describe('ETags and If-Match on records', () => {
  it('a detail GET answers a strong ETag; the body is as without it', async () => {
    const url = await newClient();
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^"accounts_client-[0-9a-f-]+-1"$/);
    expect(response.json()).not.toHaveProperty('version');
  });

  it('two clients edit one record: the second gets 412 with the record as it is now, and nothing is lost', async () => {
    const url = await newClient();
    const tag = (await get(url)).headers.etag as string;
    const first = await write('PATCH', url, { payload: { name: 'First edit' }, ifMatch: tag });
    expect(first.statusCode).toBe(200);
    const newTag = first.headers.etag as string;
    expect(newTag).toBeTruthy();
    expect(newTag).not.toBe(tag);
    expect(newTag).toBe((await get(url)).headers.etag);

    const second = await write('PATCH', url, { payload: { name: 'Second edit' }, ifMatch: tag, token: other.token });
    expect(second.statusCode).toBe(412);
    const now = await get(url);
    expect(second.json()).toEqual({ detail: 'This record was changed by someone else.', current: now.json() });
    expect(second.headers.etag).toBe(newTag);
    expect(now.json().name).toBe('First edit');

    // The second client retries with the new version: accepted.
    const patched = await write('PATCH', url, { payload: { name: 'Second edit' }, ifMatch: second.headers.etag as string, token: other.token });
    expect(patched.statusCode).toBe(200);
    expect((await get(url)).json().name).toBe('Second edit');
  });

  it('If-Match lists several tags; * matches any current row; a weak tag never matches', async () => {
    const url = await newClient();
    const tag = (await get(url)).headers.etag as string;
    expect((await write('PATCH', url, { payload: { name: 'A' }, ifMatch: `"nope", ${tag}` })).statusCode).toBe(200);
    expect((await write('PATCH', url, { payload: { name: 'B' }, ifMatch: '*' })).statusCode).toBe(200);
    const now = (await get(url)).headers.etag as string;
    const weak = await write('PATCH', url, { payload: { name: 'C' }, ifMatch: `W/${now}` });
    expect(weak.statusCode).toBe(412);
    expect((await get(url)).json().name).toBe('B');
  });

  it('a malformed If-Match is a 400 naming the header, nothing changed', async () => {
    const url = await newClient();
    const before = await get(url);
    for (const bad of ['abc', '"open', '', 'W/abc', '"a" "b"']) {
      const response = await write('PATCH', url, { payload: { name: 'Malformed' }, ifMatch: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json())).toEqual(['If-Match']);
    }
    const after = await get(url);
    expect(after.json()).toEqual(before.json());
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('without If-Match writes behave as before', async () => {
    const url = await newClient();
    expect((await write('PATCH', url, { payload: { name: 'No condition' } })).statusCode).toBe(200);
    expect((await get(url)).json().name).toBe('No condition');
  });

  it('DELETE with a stale tag is 412 and the row is kept; with the current one it deletes', async () => {
    const brand = await insertBrand(t, admin.token, { legal_entity: le.id });
    const url = `/api/operations/brands/${brand.id}/`;
    const stale = (await get(url)).headers.etag as string;
    expect((await write('PATCH', url, { payload: { name: 'Renamed brand' } })).statusCode).toBe(200);
    const refused = await write('DELETE', url, { ifMatch: stale });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().current.name).toBe('Renamed brand');
    expect((await get(url)).statusCode).toBe(200);
    const current = (await get(url)).headers.etag as string;
    expect((await write('DELETE', url, { ifMatch: current })).statusCode).toBe(204);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('an update outside the API (sync, import, raw SQL) bumps the version, so a held tag goes stale', async () => {
    const industry = await insertIndustry(t, admin.token);
    const url = `/api/base/industries/${industry.id}/`;
    const tag = (await get(url)).headers.etag as string;
    await t.database.query(`update base_industry set name = name || ' (synced)' where id = $1`, [industry.id]);
    const newTag = (await get(url)).headers.etag as string;
    expect(newTag).not.toBe(tag);
    expect(newTag.endsWith('-2"')).toBe(true);
    expect((await write('PATCH', url, { payload: { name: 'Stale' }, ifMatch: tag })).statusCode).toBe(412);
  });

  it('a reader without the record gets 404 before any precondition', async () => {
    const url = await newClient();
    const guest = await insertUser(t, { userType: 7 });
    const response = await write('PATCH', url, { payload: { name: 'x' }, ifMatch: '"x"', token: guest.token });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.json().detail).not.toBe('This record was changed by someone else.');
  });

  it("an owner's addresses and contacts: ETag on the detail, 412 on a stale PATCH, make-primary or DELETE (the row kept), then the current tag writes", async () => {
    const client = await newClient();
    for (const [kind, body, change] of [
      ['addresses', buildAddress({ address_name: 'Head office' }), { address_name: 'Depot' }],
      ['contacts', { contact_type: 'MOBILE', contact_detail: '0400 000 001' }, { description: 'After hours' }],
    ] as const) {
      const created = await t.request({ method: 'POST', url: `${client}${kind}/`, token: admin.token, payload: body });
      expect(created.statusCode, kind).toBe(201);
      const url = `${client}${kind}/${created.json().id}/`;
      const read = await get(url);
      const table = kind === 'addresses' ? 'records_address' : 'records_contact';
      expect(read.headers.etag, kind).toBe(`"${table}-${created.json().id}-1"`);
      expect(read.json()).not.toHaveProperty('version');

      const first = await write('PATCH', url, { payload: change, ifMatch: read.headers.etag as string });
      expect(first.statusCode, kind).toBe(200);
      expect(first.headers.etag).toBe((await get(url)).headers.etag);
      const second = await write('PATCH', url, { payload: {}, ifMatch: read.headers.etag as string, token: other.token });
      expect(second.statusCode, kind).toBe(412);
      const now = await get(url);
      expect(second.json()).toEqual({ detail: 'This record was changed by someone else.', current: now.json() });
      expect(now.json()).toMatchObject(change);
      expect((await write('PATCH', url, { payload: change, ifMatch: 'bad' })).statusCode).toBe(400);

      const makePrimary = (ifMatch: string) =>
        t.request({ method: 'POST', url: `${url}make-primary/`, token: admin.token, headers: { 'if-match': ifMatch } });
      const stalePrimary = await makePrimary(read.headers.etag as string);
      expect(stalePrimary.statusCode, kind).toBe(412);
      expect(stalePrimary.json().current).toEqual(now.json());
      const primary = await makePrimary(now.headers.etag as string);
      expect(primary.statusCode, kind).toBe(200);
      expect(primary.headers.etag).toBe((await get(url)).headers.etag);
      const afterPrimary = await get(url);

      expect((await write('DELETE', url, { ifMatch: read.headers.etag as string })).statusCode, kind).toBe(412);
      expect((await get(url)).statusCode).toBe(200);
      expect((await write('DELETE', url, { ifMatch: afterPrimary.headers.etag as string })).statusCode, kind).toBe(204);
      expect((await get(url)).statusCode).toBe(404);
    }
  });
});
