import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { SERVER_ROOT } from './paths';

/**
 * One small pool of worker threads for the CPU-heavy parts of streams that
 * would otherwise stall the event loop: parsing import files and writing
 * XLSX exports (charts and QR codes have their own pool, modules/charts). A
 * task is a conversation over a MessagePort, one batch at a time, so memory
 * stays bounded whatever the file's size. Concurrency is bounded:
 * `TABLE_WORKERS` threads (default: one per core beyond the first, at least
 * one, at most two) each serving up to 4 streams, then a queue of 64.
 * Threads start on first use, run at a lower CPU priority (the event loop is
 * scheduled first) and stop when idle.
 */
let pool: Piscina | undefined;

const THREADS = Math.max(1, Number(process.env.TABLE_WORKERS) || Math.min(2, os.availableParallelism() - 1));
const NICENESS = 10;

/** Whether a file of this folder runs from source (.ts: the worker needs tsx's loader) or built (.js). */
function execArgv(): string[] | undefined {
  const fromSource = path.extname(new URL(import.meta.url).pathname) === '.ts';
  const loadsTs = process.execArgv.some((arg) => arg === 'tsx' || arg.includes('/tsx/'));
  return fromSource && !loadsTs ? [...process.execArgv, '--import', 'tsx'] : undefined;
}

/**
 * The worker module named `name`: from source the .ts beside `importMetaUrl`; built, its own entry
 * point at the top of dist/ (scripts/build-server.mjs), wherever the bundler put the calling code
 * (main.js or a shared chunk under dist/chunks/).
 */
export function workerModule(importMetaUrl: string, name: string): string {
  const ext = path.extname(new URL(importMetaUrl).pathname);
  if (ext === '.ts') return new URL(`./${name}${ext}`, importMetaUrl).href;
  return pathToFileURL(path.join(SERVER_ROOT, 'dist', `${name}.js`)).href;
}

function tablePool(): Piscina {
  pool ??= new Piscina({
    execArgv: execArgv(),
    minThreads: 0,
    maxThreads: THREADS,
    concurrentTasksPerWorker: 4,
    maxQueue: 64,
    idleTimeout: 10_000,
    niceIncrement: NICENESS,
  });
  return pool;
}

/** What a conversation's worker side answers to each request. */
export type WorkerReply<T> = { value: T } | { error: string };

/**
 * Starts `filename`'s default export with `task` plus a `port` and answers a
 * function that sends one request and waits for its reply; requests may be
 * sent before earlier ones are answered. `end()` closes the port and waits
 * for the task.
 */
export function converse<Request, Reply>(filename: string, task: Record<string, unknown>) {
  const { port1, port2 } = new MessageChannel();
  const done = tablePool().run({ ...task, port: port2 }, { filename, transferList: [port2] });
  done.catch(() => undefined);
  let failed: unknown;
  const failure = done.then(
    () => new Error('worker task ended'),
    (error: unknown) => (failed = error),
  );
  // The worker answers in the order it was asked: several requests may be in flight (a pipeline).
  const replies: ((answer: WorkerReply<Reply>) => void)[] = [];
  port1.on('message', (answer: WorkerReply<Reply>) => replies.shift()?.(answer));
  return {
    async ask(request: Request, transferList: ArrayBuffer[] = []): Promise<Reply> {
      if (failed) throw failed;
      const reply = new Promise<WorkerReply<Reply>>((resolve) => replies.push(resolve));
      port1.postMessage(request, transferList);
      const answer = await Promise.race([
        reply,
        failure.then((error) => ({ error: String((error as Error)?.message ?? error) })),
      ]);
      if ('error' in answer) throw new Error(answer.error);
      return answer.value;
    },
    async end(): Promise<void> {
      port1.close();
      await done.catch(() => undefined);
    },
  };
}

/** Worker side: answers each request on `port` with `handle`'s result (or its error), until the port closes. */
export function serve<Request, Reply>(
  port: MessagePort,
  handle: (request: Request) => Promise<{ reply: Reply; transfer?: ArrayBuffer[] }>,
): Promise<void> {
  return new Promise((resolve) => {
    let queue = Promise.resolve();
    port.on('message', (request: Request) => {
      queue = queue.then(async () => {
        try {
          const { reply, transfer } = await handle(request);
          port.postMessage({ value: reply } satisfies WorkerReply<Reply>, transfer ?? []);
        } catch (error) {
          port.postMessage({ error: String((error as Error)?.message ?? error) } satisfies WorkerReply<Reply>);
        }
      });
    });
    port.on('close', () => void queue.then(() => resolve()));
  });
}

/** Conversations the pool has finished (tests: proof that work ran in a worker thread). */
export function tableWorkerTasksCompleted(): number {
  return pool?.completed ?? 0;
}
