import { throttled } from './errors';

/**
 * Requests per address in a fixed window, kept in this process. Windows that
 * ended are swept every window, so the map holds at most the addresses seen
 * in the last two windows.
 */
export function createAddressLimiter(options: { max: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [address, window] of windows) if (now - window.start >= options.windowMs) windows.delete(address);
  }, options.windowMs);
  sweep.unref();
  return {
    /** Counts one request from `address`; throws 429 with Retry-After past the limit (a max of 0 never limits). */
    hit(address: string): void {
      if (options.max <= 0) return;
      const now = Date.now();
      let window = windows.get(address);
      if (!window || now - window.start >= options.windowMs) windows.set(address, (window = { start: now, count: 0 }));
      window.count += 1;
      if (window.count > options.max) throw throttled(Math.max(1, Math.ceil((window.start + options.windowMs - now) / 1000)));
    },
    close: () => clearInterval(sweep),
  };
}
