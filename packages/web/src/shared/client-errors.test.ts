import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { telemetryEndpoints } from '@ops/contract/telemetry/telemetry.endpoints';
import { CLIENT_ERRORS_PATH, installErrorReporting } from './client-errors';
import { clearToken, storeToken } from '../api/auth-token';
import { reportError } from './report-error';

describe('installErrorReporting', () => {
  it("posts to the contract's client-errors path", () => {
    expect(CLIENT_ERRORS_PATH).toBe(telemetryEndpoints.clientErrors.path);
  });

  const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  let uninstall: () => void;
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    uninstall = installErrorReporting();
  });
  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
    clearToken();
  });
  const bodies = () =>
    (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => ({
      url,
      init,
      body: JSON.parse(String(init.body)),
    }));

  it('posts a window error with its position and the page, once per distinct error, with the token when signed in', () => {
    storeToken({ token: 'tok-123', expiry: new Date(Date.now() + 60_000).toISOString() });
    const error = new TypeError('x is undefined');
    const event = new ErrorEvent('error', {
      message: 'TypeError: x is undefined',
      error,
      filename: 'http://localhost/assets/app.js',
      lineno: 3,
      colno: 7,
    });
    window.dispatchEvent(event);
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'TypeError: x is undefined',
        error,
        filename: 'http://localhost/assets/app.js',
        lineno: 3,
        colno: 7,
      }),
    );
    const [sent, ...more] = bodies();
    expect(more).toEqual([]);
    expect(sent!.url).toBe('/api/client-errors/');
    expect(sent!.init).toMatchObject({ method: 'POST', keepalive: true });
    expect((sent!.init.headers as Record<string, string>).authorization).toBe('Token tok-123');
    expect(sent!.body).toMatchObject({
      kind: 'error',
      message: 'TypeError: x is undefined',
      source: 'http://localhost/assets/app.js',
      line: 3,
      column: 7,
      page: window.location.pathname,
    });
    expect(sent!.body.stack).toContain('x is undefined');
  });

  it('posts an unhandled rejection anonymously, and at most ten reports per page load', () => {
    for (let i = 0; i < 15; i++) {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: new Error(`failed ${i}`) });
      window.dispatchEvent(event);
    }
    const sent = bodies();
    expect(sent).toHaveLength(10);
    expect(sent[0]!.body).toMatchObject({ kind: 'unhandledrejection', message: 'failed 0' });
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('sends what the app reports through reportError(), with its context', () => {
    reportError(new Error('Error updating timezone'), { timezone: 'Australia/Perth' });
    expect(bodies().map((b) => b.body)).toMatchObject([
      { kind: 'reported', message: 'Error updating timezone {"timezone":"Australia/Perth"}' },
    ]);
  });
});
