import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { deflateSync } from 'node:zlib';
import { api, apiToken, createUser, launchBrowser, newContext, signIn } from '../fixtures/app';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A valid 1x1 PNG. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 200, 60, 60]))), chunk('IEND', Buffer.alloc(0))]);
}

describe('user account', () => {
  it('edits the name, personal details and picture, and the header follows', async () => {
    const user = await createUser({ firstName: 'Old', lastName: 'Name' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user, '/user-accounts');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name saved.').waitFor();
    await page.getByRole('button', { name: 'User profile' }).click();
    await page.getByRole('menu', { name: 'User profile' }).getByText('Grace Hopper').waitFor();
    await page.keyboard.press('Escape');

    await page.getByLabel('Personal email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save personal details' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    await page.getByLabel('Personal email').fill('grace@home.example');
    await page.getByLabel('Date of birth').fill('1906-12-09');
    await page.getByLabel('Mobile').fill('0400111222');
    await page.getByRole('button', { name: 'Save personal details' }).click();
    await page.getByText('Personal details saved.').waitFor();

    await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
    await page.getByText('Profile picture updated.').waitFor();
    await page.locator('header img.MuiAvatar-img').waitFor();

    const token = await apiToken(user);
    expect((await api(token, 'GET', '/api/identity/user/')).body).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    expect((await api(token, 'GET', '/api/identity/profile/')).body).toMatchObject({ personal_email: 'grace@home.example', date_of_birth: '1906-12-09', mobile: '0400111222', profile_picture: expect.any(String) });
    await context.close();
  });

  it('refuses a picture that is not JPEG or PNG before uploading it', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user, '/user-accounts');
    await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Upload a valid image. Only JPEG and PNG files are allowed.').waitFor();
    await context.close();
  });
});

describe('theme page', () => {
  it('shows typography, palette and components of the theme', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user, '/themes-example/typography');
    for (const name of ['Typography', 'Palette', 'Components']) await page.getByRole('region', { name }).waitFor();
    await context.close();
  });
});
