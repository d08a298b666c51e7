import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { exeBytes, jpegBytes, pdfBytes, pngBytes } from '../../test/factories/files';
import { multipartBody } from '../../test/multipart';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await insertUser(t);
});
afterAll(() => t.close());

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('app settings', () => {
  it('are created with defaults on first read', async () => {
    const response = await t.request({ method: 'GET', url: '/api/identity/app-setting/', token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: user.id,
      theme_mode: 'SYSTEM', // follows the device until the user picks Light or Dark (issue 38 point 13)
      theme_colour: 'BLUE',
      display_density: 'STANDARD',
      default_page_view: 'LIST',
      language: 'en',
      date_time_format: 'ISO-8601',
      timezone: 'Australia/Sydney',
      landing_page: 'HOME',
    });
  });

  it('PATCH changes some fields, PUT needs all of them', async () => {
    const patch = await t.request({
      method: 'PATCH',
      url: '/api/identity/app-setting/',
      token: user.token,
      payload: { theme_mode: 'DARK', timezone: 'Europe/London', user: 'someone-else' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ theme_mode: 'DARK', timezone: 'Europe/London', theme_colour: 'BLUE', user: user.id });
    const partialPut = await t.request({
      method: 'PUT',
      url: '/api/identity/app-setting/',
      token: user.token,
      payload: { theme_mode: 'LIGHT' },
    });
    expect(partialPut.statusCode).toBe(400);
    expect(partialPut.json().timezone).toEqual(['This field is required.']);
    const put = await t.request({
      method: 'PUT',
      url: '/api/identity/app-setting/',
      token: user.token,
      payload: {
        theme_mode: 'DARK',
        theme_colour: 'TEAL-2',
        display_density: 'COMPACT',
        default_page_view: 'MAP',
        language: 'en-AU',
        date_time_format: 'en-GB',
        timezone: 'Australia/Perth',
        landing_page: 'TICKETS',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ theme_colour: 'TEAL-2', date_time_format: 'en-GB', timezone: 'Australia/Perth' });
  });

  it.each([
    ['theme_mode', 'dark', 'Only uppercase letters, digits and hyphens are allowed.'],
    ['theme_mode', 'A'.repeat(16), 'Ensure this field has no more than 15 characters.'],
    ['theme_colour', 'RED!', 'Only uppercase letters, digits and hyphens are allowed.'],
    ['display_density', 'X'.repeat(16), 'Ensure this field has no more than 15 characters.'],
    ['default_page_view', 'map', 'Only uppercase letters, digits and hyphens are allowed.'],
    ['landing_page', 'L'.repeat(21), 'Ensure this field has no more than 20 characters.'],
    ['landing_page', 'home', 'Only uppercase letters, digits and hyphens are allowed.'],
    ['language', 'l'.repeat(16), 'Ensure this field has no more than 15 characters.'],
    ['date_time_format', 'en-NZ', '"en-NZ" is not a valid choice.'],
    ['timezone', 'Mars/Olympus', 'Unknown time zone.'],
    ['timezone', 'America/Argentina/ComodRivadavia/X', 'Ensure this field has no more than 32 characters.'],
  ])('refuses %s = %s', async (field, value, message) => {
    const before = (await t.request({ method: 'GET', url: '/api/identity/app-setting/', token: user.token })).json();
    const response = await t.request({
      method: 'PATCH',
      url: '/api/identity/app-setting/',
      token: user.token,
      payload: { [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toContain(message);
    const after = (await t.request({ method: 'GET', url: '/api/identity/app-setting/', token: user.token })).json();
    expect(after).toEqual(before);
  });

  it('needs authentication', async () => {
    expect((await t.request({ method: 'GET', url: '/api/identity/app-setting/' })).statusCode).toBe(401);
  });
});

describe('page settings', () => {
  it('CRUD scoped to the caller with the default page_setting shape', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/identity/page-setting/',
      token: user.token,
      payload: { page: 'CLIENTS' },
    });
    expect(created.statusCode).toBe(201);
    const setting = created.json();
    expect(setting).toMatchObject({
      user: user.id,
      page: 'CLIENTS',
      layout: 'DEFAULT',
      page_setting: { filters: {}, sorting: [], renaming: {}, visible_fields: [] },
    });

    const menu = await t.request({
      method: 'POST',
      url: '/api/identity/page-setting/',
      token: user.token,
      payload: { page: 'MENU', page_setting: { recentPages: [{ id: 'x', name: 'Brands', to: '/brands' }], favorites: [] } },
    });
    expect(menu.json().page_setting).toEqual({
      filters: {},
      sorting: [],
      renaming: {},
      visible_fields: [],
      recentPages: [{ id: 'x', name: 'Brands', to: '/brands' }],
      favorites: [],
    });

    const duplicate = await t.request({
      method: 'POST',
      url: '/api/identity/page-setting/',
      token: user.token,
      payload: { page: 'CLIENTS' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ page: ['A setting for this page and layout already exists.'] });

    const list = await t.request({
      method: 'GET',
      url: `/api/identity/page-setting/?filters=${encodeURIComponent('{"page":"MENU"}')}`,
      token: user.token,
    });
    expect(list.json().results.map((s: { page: string }) => s.page)).toEqual(['MENU']);

    const patched = await t.request({
      method: 'PATCH',
      url: `/api/identity/page-setting/${setting.id}/`,
      token: user.token,
      payload: { page_setting: { sorting: ['-name'], filters: { name__icontains: 'a' } } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().page_setting).toEqual({
      filters: { name__icontains: 'a' },
      sorting: ['-name'],
      renaming: {},
      visible_fields: [],
    });

    const put = await t.request({
      method: 'PUT',
      url: `/api/identity/page-setting/${setting.id}/`,
      token: user.token,
      payload: { page: 'CLIENTS', layout: 'GRID', page_setting: { visible_fields: ['name'] } },
    });
    expect(put.json()).toMatchObject({ layout: 'GRID', page_setting: { visible_fields: ['name'], sorting: [] } });

    const other = await insertUser(t);
    expect(
      (await t.request({ method: 'GET', url: `/api/identity/page-setting/${setting.id}/`, token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/identity/page-setting/${setting.id}/`, token: other.token })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/identity/page-setting/', token: other.token })).json().count).toBe(0);

    expect(
      (await t.request({ method: 'DELETE', url: `/api/identity/page-setting/${setting.id}/`, token: user.token })).statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/identity/page-setting/${setting.id}/`, token: user.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/identity/page-setting/not-a-uuid/', token: user.token })).statusCode,
    ).toBe(404);
  });

  it.each([
    [{}, 'page', 'This field is required.'],
    [{ page: 'clients' }, 'page', 'Only uppercase letters, digits and hyphens are allowed.'],
    [{ page: 'P'.repeat(101) }, 'page', 'Ensure this field has no more than 100 characters.'],
    [{ page: 'OK', layout: 'L'.repeat(21) }, 'layout', 'Ensure this field has no more than 20 characters.'],
    [{ page: 'OK', layout: 'grid' }, 'layout', 'Only uppercase letters, digits and hyphens are allowed.'],
    [{ page: 'OK', page_setting: { sorting: 'name' } }, 'page_setting', undefined],
  ])('refuses %j naming %s', async (payload, field, message) => {
    const response = await t.request({ method: 'POST', url: '/api/identity/page-setting/', token: user.token, payload });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    if (message) expect(response.json()[field]).toContain(message);
  });
});

describe('profile', () => {
  it('starts empty and takes text fields over multipart', async () => {
    const empty = await t.request({ method: 'GET', url: '/api/identity/profile/', token: user.token });
    expect(empty.json()).toMatchObject({ user: user.id, profile_picture: null, phone: '', date_of_birth: null });
    const body = multipartBody({
      date_of_birth: '1990-02-28',
      phone: '+61 2 9999 000',
      mobile: '0400 000 000',
      personal_email: 'me@home.example',
      linkedin: 'https://linkedin.com/in/me',
      employee_id: 'HACK',
    });
    const response = await t.request({ method: 'PATCH', url: '/api/identity/profile/', token: user.token, ...body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      date_of_birth: '1990-02-28',
      phone: '+61 2 9999 000',
      personal_email: 'me@home.example',
      employee_id: null,
    });
  });

  it.each([
    [{ date_of_birth: '28/02/1990' }, 'date_of_birth'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth'],
    [{ personal_email: 'not-an-email' }, 'personal_email'],
    [{ personal_email: `${'a'.repeat(250)}@x.io` }, 'personal_email'],
    [{ phone: '1'.repeat(16) }, 'phone'],
    [{ mobile: '1'.repeat(16) }, 'mobile'],
    [{ linkedin: 'l'.repeat(201) }, 'linkedin'],
  ])('refuses %j', async (fields, field) => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/identity/profile/',
      token: user.token,
      ...multipartBody(fields),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it('stores a PNG or JPEG picture checked by content and serves it back', async () => {
    const png = pngBytes(2048);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/identity/profile/',
      token: user.token,
      ...multipartBody({}, [{ field: 'profile_picture', filename: 'me.jpg', content: png }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile_picture).toBe('/api/identity/profile/picture/');
    const picture = await t.request({ method: 'GET', url: '/api/identity/profile/picture/', token: user.token });
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);

    // Replacing the picture removes the old file.
    const jpeg = await t.request({
      method: 'PATCH',
      url: '/api/identity/profile/',
      token: user.token,
      ...multipartBody({}, [{ field: 'profile_picture', filename: 'me.png', content: jpegBytes(4096) }]),
    });
    expect(jpeg.statusCode).toBe(200);
    expect(filesUnder(path.join(t.config.uploadsDir, 'profile-pictures', user.id))).toHaveLength(1);
  });

  it.each([
    ['a PDF', pdfBytes(), 'Upload a valid image. Only JPEG and PNG files are allowed.'],
    ['an executable named .png', exeBytes(), 'Upload a valid image. Only JPEG and PNG files are allowed.'],
    ['an empty file', Buffer.alloc(0), 'The submitted file is empty.'],
    ['a picture over 5 MB', pngBytes(5 * 1024 * 1024 + 1), 'File is too large. The limit is 5 MB.'],
  ])('refuses %s and keeps no file', async (_name, content, message) => {
    const other = await insertUser(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/identity/profile/',
      token: other.token,
      ...multipartBody({ phone: '123' }, [{ field: 'profile_picture', filename: 'x.png', content }]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ profile_picture: [message] });
    expect(filesUnder(path.join(t.config.uploadsDir, 'profile-pictures', other.id))).toEqual([]);
    expect(filesUnder(t.config.tempDir)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/identity/profile/', token: other.token })).json().phone).toBe('');
  });

  it('refuses a JSON body (multipart only)', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/identity/profile/',
      token: user.token,
      payload: { phone: '1' },
    });
    expect(response.statusCode).toBe(400);
  });
});
