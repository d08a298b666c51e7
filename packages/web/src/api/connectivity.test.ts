import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { getConnectivity, installConnectivity, markApiReachable, markApiUnreachable } from './connectivity';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  markApiReachable();
  window.dispatchEvent(new Event('online'));
});

describe('connectivity', () => {
  it('takes queries offline while the API does not answer and back online once /healthz answers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    installConnectivity();
    expect(onlineManager.isOnline()).toBe(true);
    markApiUnreachable();
    expect(getConnectivity().apiReachable).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000); // first probe fails
    expect(getConnectivity().apiReachable).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000); // second probe answers
    expect(fetchMock).toHaveBeenCalledWith('/healthz', { cache: 'no-store' });
    expect(getConnectivity().apiReachable).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('follows the browser going offline and online', () => {
    installConnectivity();
    window.dispatchEvent(new Event('offline'));
    expect(getConnectivity().browserOnline).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(getConnectivity().browserOnline).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
