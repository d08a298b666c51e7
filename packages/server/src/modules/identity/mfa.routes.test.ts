import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { rowsOf } from '../../list-query/list-page';
import { totpFor } from './mfa-factors';

// Each sign-in verifies a password (scrypt): a second or more apiece on a loaded machine.
const SLOW = 120_000;
const LIMIT = 4;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: LIMIT, loginFailureAddressLimit: 1000, mfaRequiredUserTypes: [5] });
});
afterAll(() => t?.close());

const knoxLogin = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email, password }, remoteAddress, headers: { 'user-agent': 'MfaTest/1.0' } });
const mfaLogin = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1', extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  t.request({ method: 'POST', url: '/api/identity/auth/mfa/', payload, remoteAddress, ...extra });
const codeAt = (secret: string, offsetSeconds = 0) => totpFor(secret).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** Sets up and confirms TOTP for the user (with their factory token); answers the secret and recovery codes. */
async function enrolTotp(user: TestUser, confirmOffsetSeconds = -30) {
  const setup = await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect(otpauth_url).toContain('algorithm=SHA1&digits=6&period=30');
  // Confirmed with the previous step's code, so the current one is still free for a sign-in.
  const confirm = await t.request({ method: 'POST', url: '/api/identity/mfa/totp/confirm/', token: user.token, payload: { code: codeAt(secret, confirmOffsetSeconds) } });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().recovery_codes as string[] };
}

async function pendingSignIn(user: TestUser) {
  const login = await knoxLogin(user.email, user.password);
  expect(login.statusCode).toBe(200);
  const body = login.json();
  expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: expect.any(Array) });
  return body.mfa_token as string;
}

const securityKinds = async (userId: string) =>
  rowsOf<{ kind: string }>(await t.database.db.execute(sql`select kind from identity_security_event where user_id = ${userId} order by at, id`)).map((r) => r.kind);

describe('TOTP', () => {
  it('answers 401 without a sign-in, and an empty status for a new user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/identity/sessions/' })).statusCode).toBe(401);
    const user = await insertUser(t);
    const status = await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token });
    expect(status.json()).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0 });
  });

  it('confirms with a current code (one step of drift), refuses a wrong or too old one, and gives ten recovery codes', async () => {
    const user = await insertUser(t);
    const setup = await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token });
    const { secret } = setup.json();
    const confirm = (code: string) => t.request({ method: 'POST', url: '/api/identity/mfa/totp/confirm/', token: user.token, payload: { code } });
    const wrong = await confirm('000000' === codeAt(secret) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [expect.any(String)] });
    expect((await confirm(codeAt(secret, -90))).statusCode).toBe(400);
    expect((await confirm('12ab56')).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/confirm/', token: user.token, payload: {} })).json()).toEqual({ code: ['This field is required.'] });
    const ok = await confirm(codeAt(secret, -30));
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored as digests only.
    const stored = rowsOf<{ digest: string }>(await t.database.db.execute(sql`select digest from identity_mfa_recovery_code where user_id = ${user.id}`));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.digest)).not.toContain(codes[0]);
    const status = await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token });
    expect(status.json()).toEqual({ totp: true, passkeys: [], recovery_codes_left: 10 });
    // A second setup is refused while one is confirmed.
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token })).statusCode).toBe(400);
    expect(await securityKinds(user.id)).toEqual(expect.arrayContaining(['mfa_totp_enabled', 'mfa_recovery_codes_generated']));
  });

  it('removes the authenticator with a current code or the password, nothing else', async () => {
    const user = await insertUser(t);
    const { secret } = await enrolTotp(user);
    const remove = (payload: Record<string, unknown>) => t.request({ method: 'DELETE', url: '/api/identity/mfa/totp/', token: user.token, payload });
    expect((await remove({})).statusCode).toBe(400);
    expect((await remove({ password: 'Not-the-password-1' })).json()).toEqual({ non_field_errors: ['The password is wrong.'] });
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token })).json().totp).toBe(true);
    expect((await remove({ code: codeAt(secret) })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token })).json()).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0 });
    expect((await remove({ password: user.password })).statusCode).toBe(404);
    expect(await securityKinds(user.id)).toContain('mfa_totp_disabled');
    // Signing in is one step again.
    expect((await knoxLogin(user.email, user.password)).json().token).toEqual(expect.any(String));
  }, SLOW);
});

describe('two-step sign-in', () => {
  it('knox: no token until the code; the code works once (replay refused); the mfa_token works once', async () => {
    const user = await insertUser(t);
    const { secret } = await enrolTotp(user);
    const login = await knoxLogin(user.email, user.password);
    expect(login.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ['totp', 'recovery_code'] });
    expect(login.json().token).toBeUndefined();
    const mfaToken = login.json().mfa_token as string;
    const code = codeAt(secret);

    const done = await mfaLogin({ mfa_token: mfaToken, code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ expiry: expect.any(String), token: expect.any(String), user: expect.objectContaining({ id: user.id }) });
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: done.json().token })).statusCode).toBe(200);

    // The same mfa_token again, and the same code on a new sign-in: both refused.
    expect((await mfaLogin({ mfa_token: mfaToken, code })).statusCode).toBe(400);
    const again = await pendingSignIn(user);
    const replay = await mfaLogin({ mfa_token: again, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ non_field_errors: [expect.any(String)] });
    // An older code after a newer one is refused too (steps only move forward).
    expect((await mfaLogin({ mfa_token: again, code: codeAt(secret, -30) })).statusCode).toBe(400);
    expect(await securityKinds(user.id)).toContain('mfa_failed');
  }, SLOW);

  it('an unknown or expired mfa_token answers the same 400 as a wrong code', async () => {
    const user = await insertUser(t);
    const { secret } = await enrolTotp(user);
    const unknown = await mfaLogin({ mfa_token: 'x'.repeat(64), code: codeAt(secret) });
    expect(unknown.statusCode).toBe(400);
    const mfaToken = await pendingSignIn(user);
    await t.database.db.execute(sql`update identity_mfa_challenge set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    const expired = await mfaLogin({ mfa_token: mfaToken, code: codeAt(secret) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(unknown.json());
    expect((await mfaLogin({ mfa_token: mfaToken })).statusCode).toBe(400);
    expect((await mfaLogin({ code: '123456' })).json()).toMatchObject({ mfa_token: ['This field is required.'] });
  }, SLOW);

  it('a recovery code works once', async () => {
    const user = await insertUser(t);
    const { recoveryCodes } = await enrolTotp(user);
    const first = await mfaLogin({ mfa_token: await pendingSignIn(user), recovery_code: recoveryCodes[3]!.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    const second = await mfaLogin({ mfa_token: await pendingSignIn(user), recovery_code: recoveryCodes[3] });
    expect(second.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: user.token })).json().recovery_codes_left).toBe(9);
    expect(await securityKinds(user.id)).toContain('mfa_recovery_code_used');
  }, SLOW);

  it('wrong codes count toward the sign-in limit: at the limit 429, and the mfa_token is gone', async () => {
    const user = await insertUser(t);
    const { secret } = await enrolTotp(user);
    const address = '10.35.0.1';
    const login = await knoxLogin(user.email, user.password, address);
    const mfaToken = login.json().mfa_token as string;
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < LIMIT; i++) expect((await mfaLogin({ mfa_token: mfaToken, code: wrong }, address)).statusCode).toBe(400);
    const limited = await mfaLogin({ mfa_token: mfaToken, code: codeAt(secret) }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The limit holds for the password too, and the pending sign-in is gone.
    expect((await knoxLogin(user.email, user.password, address)).statusCode).toBe(429);
    await t.database.db.execute(sql`delete from auth_login_failure where address = ${address}`);
    expect((await mfaLogin({ mfa_token: mfaToken, code: codeAt(secret) }, address)).statusCode).toBe(400);
  }, SLOW);

  it('session: no cookie until the code; the second step needs the CSRF token and sets the session', async () => {
    const user = await insertUser(t);
    const { secret } = await enrolTotp(user);
    const csrf = (await t.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).json().csrftoken as string;
    const login = await t.request({ method: 'POST', url: '/api/identity/auth/login/', cookies: { csrftoken: csrf }, headers: { 'x-csrftoken': csrf }, payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(login.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    const mfaToken = login.json().mfa_token as string;
    expect((await mfaLogin({ mfa_token: mfaToken, code: codeAt(secret) })).statusCode).toBe(403);
    const done = await mfaLogin({ mfa_token: mfaToken, code: codeAt(secret) }, '127.0.0.1', { cookies: { csrftoken: csrf }, headers: { 'x-csrftoken': csrf } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Successfully logged in.', session_expiry: expect.any(String) });
    const sessionid = done.cookies.find((c) => c.name === 'sessionid')!.value;
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', cookies: { sessionid } })).statusCode).toBe(200);
  }, SLOW);
});

describe('required second factor (MFA_REQUIRED_USER_TYPES)', () => {
  it('a user of such a type without a factor reaches only identity/mfa/, sign-out and identity/user/', async () => {
    const user = await insertUser(t, { userType: 5 });
    const get = (url: string) => t.request({ method: 'GET', url, token: user.token });
    const refused = await get('/api/identity/profile/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Set up a second factor to continue.', code: 'mfa_setup_required' });
    expect((await get('/api/identity/auth/permissions/')).statusCode).toBe(403);
    expect((await get('/api/identity/user/')).statusCode).toBe(200);
    expect((await get('/api/identity/mfa/')).statusCode).toBe(200);
    await enrolTotp(user);
    expect((await get('/api/identity/profile/')).statusCode).toBe(200);
    // Another type is not held back.
    const other = await insertUser(t, { userType: 2 });
    expect((await t.request({ method: 'GET', url: '/api/identity/profile/', token: other.token })).statusCode).toBe(200);
  });

  it('such a user whose sign-in check has aged can confirm it is them (step-up) to start the setup, and reach nothing more', async () => {
    const user = await insertUser(t, { userType: 5 });
    await t.database.db.execute(sql`update auth_token set verified_at = now() - interval '11 minutes' where user_id = ${user.id}`);
    const setup = () => t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token });
    expect((await setup()).json()).toEqual({ detail: 'Confirm it is you.', code: 'step_up_required' });
    const stepUp = await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: { password: user.password } });
    expect(stepUp.statusCode).toBe(200);
    expect((await setup()).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/identity/sessions/', token: user.token })).json()).toEqual({ detail: 'Set up a second factor to continue.', code: 'mfa_setup_required' });
  }, SLOW);
});

describe('step-up', () => {
  const ageCheck = (userId: string, seconds: number) =>
    t.database.db.execute(sql`update auth_token set verified_at = now() - make_interval(secs => ${seconds}) where user_id = ${userId}`);

  it('MFA changes need a check within STEP_UP_SECONDS; a sign-in counts; POST step-up renews it', async () => {
    const user = await insertUser(t);
    const setup = () => t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token });
    expect((await setup()).statusCode).toBe(200);
    await ageCheck(user.id, 601);
    const refused = await setup();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Confirm it is you.', code: 'step_up_required' });
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/passkeys/options/', token: user.token })).statusCode).toBe(403);

    const wrong = await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: { password: 'Not-the-password-1' } });
    expect(wrong.statusCode).toBe(400);
    expect((await setup()).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: {} })).statusCode).toBe(400);
    const ok = await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: { password: user.password } });
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().verified_until).getTime()).toBeGreaterThan(Date.now() + 590_000);
    expect((await setup()).statusCode).toBe(200);
    expect(await securityKinds(user.id)).toEqual(expect.arrayContaining(['step_up_failed', 'step_up_succeeded']));

    // A fresh sign-in counts as a check at its time.
    const token = (await knoxLogin(user.email, user.password)).json().token as string;
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token })).statusCode).toBe(200);
  }, SLOW);

  it('a TOTP code steps up, once', async () => {
    const user = await insertUser(t);
    const { secret } = await enrolTotp(user);
    await ageCheck(user.id, 601);
    const code = codeAt(secret);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: { code } })).statusCode).toBe(200);
    await ageCheck(user.id, 601);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: user.token, payload: { code } })).statusCode).toBe(400);
  });
});

describe('sessions and tokens', () => {
  it('lists the caller\'s own with where and when, marks the current one, and ends one at once', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    const second = (await knoxLogin(user.email, user.password, '10.35.9.9')).json().token as string;
    const list = await t.request({ method: 'GET', url: '/api/identity/sessions/', token: user.token });
    expect(list.statusCode).toBe(200);
    const items = list.json() as { id: string; kind: string; current: boolean; ip: string | null; user_agent: string | null; last_seen_at: string | null }[];
    expect(items).toHaveLength(2);
    expect(items.filter((i) => i.current)).toHaveLength(1);
    const signedIn = items.find((i) => i.ip === '10.35.9.9')!;
    expect(signedIn).toMatchObject({ kind: 'token', current: false, user_agent: 'MfaTest/1.0', last_seen_at: expect.any(String) });

    // Someone else's id is not found, and changes nothing.
    expect((await t.request({ method: 'DELETE', url: `/api/identity/sessions/${signedIn.id}/`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: second })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/identity/sessions/not-an-id/', token: user.token })).statusCode).toBe(404);

    expect((await t.request({ method: 'DELETE', url: `/api/identity/sessions/${signedIn.id}/`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: second })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/identity/sessions/', token: user.token })).json()).toHaveLength(1);
    expect(await securityKinds(user.id)).toContain('session_ended');
  }, SLOW);

  it('records last use in batches, at most once a minute per credential', async () => {
    const user = await insertUser(t);
    await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token, remoteAddress: '10.35.7.7', headers: { 'user-agent': 'Tablet/3' } });
    await t.app.lastSeen.flush();
    const [row] = (await t.request({ method: 'GET', url: '/api/identity/sessions/', token: user.token })).json() as { ip: string; user_agent: string; last_seen_at: string }[];
    expect(row).toMatchObject({ ip: '10.35.7.7', user_agent: 'Tablet/3', last_seen_at: expect.any(String) });
    // A second request within the minute writes nothing.
    const again = await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token, remoteAddress: '10.35.7.8' });
    expect(again.statusCode).toBe(200);
    await t.app.lastSeen.flush();
    const [same] = (await t.request({ method: 'GET', url: '/api/identity/sessions/', token: user.token })).json() as { ip: string }[];
    expect(same!.ip).toBe('10.35.7.7');
  });
});

describe('sign out all other sessions', () => {
  it('ends every other session and token of the caller at once, keeps this one, and touches no one else', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    const second = (await knoxLogin(user.email, user.password, '10.35.8.1')).json().token as string;
    const third = (await knoxLogin(user.email, user.password, '10.35.8.2')).json().token as string;
    expect((await t.request({ method: 'DELETE', url: '/api/identity/sessions/' })).statusCode).toBe(401);

    const ended = await t.request({ method: 'DELETE', url: '/api/identity/sessions/', token: second });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: second })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: third })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: other.token })).statusCode).toBe(200);
    const left = (await t.request({ method: 'GET', url: '/api/identity/sessions/', token: second })).json() as { current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    // Nothing else to end: 0, and still signed in.
    expect((await t.request({ method: 'DELETE', url: '/api/identity/sessions/', token: second })).json()).toEqual({ ended: 0 });
    expect(await securityKinds(user.id)).toContain('session_ended');
  }, SLOW);
});

describe("an administrator's reset of a user's second factor", () => {
  it('needs the change permission on users: refused without it, nothing changed', async () => {
    const target = await insertUser(t);
    await enrolTotp(target);
    const reader = await insertUser(t, { userType: 2 });
    await grant(t, reader.email, 'user.read');
    const url = `/api/identity/users/${target.id}/mfa/reset/`;
    expect((await t.request({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url, token: reader.token })).statusCode).toBe(403);
    // Not even on oneself without the permission.
    expect((await t.request({ method: 'POST', url: `/api/identity/users/${reader.id}/mfa/reset/`, token: reader.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: target.token })).json()).toMatchObject({ totp: true, recovery_codes_left: 10 });
    expect(await securityKinds(target.id)).not.toContain('mfa_reset');
  });

  it('removes the authenticator, passkeys and recovery codes, audited with the actor; needs step-up; 404 for an unknown user', async () => {
    const target = await insertUser(t);
    const { secret } = await enrolTotp(target);
    const admin = await insertUser(t, { userType: 2 });
    await grant(t, admin.email, 'user.change');
    const url = `/api/identity/users/${target.id}/mfa/reset/`;

    await t.database.db.execute(sql`update auth_token set verified_at = now() - interval '11 minutes' where user_id = ${admin.id}`);
    const stale = await t.request({ method: 'POST', url, token: admin.token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: 'Confirm it is you.', code: 'step_up_required' });
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: target.token })).json().totp).toBe(true);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/step-up/', token: admin.token, payload: { password: admin.password } })).statusCode).toBe(200);

    const done = await t.request({ method: 'POST', url, token: admin.token, remoteAddress: '10.35.6.6' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ totp: true, passkeys: 0, recovery_codes: 10 });
    expect((await t.request({ method: 'GET', url: '/api/identity/mfa/', token: target.token })).json()).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0 });
    const [event] = rowsOf<{ actor: string; address: string; detail: unknown }>(
      await t.database.db.execute(sql`select actor, address, detail from identity_security_event where user_id = ${target.id} and kind = 'mfa_reset'`),
    );
    expect(event).toMatchObject({ actor: admin.id, address: '10.35.6.6' });
    // The password alone signs the user in again, and the old code means nothing.
    expect((await knoxLogin(target.email, target.password)).json().token).toEqual(expect.any(String));
    // The old authenticator's code no longer finishes anything: the status has no TOTP to check it against.
    expect((await t.request({ method: 'DELETE', url: '/api/identity/mfa/totp/', token: target.token, payload: { code: codeAt(secret) } })).statusCode).toBe(404);

    expect((await t.request({ method: 'POST', url: `/api/identity/users/${crypto.randomUUID()}/mfa/reset/`, token: admin.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/identity/users/not-a-uuid/mfa/reset/', token: admin.token })).statusCode).toBe(404);
  }, SLOW);
});
