import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import { tooLong } from '@ops/contract/common/errors';

// scrypt is memory-hard and built into Node: no native add-on to compile or download.
// OWASP's password storage guidance lists N=2^17, r=8, p=1 and equivalents trading memory for
// passes; N=2^16, r=8, p=2 is the same CPU work (N x p) in half the memory (64 MiB a hash, not 128:
// two sign-ins at once no longer add 256 MB to the process, issue 20 item 4; docs/decisions.md).
// Hashes made with other parameters still verify and are re-hashed with these at the next
// successful sign-in.
export const SCRYPT_PARAMS = { N: 2 ** 16, r: 8, p: 2 } as const;
const { N, r, p } = SCRYPT_PARAMS;
const KEY_LENGTH = 64;
/** Stored hashes are ours, but a corrupted one must not make a sign-in allocate without bound. */
const MAX_N = 2 ** 20;

/**
 * At most this many hashes at once (each holds 128 * N * r = 64 MiB while it runs): a burst of
 * logins queues here instead of filling libuv's threads with scrypt buffers, which glibc keeps
 * in per-thread arenas after they are freed (RSS 335 MB under the login benchmark with 4).
 * Two keep both cores of the target machine busy, so throughput does not drop. On the embedded
 * engine the database's own memory lives in the same process, so one (`configureHashConcurrency`,
 * issue 37 item 4); PASSWORD_HASH_CONCURRENCY, when set, decides on either engine.
 */
const configured = Number(process.env.PASSWORD_HASH_CONCURRENCY);
let maxConcurrentHashes = configured >= 1 ? Math.floor(configured) : 2;

/** Hashes allowed at once now. */
export function hashConcurrency(): number {
  return maxConcurrentHashes;
}

/** Called once the engine is known: 1 on PGlite, 2 on PostgreSQL, unless PASSWORD_HASH_CONCURRENCY says otherwise. */
export function configureHashConcurrency(engine: 'postgres' | 'pglite', env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.PASSWORD_HASH_CONCURRENCY);
  maxConcurrentHashes = value >= 1 ? Math.floor(value) : engine === 'pglite' ? 1 : 2;
  return maxConcurrentHashes;
}
let running = 0;
let derived = 0;
const waiting: (() => void)[] = [];

/** Hashes running and queued now (for tests and metrics). */
export function hashLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/** How many scrypt derivations this process has started (tests prove a throttled sign-in hashes nothing). */
export function hashesStarted(): number {
  return derived;
}

async function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  derived += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem: 128 * n * rr + 16 * 1024 * 1024 }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  } finally {
    // The slot passes straight to the next waiter (running stays the same), else frees up.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  if (!(Number(n) >= 2 && Number(n) <= MAX_N && Number(rr) >= 1 && Number(rr) <= 32 && Number(pp) >= 1 && Number(pp) <= 16)) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with other parameters than today's (re-hash it at the next sign-in). */
export function needsRehash(encoded: string): boolean {
  return encoded !== '' && !encoded.startsWith(`scrypt$${N}$${r}$${p}$`);
}

/** A hash of a random password: verifying against it costs the same as a real one (no user enumeration by timing). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}

export const PASSWORD_MIN_LENGTH = 8;

/** Returns the reasons a password is refused (empty when acceptable). */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > 128) problems.push(tooLong(128));
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (email && password.toLowerCase() === email.toLowerCase()) problems.push('The password is too similar to the email.');
  return problems;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

export function sha512(value: string): string {
  return createHash('sha512').update(value).digest('hex');
}
