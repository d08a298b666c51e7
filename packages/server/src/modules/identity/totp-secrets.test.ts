import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { rowsOf } from '../../list-query/list-page';
import { newTotpSecret, totpFor } from './mfa-factors';
import { createTotpSecretBox } from './totp-secrets';

const USER = '0190d5a0-0000-7000-8000-000000000001';
const OTHER = '0190d5a0-0000-7000-8000-000000000002';

describe('the TOTP secret box (AES-256-GCM under MFA_SECRET_KEY)', () => {
  const key = randomBytes(32);
  const box = createTotpSecretBox(key);

  it('seals a secret so the stored text does not contain it, and opens it for its user only', () => {
    const secret = newTotpSecret();
    const sealed = box.seal(USER, secret);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed.length).toBeLessThanOrEqual(200);
    expect(box.seal(USER, secret)).not.toBe(sealed);
    expect(box.open(USER, sealed)).toBe(secret);
    // Bound to its user, its key and its bytes.
    expect(box.open(OTHER, sealed)).toBeUndefined();
    expect(createTotpSecretBox(randomBytes(32)).open(USER, sealed)).toBeUndefined();
    const [prefix, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(box.open(USER, [prefix, iv, flipped.toString('base64url'), tag].join('.'))).toBeUndefined();
    expect(box.open(USER, 'v1.garbage')).toBeUndefined();
  });

  it('reads a secret stored before the key was set; without a key stores as is and cannot open a sealed one', () => {
    const plain = createTotpSecretBox();
    const secret = newTotpSecret();
    expect(box.open(USER, secret)).toBe(secret);
    expect(plain.keyed).toBe(false);
    expect(plain.seal(USER, secret)).toBe(secret);
    expect(plain.open(USER, box.seal(USER, secret))).toBeUndefined();
    expect(() => createTotpSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('TOTP secrets at rest with MFA_SECRET_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mfaSecretKey: randomBytes(32) });
  });
  afterAll(() => t?.close());

  const stored = async (userId: string) =>
    rowsOf<{ secret: string }>(await t.database.db.execute(sql`select secret from identity_mfa_totp where user_id = ${userId}`))[0]?.secret;
  const codeAt = (secret: string, offset = 0) => totpFor(secret).generate({ timestamp: Date.now() + offset * 1000 });
  const enrol = async (user: TestUser) => {
    const { secret } = (await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token })).json() as { secret: string };
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/confirm/', token: user.token, payload: { code: codeAt(secret, -30) } })).statusCode).toBe(200);
    return secret;
  };
  const stepUpWithCode = (user: TestUser, code: string) => t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: { code } });

  it('stores the secret sealed, and its codes still work', async () => {
    const user = await insertUser(t);
    const secret = await enrol(user);
    const row = await stored(user.id);
    expect(row).toMatch(/^v1\./);
    expect(row).not.toContain(secret);
    expect((await stepUpWithCode(user, codeAt(secret))).statusCode).toBe(200);
  });

  it('seals a secret stored before the key at start-up; a sealed secret moved to another user opens for no one', async () => {
    const user = await insertUser(t);
    const secret = await enrol(user);
    // As stored by a server without the key.
    await t.database.db.execute(sql`update identity_mfa_totp set secret = ${secret} where user_id = ${user.id}`);
    const result = await t.app.identity.sealTotpSecrets();
    expect(result).toEqual({ sealed: 1, unreadable: 0 });
    expect(await stored(user.id)).toMatch(/^v1\./);
    expect((await t.app.identity.sealTotpSecrets()).sealed).toBe(0);
    expect((await stepUpWithCode(user, codeAt(secret))).statusCode).toBe(200);

    const thief = await insertUser(t);
    await enrol(thief);
    await t.database.db.execute(sql`update identity_mfa_totp set secret = ${(await stored(user.id))!} where user_id = ${thief.id}`);
    expect((await stepUpWithCode(thief, codeAt(secret, 30))).statusCode).toBe(400);
    expect((await t.app.identity.sealTotpSecrets()).unreadable).toBe(1);
  });
});
