import { describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, FACTORY_PASSWORD_HASH } from '../test/factories/users';
import { configureHashConcurrency, hashConcurrency, hashLoad, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('runs at most the configured number of scrypt hashes at once and queues the rest, each still correct', async () => {
    expect(hashConcurrency()).toBe(2);
    const passwords = Array.from({ length: 3 }, (_, i) => `Queued-password-${i}`);
    const hashes = passwords.map((password) => hashPassword(password));
    expect(hashLoad()).toEqual({ running: 2, waiting: 1 });
    const encoded = await Promise.all(hashes);
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
    const checks = await Promise.all(encoded.map((hash, i) => Promise.all([verifyPassword(passwords[i]!, hash), verifyPassword(passwords[(i + 1) % 3]!, hash)])));
    expect(checks).toEqual(passwords.map(() => [true, false]));
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  }, 120_000);

  it('runs one hash at a time on the embedded engine (its database shares the memory) and two on PostgreSQL, unless PASSWORD_HASH_CONCURRENCY says', async () => {
    try {
      expect(configureHashConcurrency('pglite', {})).toBe(1);
      const passwords = ['Embedded-queue-1', 'Embedded-queue-2'];
      const hashes = passwords.map((password) => hashPassword(password));
      expect(hashLoad()).toEqual({ running: 1, waiting: 1 });
      const encoded = await Promise.all(hashes);
      expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
      expect(await Promise.all(encoded.map((hash, i) => verifyPassword(passwords[i]!, hash)))).toEqual([true, true]);
      expect(configureHashConcurrency('pglite', { PASSWORD_HASH_CONCURRENCY: '3' })).toBe(3);
      expect(configureHashConcurrency('postgres', { PASSWORD_HASH_CONCURRENCY: '1' })).toBe(1);
      expect(configureHashConcurrency('postgres', { PASSWORD_HASH_CONCURRENCY: 'lots' })).toBe(2);
    } finally {
      configureHashConcurrency('postgres', {});
    }
  }, 120_000);
});

describe('password hash parameters', () => {
  it('hashes with scrypt N=2^16, r=8, p=2 (OWASP guidance: N=2^17 p=1 work in 64 MiB) and marks other parameters for re-hashing', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 65536, r: 8, p: 2 });
    const encoded = await hashPassword('Pinned-params-1');
    expect(encoded).toMatch(/^scrypt\$65536\$8\$2\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{88}$/);
    expect(needsRehash(encoded)).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$c2FsdA==$a2V5')).toBe(true);
    // Hashes of the previous parameters (N=2^17, 128 MiB) verify and move to these at the next sign-in.
    expect(needsRehash('scrypt$131072$8$1$c2FsdA==$a2V5')).toBe(true);
  }, 60_000);

  it('the test factories precomputed hash verifies and has the current parameters', async () => {
    expect(needsRehash(FACTORY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword(FACTORY_PASSWORD, FACTORY_PASSWORD_HASH)).toBe(true);
  }, 60_000);

  it('refuses a stored hash whose parameters would allocate without bound', async () => {
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA==$a2V5')).toBe(false);
  });
});
