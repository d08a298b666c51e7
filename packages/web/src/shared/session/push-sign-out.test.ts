import { afterEach, describe, expect, it, vi } from 'vitest';
import { endPushOnSignOut } from './push-sign-out';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function browserWith(endpoint: string | null) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = endpoint ? { endpoint, unsubscribe } : null;
  const navigator = { serviceWorker: { getRegistration: vi.fn(async () => ({ pushManager: { getSubscription: async () => subscription } })) } } as unknown as Navigator;
  return { navigator, unsubscribe };
}

describe('signing out ends push on this browser', () => {
  it("removes this browser's subscription on the server, then in the browser", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
        if ((init?.method ?? 'GET') === 'GET')
          return json([
            { id: '0190d0b4-0000-7000-8000-0000000000a1', endpoint: 'https://push.example/other', created_at: '2026-01-01T00:00:00Z' },
            { id: '0190d0b4-0000-7000-8000-0000000000b2', endpoint: 'https://push.example/mine', created_at: '2026-01-01T00:00:00Z' },
          ]);
        return json(null, 204);
      }),
    );
    const browser = browserWith('https://push.example/mine');
    await endPushOnSignOut({ navigator: browser.navigator });
    expect(calls).toEqual(['GET /api/notifications/push/subscriptions/', 'DELETE /api/notifications/push/subscriptions/0190d0b4-0000-7000-8000-0000000000b2/']);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('asks nothing when this browser has no subscription or no service workers', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await endPushOnSignOut({ navigator: browserWith(null).navigator });
    await endPushOnSignOut({ navigator: {} as Navigator });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops the browser subscription even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ detail: 'Down' }, 503)));
    const browser = browserWith('https://push.example/mine');
    await expect(endPushOnSignOut({ navigator: browser.navigator })).rejects.toBeTruthy();
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });
});
