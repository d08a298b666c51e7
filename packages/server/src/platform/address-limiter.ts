import { throttled } from './errors';
import { createRateCounter, type RateCounter } from './shared-rate-limit';

/**
 * Requests per address in a fixed window, counted by `counter`: shared by
 * every instance on PostgreSQL (platform/shared-rate-limit.ts), in this
 * process otherwise (or when no counter is given).
 */
export function createAddressLimiter(options: { max: number; windowMs: number; name?: string; counter?: RateCounter }) {
  const own = options.counter ? undefined : createRateCounter(undefined);
  const counter = options.counter ?? own!;
  const prefix = `${options.name ?? 'address'}:`;
  return {
    /** Counts one request from `address`; throws 429 with Retry-After past the limit (a max of 0 never limits). */
    async hit(address: string): Promise<void> {
      if (options.max <= 0) return;
      const { hits, ttlMs } = await counter.hit(prefix + address, options.windowMs);
      if (hits > options.max) throw throttled(Math.max(1, Math.ceil(ttlMs / 1000)));
    },
    close: () => own?.close(),
  };
}
