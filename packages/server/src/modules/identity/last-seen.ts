import type { MfaRepository, CredentialKind } from './mfa.repository';

/** A credential's last use is written at most this often (per credential and instance). */
export const LAST_SEEN_EVERY_MS = 60_000;

interface Seen {
  kind: CredentialKind;
  digest: string;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Where and when each session and token was last used (the sessions page), written cheaply: a
 * request only notes its credential in memory, at most once a minute per credential; a timer
 * writes the notes in one statement per kind, outside every request (no request pays for it).
 */
export function createLastSeenWriter(mfa: Pick<MfaRepository, 'touchCredentials'>, options: { flushEveryMs?: number; log?: { warn(obj: object, msg: string): void } } = {}) {
  const noted = new Map<string, number>();
  let pending = new Map<string, Seen>();
  const flushEvery = options.flushEveryMs ?? 15_000;

  async function flush() {
    if (!pending.size) return;
    const batch = [...pending.values()];
    pending = new Map();
    for (const kind of ['session', 'token'] as const) {
      const rows = batch.filter((s) => s.kind === kind);
      if (rows.length) await mfa.touchCredentials(kind, rows).catch((error: unknown) => options.log?.warn({ err: error }, 'last-seen write failed'));
    }
  }

  const timer = setInterval(() => void flush(), flushEvery);
  timer.unref();

  return {
    /** Notes a use of the credential (kept when the last note is older than a minute). */
    seen(kind: CredentialKind, digest: string, client: { address: string; userAgent?: string | null }) {
      const key = `${kind}:${digest}`;
      const now = Date.now();
      const last = noted.get(key);
      if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
      noted.set(key, now);
      if (noted.size > 50_000) noted.clear();
      pending.set(key, { kind, digest, at: new Date(now), ip: client.address, userAgent: client.userAgent ?? null });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type LastSeenWriter = ReturnType<typeof createLastSeenWriter>;
