import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { identityEndpoints as identityDefinitions } from '@ops/contract/identity/identity.endpoints';
import { identityEndpoints, jobEndpoints } from './endpoint-routes';
import { ApiError, apiDownload, callEndpoint, forbiddenCode, setMfaSetupHandler, setStepUpHandler, setUnauthorizedHandler, UnexpectedAnswerError } from './http-client';
import { mfaEndpoints } from './endpoint-routes';
import { clearToken, storeToken } from './auth-token';

const ID = '0190d5a0-0000-7000-8000-000000000001';
const USER = '0190d5a0-0000-7000-8000-000000000002';

/** A page setting as the server sends it: `page_setting` without the keys its schema would default. */
const pageSetting = (extra: Record<string, unknown> = {}) => ({
  id: ID,
  user: USER,
  page: 'clients',
  layout: 'DEFAULT',
  page_setting: { density: 'compact' },
  updated_at: '2026-11-26T05:00:00.000Z',
  ...extra,
});

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (status: number, body?: unknown, contentType = 'application/json') =>
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': contentType },
    }),
  );

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  clearToken();
  setUnauthorizedHandler(() => clearToken());
});

describe('callEndpoint', () => {
  it('calls a route by its method and path, with the path parameters encoded and the query and body sent', async () => {
    answer(200, pageSetting());
    await callEndpoint(identityEndpoints.putPageSetting, {
      params: { page_id: 'a b/c' },
      body: { page: 'clients', page_setting: { density: 'compact' } },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/identity/page-setting/a%20b%2Fc/');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ page: 'clients', page_setting: { density: 'compact' } });
  });

  it('answers the body as the server sent it: nothing defaulted, converted or stripped in the browser', async () => {
    const sent = pageSetting({ added_by_a_newer_server: true });
    answer(200, sent);
    const result = await callEndpoint(identityEndpoints.getPageSetting, { params: { page_id: ID } });
    // The schema would add filters, sorting, renaming and visible_fields and drop the unknown key.
    expect(result).toEqual(sent);
    expect(result.page_setting).not.toHaveProperty('filters');
  });

  it('takes the contract definition itself as well as its route, with the same answer', async () => {
    answer(200, pageSetting());
    answer(200, pageSetting());
    const viaRoute = await callEndpoint(identityEndpoints.getPageSetting, { params: { page_id: ID } });
    const viaDefinition = await callEndpoint(identityDefinitions.getPageSetting, { params: { page_id: ID } });
    expect(viaDefinition).toEqual(viaRoute);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/identity/page-setting/${ID}/`,
      `/api/identity/page-setting/${ID}/`,
    ]);
  });

  it('answers a 202 body (a job reference) and nothing for a 204', async () => {
    answer(202, { job: ID });
    expect(
      await callEndpoint(jobEndpoints.bulk.tickets, { body: { ids: [ID], changes: { priority: 'HIGH' } } as never }),
    ).toEqual({ job: ID });
    answer(204);
    expect(await callEndpoint(identityEndpoints.deletePageSetting, { params: { page_id: ID } })).toBeUndefined();
  });

  it("in development and tests, refuses an answer that drifted from the contract with zod's error", async () => {
    answer(200, pageSetting({ id: 42 }));
    await expect(callEndpoint(identityEndpoints.getPageSetting, { params: { page_id: ID } })).rejects.toBeInstanceOf(ZodError);
  });

  it("in a production build, does not check the answer against the contract (the server's tests do)", async () => {
    vi.stubEnv('DEV', false);
    const drifted = pageSetting({ id: 42 });
    answer(200, drifted);
    expect(await callEndpoint(identityEndpoints.getPageSetting, { params: { page_id: ID } })).toEqual(drifted);
  });

  it('sends a save made as the page closes with keepalive, unless its body is over the keepalive quota', async () => {
    answer(200, pageSetting());
    answer(200, pageSetting());
    await callEndpoint(identityEndpoints.putPageSetting, { params: { page_id: ID }, body: { page: 'clients', page_setting: { search: 'x' } }, keepalive: true });
    const big = { page: 'clients', page_setting: { renaming: { name: 'n'.repeat(40 * 1024) } } };
    await callEndpoint(identityEndpoints.putPageSetting, { params: { page_id: ID }, body: big, keepalive: true });
    expect(fetchMock.mock.calls[0]![1].keepalive).toBe(true);
    // A keepalive request over the browser's quota is refused outright; sent plainly it may still arrive.
    expect(fetchMock.mock.calls[1]![1].keepalive).toBeUndefined();
  });

  it("refuses a success answer that is not JSON (a proxy's page) instead of handing text to the page", async () => {
    vi.stubEnv('DEV', false);
    answer(200, '<html>Gateway</html>', 'text/html');
    const call = callEndpoint(identityEndpoints.getPageSetting, { params: { page_id: ID } });
    await expect(call).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(call).rejects.toThrow("The server's answer to GET /api/identity/page-setting/{page_id}/ could not be read.");
  });

  it('turns an error status into an ApiError with the DRF body and its first message', async () => {
    answer(400, { page: ['This field is required.'] });
    const call = callEndpoint(identityEndpoints.createPageSetting, { body: {} as never });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({
      status: 400,
      body: { page: ['This field is required.'] },
      message: 'page: This field is required.',
    });
  });

  it('signs out on a 401 to a request made with a token, not on one made anonymously', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    storeToken({ token: 'abc', expiry: '2999-01-01T00:00:00.000Z' });
    answer(401, { detail: 'Invalid token.' });
    await expect(callEndpoint(identityEndpoints.getUser)).rejects.toMatchObject({ status: 401, message: 'Invalid token.' });
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBe('Token abc');
    expect(unauthorized).toHaveBeenCalledTimes(1);

    answer(401, { detail: 'Unable to log in with provided credentials.' });
    await expect(
      callEndpoint(identityEndpoints.knoxLogin, { body: { email: 'a@example.com', password: 'x' }, anonymous: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock.mock.calls[1]![1].headers.Authorization).toBeUndefined();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('step-up (403 step_up_required)', () => {
  const STEP_UP = { detail: 'Confirm it is you.', code: 'step_up_required' };
  const removed = { totp: true, passkeys: 1, recovery_codes: 9 };
  afterEach(() => setStepUpHandler(null));

  it('asks once, then sends the same request again and answers its success', async () => {
    storeToken({ token: 'tok', expiry: new Date(Date.now() + 3600_000).toISOString() });
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    answer(403, STEP_UP);
    answer(200, removed);
    await expect(callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: ID } })).resolves.toEqual(removed);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![0]).toBe(`/api/identity/users/${ID}/mfa/reset/`);
    expect(fetchMock.mock.calls[1]![1].method).toBe('POST');
  });

  it('retries only once: a second refusal is the error, and a cancelled dialog sends nothing more', async () => {
    storeToken({ token: 'tok', expiry: new Date(Date.now() + 3600_000).toISOString() });
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    answer(403, STEP_UP);
    answer(403, STEP_UP);
    const error = await callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: ID } }).catch((e: unknown) => e);
    expect(forbiddenCode(error)).toBe('step_up_required');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    setStepUpHandler(async () => false);
    answer(403, STEP_UP);
    await expect(callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: ID } })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a download (a person\'s data ZIP) asks once too, then answers the file and its name', async () => {
    storeToken({ token: 'tok', expiry: new Date(Date.now() + 3600_000).toISOString() });
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    answer(403, STEP_UP);
    fetchMock.mockResolvedValueOnce(new Response('PK', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="user-data.zip"' } }));
    const file = await apiDownload(`/api/identity/users/${ID}/export/`);
    expect(file.filename).toBe('user-data.zip');
    expect(await file.blob.text()).toBe('PK');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('concurrent refusals share one dialog', async () => {
    storeToken({ token: 'tok', expiry: new Date(Date.now() + 3600_000).toISOString() });
    let confirm!: (ok: boolean) => void;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (confirm = resolve)));
    setStepUpHandler(handler);
    answer(403, STEP_UP);
    answer(403, STEP_UP);
    answer(200, removed);
    answer(200, removed);
    const both = Promise.all([callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: ID } }), callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: USER } })]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    confirm(true);
    await expect(both).resolves.toEqual([removed, removed]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a 403 without the code, or an anonymous request, never asks', async () => {
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    answer(403, STEP_UP);
    await expect(callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: ID }, anonymous: true })).rejects.toBeInstanceOf(ApiError);
    storeToken({ token: 'tok', expiry: new Date(Date.now() + 3600_000).toISOString() });
    answer(403, { detail: 'You do not have permission to perform this action.' });
    await expect(callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: ID } })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });

  it('a 403 mfa_setup_required tells the app (which sends the user to set up a factor)', async () => {
    storeToken({ token: 'tok', expiry: new Date(Date.now() + 3600_000).toISOString() });
    const setup = vi.fn();
    setMfaSetupHandler(setup);
    answer(403, { detail: 'Set up a second factor to continue.', code: 'mfa_setup_required' });
    const error = await callEndpoint(identityEndpoints.getProfile).catch((e: unknown) => e);
    expect(forbiddenCode(error)).toBe('mfa_setup_required');
    expect((error as ApiError).message).toBe('Set up a second factor to continue.');
    expect(setup).toHaveBeenCalledTimes(1);
    setMfaSetupHandler(() => undefined);
  });
});
