import { describe, expect, it } from 'vitest';
import { hashLoad, hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('runs at most the configured number of scrypt hashes at once and queues the rest, each still correct', async () => {
    expect(MAX_CONCURRENT_HASHES).toBe(2);
    const passwords = Array.from({ length: 5 }, (_, i) => `Queued-password-${i}`);
    const hashes = passwords.map((password) => hashPassword(password));
    expect(hashLoad()).toEqual({ running: 2, waiting: 3 });
    const encoded = await Promise.all(hashes);
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
    const checks = await Promise.all(
      encoded.map((hash, i) => Promise.all([verifyPassword(passwords[i]!, hash), verifyPassword(passwords[(i + 1) % 5]!, hash)])),
    );
    expect(checks).toEqual(passwords.map(() => [true, false]));
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
