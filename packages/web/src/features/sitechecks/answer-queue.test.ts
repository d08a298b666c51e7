import { describe, expect, it } from 'vitest';
import { AnswerQueue, formOf, randomId, type AnswerStore, type QueuedAnswer, type SendOutcome } from './answer-queue';

/** A store in memory that records what it was asked, like IndexedDB would keep it. */
function memoryStore(initial: QueuedAnswer[] = []): AnswerStore & { rows: Map<string, QueuedAnswer> } {
  const rows = new Map(initial.map((item) => [item.id, item]));
  return {
    rows,
    all: async () => [...rows.values()],
    put: async (item) => void rows.set(item.id, item),
    delete: async (id) => void rows.delete(id),
  };
}

interface Harness {
  queue: AnswerQueue<string>;
  store: ReturnType<typeof memoryStore>;
  sent: string[];
  timers: { run: () => void; ms: number }[];
  /** What the next sends answer, in order (then 'sent'). */
  outcomes: SendOutcome<string>[];
  /** Whether the network is there (down: every send answers retry). */
  net: { up: boolean };
  owner: { current: string | null };
}

function harness(initial: QueuedAnswer[] = [], send?: (item: QueuedAnswer) => Promise<SendOutcome<string>>): Harness {
  const store = memoryStore(initial);
  const sent: string[] = [];
  const timers: Harness['timers'] = [];
  const outcomes: SendOutcome<string>[] = [];
  const owner = { current: 'u1' as string | null };
  const net = { up: true };
  let id = 0;
  const queue = new AnswerQueue<string>({
    store,
    owner: () => owner.current,
    newId: () => `a${++id}`,
    now: () => 1000,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    retryMs: 100,
    maxRetryMs: 350,
    send:
      send ??
      (async (item) => {
        if (!net.up) return { kind: 'retry', error: "Can't reach the server." };
        const outcome = outcomes.shift() ?? { kind: 'sent', result: `run after ${item.key}` };
        if (outcome.kind === 'sent') sent.push(`${item.key}=${String(item.value)}`);
        return outcome;
      }),
  });
  return { queue, store, sent, timers, outcomes, net, owner };
}

const waiting = (queue: AnswerQueue<string>) => queue.snapshot.map((item) => `${item.key}=${String(item.value)}`);

describe('answer queue', () => {
  it('sends answers one at a time in the order they were given and forgets each once the server took it', async () => {
    const { queue, store, sent } = harness();
    const results: string[] = [];
    queue.on({ sent: (_item, result) => results.push(result) });
    await queue.enqueue({ runId: 'r', key: 'fridge', value: 3 });
    await queue.enqueue({ runId: 'r', key: 'door', value: true });
    await queue.enqueue({ runId: 'r', key: 'smell', value: 'None' });
    await queue.flush();
    expect(sent).toEqual(['fridge=3', 'door=true', 'smell=None']);
    expect(results).toEqual(['run after fridge', 'run after door', 'run after smell']);
    expect(store.rows.size).toBe(0);
    expect(queue.snapshot).toEqual([]);
  });

  it('keeps an answer given offline and every later one, and sends them in order when retried', async () => {
    const { queue, store, sent, timers, net } = harness();
    net.up = false;
    await queue.enqueue({ runId: 'r', key: 'fridge', value: 9 });
    await queue.flush();
    await queue.enqueue({ runId: 'r', key: 'door', value: false });
    await queue.flush();
    expect(sent).toEqual([]);
    expect(waiting(queue)).toEqual(['fridge=9', 'door=false']);
    // Both wait for the connection, the untried one too.
    expect(queue.stalled).toBe(true);
    // Kept on the device, with how often it was tried; the later one waits behind it untried.
    expect([...store.rows.values()].map((item) => [item.key, item.attempts, item.lastError])).toEqual([
      ['fridge', 2, "Can't reach the server."],
      ['door', 0, null],
    ]);
    // One timer at a time (a new round replaces it), the delay doubling.
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200]);
    net.up = true;
    timers.at(-1)!.run();
    await queue.flush();
    expect(sent).toEqual(['fridge=9', 'door=false']);
    expect(store.rows.size).toBe(0);
    expect(queue.stalled).toBe(false);
  });

  it('retries with a doubling delay capped at the ceiling, and from the start again when the connection returns', async () => {
    const { queue, timers, sent, net } = harness();
    net.up = false;
    await queue.enqueue({ runId: 'r', key: 'k', value: 1 });
    await queue.flush();
    for (let i = 0; i < 3; i++) {
      timers.at(-1)!.run();
      await queue.flush();
    }
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200, 350, 350]);
    net.up = true;
    await queue.online();
    expect(sent).toEqual(['k=1']);
    net.up = false;
    await queue.enqueue({ runId: 'r', key: 'k2', value: 2 });
    await queue.flush();
    expect(timers.at(-1)!.ms).toBe(100);
  });

  it('replaces a waiting answer to the same step: only the last one is sent, once', async () => {
    const { queue, store, sent, net } = harness();
    net.up = false;
    await queue.enqueue({ runId: 'r', key: 'fridge', value: 12 });
    await queue.enqueue({ runId: 'r', key: 'door', value: true });
    await queue.enqueue({ runId: 'r', key: 'fridge', value: 4 });
    await queue.flush();
    // The replaced answer is gone from the device; the new one goes after what was given before it.
    expect(waiting(queue)).toEqual(['door=true', 'fridge=4']);
    expect([...store.rows.values()].map((item) => item.key).sort()).toEqual(['door', 'fridge']);
    net.up = true;
    await queue.online();
    expect(sent).toEqual(['door=true', 'fridge=4']);
    // The same step of another run is another answer.
    await queue.enqueue({ runId: 'r2', key: 'door', value: true });
    await queue.flush();
    expect(sent).toEqual(['door=true', 'fridge=4', 'door=true']);
  });

  it('does not drop an answer replaced while the earlier one was on its way', async () => {
    let release!: () => void;
    const sent: string[] = [];
    const h = harness([], async (item) => {
      if (item.value === 1) await new Promise<void>((resolve) => (release = resolve));
      sent.push(`${item.key}=${String(item.value)}`);
      return { kind: 'sent', result: 'ok' };
    });
    void h.queue.enqueue({ runId: 'r', key: 'k', value: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.queue.isSending('a1')).toBe(true);
    await h.queue.enqueue({ runId: 'r', key: 'k', value: 2 });
    release();
    await h.queue.flush();
    await h.queue.flush();
    expect(sent).toEqual(['k=1', 'k=2']);
    expect(h.store.rows.size).toBe(0);
  });

  it('drops an answer the server refuses, tells the page, and goes on with the next', async () => {
    const { queue, store, sent, outcomes } = harness();
    const refused: string[] = [];
    queue.on({ refused: (item, error) => refused.push(`${item.key}: ${error}`) });
    outcomes.push({ kind: 'refused', error: 'This run is DONE and can no longer be changed.' });
    await queue.enqueue({ runId: 'r', key: 'a', value: true });
    await queue.enqueue({ runId: 'r', key: 'b', value: true });
    await queue.flush();
    expect(refused).toEqual(['a: This run is DONE and can no longer be changed.']);
    expect(sent).toEqual(['b=true']);
    expect(store.rows.size).toBe(0);
  });

  it("picks up what an earlier visit left on the device, in order, and sends only the signed-in user's answers", async () => {
    const left = (id: string, owner: string, key: string, seq: number): QueuedAnswer => ({
      id,
      owner,
      runId: 'r',
      key,
      value: true,
      note: '',
      file: null,
      fileName: null,
      seq,
      queuedAt: 0,
      attempts: 1,
      lastError: 'offline',
    });
    const { queue, sent, store, owner } = harness([
      left('x3', 'u1', 'third', 3),
      left('x1', 'u1', 'first', 1),
      left('y', 'u2', 'theirs', 2),
    ]);
    expect((await queue.ready()).map((item) => item.key)).toEqual(['first', 'theirs', 'third']);
    await queue.flush();
    expect(sent).toEqual(['first=true', 'third=true']);
    expect([...store.rows.keys()]).toEqual(['y']);
    owner.current = null;
    await expect(queue.enqueue({ runId: 'r', key: 'k', value: 1 })).rejects.toThrow('Nobody is signed in.');
    // A new answer numbers after everything stored.
    owner.current = 'u2';
    const item = await queue.enqueue({ runId: 'r', key: 'k', value: 1 });
    expect(item.seq).toBe(3);
  });

  it('resends an answer whose response was lost with the idempotency key it was given', async () => {
    const keys: (string | null)[] = [];
    let lose = true;
    const { queue, timers } = harness([], async (item) => {
      keys.push(formOf(item).get('idempotency_key') as string | null);
      if (lose) {
        // The request reached the server, its response did not reach the device.
        lose = false;
        return { kind: 'retry', error: "Can't reach the server." };
      }
      return { kind: 'sent', result: 'run' };
    });
    await queue.enqueue({ runId: 'r', key: 'fridge', value: 3 });
    await queue.flush();
    timers.at(-1)!.run();
    await queue.flush();
    expect(keys).toEqual(['a1', 'a1']);
    expect(queue.snapshot).toEqual([]);
  });

  it('gives answers UUID keys (what the server takes)', () => {
    expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('counts a send that throws as a failure to retry', async () => {
    const h = harness([], async () => {
      throw new Error('boom');
    });
    await h.queue.enqueue({ runId: 'r', key: 'k', value: 1 });
    await h.queue.flush();
    expect(h.queue.snapshot.map((item) => item.lastError)).toEqual(['boom']);
    expect(h.timers).toHaveLength(1);
  });
});
