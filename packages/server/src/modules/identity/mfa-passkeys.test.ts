import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../../test/factories/webauthn';
import { rowsOf } from '../../list-query/list-page';

// Sign-ins verify a password (scrypt): seconds on a loaded machine.
const SLOW = 120_000;
const ORIGIN = 'http://localhost:8000';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ webauthn: { rpId: 'localhost', rpName: 'Operations', origins: [ORIGIN] } });
});
afterAll(() => t?.close());

const post = (url: string, token: string | undefined, payload?: Record<string, unknown>) => t.request({ method: 'POST', url, token, ...(payload ? { payload } : {}) });

async function register(user: TestUser, authenticator: SoftwareAuthenticator, name: string, origin = ORIGIN) {
  const options = await post('/api/identity/mfa/passkeys/options/', user.token);
  expect(options.statusCode).toBe(200);
  expect(options.json()).toMatchObject({ challenge: expect.any(String), rp: { id: 'localhost', name: 'Operations' }, user: { name: user.email } });
  return post('/api/identity/mfa/passkeys/', user.token, { name, response: authenticator.register(options.json(), origin) });
}

const kinds = async (userId: string) =>
  rowsOf<{ kind: string }>(await t.database.db.execute(sql`select kind from identity_security_event where user_id = ${userId}`)).map((r) => r.kind);

describe('passkeys', () => {
  it('registers several with names, lists them, and refuses a replayed, foreign-origin or unnamed attestation', async () => {
    const user = await insertUser(t);
    const laptop = softwareAuthenticator();
    const created = await register(user, laptop, 'Laptop');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), name: 'Laptop', created_at: expect.any(String), last_used_at: null });
    expect((await register(user, softwareAuthenticator(), 'Phone')).statusCode).toBe(201);
    expect((await register(user, softwareAuthenticator(), 'laptop')).json()).toEqual({ name: [expect.any(String)] });
    expect((await register(user, softwareAuthenticator(), 'Evil', 'https://evil.example')).json()).toEqual({ response: ['The passkey could not be verified. Please try again.'] });

    // The same attestation twice: its challenge was used.
    const options = (await post('/api/identity/mfa/passkeys/options/', user.token)).json();
    const tablet = softwareAuthenticator();
    const attestation = tablet.register(options, ORIGIN);
    expect((await post('/api/identity/mfa/passkeys/', user.token, { name: 'Tablet', response: attestation })).statusCode).toBe(201);
    expect((await post('/api/identity/mfa/passkeys/', user.token, { name: 'Tablet 2', response: attestation })).statusCode).toBe(400);
    // Another user's challenge does not register a passkey here.
    const other = await insertUser(t);
    const foreign = (await post('/api/identity/mfa/passkeys/options/', other.token)).json();
    expect((await post('/api/identity/mfa/passkeys/', user.token, { name: 'Stolen', response: softwareAuthenticator().register(foreign, ORIGIN) })).statusCode).toBe(400);
    expect((await post('/api/identity/mfa/passkeys/', user.token, { name: '', response: attestation })).json()).toMatchObject({ name: [expect.any(String)] });

    const status = (await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token })).json();
    expect(status.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone', 'Tablet']);
    expect(status.totp).toBe(false);
    expect(await kinds(user.id)).toContain('mfa_passkey_added');
  });

  it('signs in with a passkey as the second factor; another authenticator, origin or a used challenge is refused', async () => {
    const user = await insertUser(t);
    const key = softwareAuthenticator();
    expect((await register(user, key, 'Key')).statusCode).toBe(201);
    const login = await post('/api/identity/auth/knox/login/', undefined, { email: user.email, password: user.password });
    expect(login.json()).toMatchObject({ mfa_required: true, methods: ['passkey'] });
    const mfaToken = login.json().mfa_token as string;
    const options = await post('/api/identity/auth/mfa/passkey-options/', undefined, { mfa_token: mfaToken });
    expect(options.statusCode).toBe(200);
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);
    expect((await post('/api/identity/auth/mfa/passkey-options/', undefined, { mfa_token: 'nope' })).statusCode).toBe(400);

    const finish = (passkey: Record<string, unknown>) => post('/api/identity/auth/mfa/', undefined, { mfa_token: mfaToken, passkey });
    expect((await finish(softwareAuthenticator().assert(options.json(), ORIGIN))).statusCode).toBe(400);
    expect((await finish(key.assert(options.json(), 'https://evil.example'))).statusCode).toBe(400);
    const done = await finish(key.assert(options.json(), ORIGIN));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), user: { id: user.id } });
    const status = (await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token })).json();
    expect(status.passkeys[0].last_used_at).toEqual(expect.any(String));

    // A new sign-in cannot reuse the old challenge's assertion.
    const again = (await post('/api/identity/auth/knox/login/', undefined, { email: user.email, password: user.password })).json().mfa_token as string;
    await post('/api/identity/auth/mfa/passkey-options/', undefined, { mfa_token: again });
    expect((await post('/api/identity/auth/mfa/', undefined, { mfa_token: again, passkey: key.assert(options.json(), ORIGIN) })).statusCode).toBe(400);
  }, SLOW);

  it('steps up with a passkey (its challenge once), and removes one passkey of the caller only', async () => {
    const user = await insertUser(t);
    const key = softwareAuthenticator();
    const id = (await register(user, key, 'Key')).json().id as string;
    await t.database.db.execute(sql`update auth_token set verified_at = now() - interval '11 minutes' where user_id = ${user.id}`);
    expect((await t.request({ method: 'DELETE', url: `/api/identity/mfa/passkeys/${id}/`, token: user.token })).statusCode).toBe(403);
    const options = await post('/api/identity/auth/step-up/passkey-options/', user.token);
    expect(options.statusCode).toBe(200);
    const assertion = key.assert(options.json(), ORIGIN);
    expect((await post('/api/identity/auth/step-up/', user.token, { passkey: assertion })).statusCode).toBe(200);
    expect((await post('/api/identity/auth/step-up/', user.token, { passkey: assertion })).statusCode).toBe(400);

    const other = await insertUser(t);
    expect((await t.request({ method: 'DELETE', url: `/api/identity/mfa/passkeys/${id}/`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/identity/mfa/passkeys/${id}/`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token })).json().passkeys).toEqual([]);
    expect(await kinds(user.id)).toEqual(expect.arrayContaining(['mfa_passkey_removed', 'step_up_succeeded']));
    // No factor left: one-step sign-in again; and no passkey to step up with.
    expect((await post('/api/identity/auth/step-up/passkey-options/', user.token)).statusCode).toBe(404);
    expect((await post('/api/identity/auth/knox/login/', undefined, { email: user.email, password: user.password })).json().token).toEqual(expect.any(String));
  }, SLOW);
});
