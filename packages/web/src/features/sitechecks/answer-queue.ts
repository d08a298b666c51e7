/**
 * The device's queue of site check answers (spec platform §14.1, "Web"): every answer goes through
 * it, so one given without a connection is kept (IndexedDB, `answer-store.ts`), shown as waiting,
 * and sent in the order it was given once the connection returns. The logic here knows nothing of
 * the browser: the store, the sending and the clock are handed in, so the unit tests drive it.
 *
 * - Order: items are sent one at a time by `seq` (the order they were given); a failure without an
 *   answer (no network, 5xx, 429) stops the round, keeps that item and every later one, and tries
 *   again later (doubling delay, from `retryMs` up to `maxRetryMs`), or at once on `online`.
 * - Replace: a new answer to a step that still waits replaces the waiting one (the server keeps one
 *   answer per step, so only the last one matters): it is never sent twice, and an answer replaced
 *   while its request was on the way is not removed when that request ends.
 * - Refused (a 4xx other than 408/429): the item leaves the queue and is reported to the listeners
 *   with the server's message (a closed run, a value the step does not take), never retried.
 */

export type AnswerValue = boolean | number | string | null;

export interface QueuedAnswer {
  /** Unique per answer given (its idempotency key on this device). */
  id: string;
  /** Who gave it: only their session sends it. */
  owner: string;
  runId: string;
  key: string;
  value: AnswerValue;
  note: string;
  /** PHOTO and SIGNATURE: the image. */
  file: Blob | null;
  fileName: string | null;
  /** The order answers were given in. */
  seq: number;
  queuedAt: number;
  attempts: number;
  lastError: string | null;
}

export interface AnswerStore {
  all(): Promise<QueuedAnswer[]>;
  put(item: QueuedAnswer): Promise<void>;
  delete(id: string): Promise<void>;
}

/** What sending one item came to. */
export type SendOutcome<R> = { kind: 'sent'; result: R } | { kind: 'retry'; error: string } | { kind: 'refused'; error: string };

export interface QueueEvents<R> {
  /** The server took an answer (its answer: the run as it is now). */
  sent?: (item: QueuedAnswer, result: R) => void;
  /** The server refused an answer for good. */
  refused?: (item: QueuedAnswer, error: string) => void;
}

export interface AnswerQueueOptions<R> {
  store: AnswerStore;
  send: (item: QueuedAnswer) => Promise<SendOutcome<R>>;
  /** The signed-in user (null: nobody, nothing is sent). */
  owner: () => string | null;
  newId?: () => string;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  retryMs?: number;
  maxRetryMs?: number;
}

export interface AnswerInput {
  runId: string;
  key: string;
  value: AnswerValue;
  note?: string;
  file?: Blob | null;
  fileName?: string | null;
}

/** A v4 UUID (the server takes only UUIDs as idempotency keys); `randomUUID` exists only in secure contexts. */
export const randomId = (): string => {
  const c: Crypto & { randomUUID?: () => string } = crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export class AnswerQueue<R = unknown> {
  private items: QueuedAnswer[] | null = null;
  private loading: Promise<QueuedAnswer[]> | null = null;
  private flushing: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private delay: number;
  private readonly listeners = new Set<() => void>();
  private readonly events = new Set<QueueEvents<R>>();
  private readonly sending = new Set<string>();
  private readonly newId: () => string;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: AnswerQueueOptions<R>) {
    this.newId = options.newId ?? randomId;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    this.retryMs = options.retryMs ?? 2_000;
    this.maxRetryMs = options.maxRetryMs ?? 60_000;
    this.delay = this.retryMs;
  }

  private async load(): Promise<QueuedAnswer[]> {
    if (this.items) return this.items;
    this.loading ??= this.options.store.all().then((stored) => {
      this.items ??= stored.sort((a, b) => a.seq - b.seq);
      return this.items;
    });
    return this.loading;
  }

  /** Changes to what waits (for `useSyncExternalStore`). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on(events: QueueEvents<R>): () => void {
    this.events.add(events);
    return () => this.events.delete(events);
  }

  private changed() {
    this.snapshot = this.items ? [...this.items] : [];
    for (const listener of this.listeners) listener();
  }

  /** What waits now, in order (a new array after each change). */
  snapshot: readonly QueuedAnswer[] = [];

  /** Loads what an earlier visit left on the device. */
  async ready(): Promise<readonly QueuedAnswer[]> {
    await this.load();
    this.changed();
    return this.snapshot;
  }

  /** Keeps an answer (replacing a waiting one to the same step) and starts sending. */
  async enqueue(input: AnswerInput): Promise<QueuedAnswer> {
    const owner = this.options.owner();
    if (!owner) throw new Error('Nobody is signed in.');
    const items = await this.load();
    const seq = items.reduce((max, item) => Math.max(max, item.seq), 0) + 1;
    const item: QueuedAnswer = {
      id: this.newId(),
      owner,
      runId: input.runId,
      key: input.key,
      value: input.value,
      note: input.note ?? '',
      file: input.file ?? null,
      fileName: input.fileName ?? null,
      seq,
      queuedAt: this.now(),
      attempts: 0,
      lastError: null,
    };
    const replaced = items.filter((other) => other.runId === item.runId && other.key === item.key && other.owner === owner);
    await this.options.store.put(item);
    for (const old of replaced) await this.options.store.delete(old.id);
    // From the list as it is now: a round may have sent something while the store wrote.
    this.items = [...this.items!.filter((other) => !replaced.some((old) => old.id === other.id)), item];
    this.changed();
    void this.flush();
    return item;
  }

  /** Sends what waits, in order; one round at a time (a call during a round makes one more round). */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    this.flushing = (async () => {
      let stopped = false;
      do {
        this.again = false;
        stopped = await this.round();
        // A round stopped by a failure waits for its timer (or `online`), not for the next call.
      } while (this.again && !stopped);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** The connection is back: send now, from a short delay again. */
  online(): Promise<void> {
    this.delay = this.retryMs;
    return this.flush();
  }

  isSending(id: string): boolean {
    return this.sending.has(id);
  }

  /**
   * Whether the last try failed without an answer (and nothing was sent since): what is queued
   * waits for the connection rather than being on its way.
   */
  stalled = false;

  /** One pass over what waits; true when a failure stopped it. */
  private async round(): Promise<boolean> {
    const owner = this.options.owner();
    if (!owner) return false;
    const items = await this.load();
    for (const item of [...items].sort((a, b) => a.seq - b.seq)) {
      if (item.owner !== owner) continue;
      // Replaced while this round ran: the newer one comes later in the round.
      if (!this.items!.includes(item)) continue;
      this.sending.add(item.id);
      this.changed();
      let outcome: SendOutcome<R>;
      try {
        outcome = await this.options.send(item);
      } catch (error) {
        outcome = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
      } finally {
        this.sending.delete(item.id);
      }
      if (outcome.kind === 'retry') {
        this.stalled = true;
        const kept = { ...item, attempts: item.attempts + 1, lastError: outcome.error };
        if (this.items!.includes(item)) {
          this.items = this.items!.map((other) => (other === item ? kept : other));
          await this.options.store.put(kept);
        }
        this.changed();
        this.scheduleRetry();
        return true;
      }
      this.delay = this.retryMs;
      this.stalled = false;
      // Replaced while on the way: the newer answer stays and is sent after this one.
      if (this.items!.includes(item)) {
        this.items = this.items!.filter((other) => other !== item);
        await this.options.store.delete(item.id);
      }
      this.changed();
      for (const events of this.events) {
        if (outcome.kind === 'sent') events.sent?.(item, outcome.result);
        else events.refused?.(item, outcome.error);
      }
    }
    return false;
  }

  private scheduleRetry() {
    if (this.timer !== null) return;
    const ms = this.delay;
    this.delay = Math.min(this.delay * 2, this.maxRetryMs);
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }
}

/** The multipart body of one answer. */
export function formOf(item: QueuedAnswer): FormData {
  const form = new FormData();
  form.append('key', item.key);
  if (item.value !== null) form.append('value', String(item.value));
  if (item.note) form.append('note', item.note);
  // The key it was given with: a resend after a lost response is not written twice (a field before the file).
  form.append('idempotency_key', item.id);
  if (item.file) form.append('file', item.file, item.fileName ?? 'photo');
  return form;
}
