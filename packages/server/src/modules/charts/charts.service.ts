import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import { CHART_DEFAULT_CHLD, CHART_MARGIN_MAX, CHART_SIZE_MAX, CHART_SIZE_MIN, type ChartQuery } from '@ops/contract/charts/charts.schemas';
import type { ChartRequest, RenderRefusal } from './chart-render';
import type { RenderTask } from './chart-render.worker';
import { CHARTS_ERRORS } from './charts.errors';

/** The 400 for a chart the renderer refused to draw. */
const refusal = (refused: RenderRefusal) =>
  refused.code === 'CHL_TOO_LONG' ? CHARTS_ERRORS.error(refused.code, refused.level) : CHARTS_ERRORS.error(refused.code, refused.span);

export function parseChartQuery(query: ChartQuery): ChartRequest {
  if (query.cht === undefined || query.cht === '') throw CHARTS_ERRORS.error('CHT_REQUIRED');
  if (query.cht !== 'qr') throw CHARTS_ERRORS.error('CHT_UNSUPPORTED', query.cht);
  if (query.chs === undefined || query.chs === '') throw CHARTS_ERRORS.error('CHS_REQUIRED');
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(query.chs);
  if (!size) throw CHARTS_ERRORS.error('CHS_FORMAT');
  const width = Number(size[1]);
  const height = Number(size[2]);
  if ([width, height].some((v) => v < CHART_SIZE_MIN || v > CHART_SIZE_MAX)) throw CHARTS_ERRORS.error('CHS_RANGE');
  if (query.chl === undefined || query.chl === '') throw CHARTS_ERRORS.error('CHL_REQUIRED');
  const chld = /^([LMQH])(?:\|(\d{1,2}))?$/.exec(query.chld || CHART_DEFAULT_CHLD);
  if (!chld || Number(chld[2] ?? 1) > CHART_MARGIN_MAX) throw CHARTS_ERRORS.error('CHLD_FORMAT');
  const logo = query.logo && query.logo !== 'none' ? query.logo : null;
  if (logo !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(logo)) throw CHARTS_ERRORS.error('LOGO_NAME');
  if (logo !== null && chld[1] !== 'H') throw CHARTS_ERRORS.error('LOGO_NEEDS_LEVEL_H');
  return {
    width,
    height,
    data: query.chl,
    level: chld[1] as ChartRequest['level'],
    margin: chld[2] === undefined ? 1 : Number(chld[2]),
    logo,
  };
}

/** A least-recently-used map bounded by the total size of its values. */
class ByteLru {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Uint8Array): void {
    if (value.byteLength + key.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.byteLength + key.length;
    }
    this.entries.set(key, value);
    this.bytes += value.byteLength + key.length;
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= evicted.byteLength + oldest.length;
    }
  }
}

export interface ChartsServiceOptions {
  logoDir: string;
  /** Worker threads rendering at once (CHART_WORKERS). */
  workers: number;
  /** Renders waiting for a worker; past it the call answers 503 (CHART_QUEUE). */
  queue: number;
  /** Rendered PNGs kept for identical requests, in bytes (CHART_CACHE_MB; 0 = none). */
  cacheBytes: number;
}

/** Render threads run at a lower CPU priority (Linux), so on a busy machine the event loop is scheduled first. */
const RENDER_NICENESS = 10;

/** The worker module beside this one: .ts when the server runs from source, .js when built. */
function workerFile(): { filename: string; execArgv?: string[] } {
  const ext = path.extname(new URL(import.meta.url).pathname);
  const filename = new URL(`./chart-render.worker${ext}`, import.meta.url).href;
  // From source, a worker needs tsx's loader: `npm start` passes it (inherited), a test runner's process does not.
  const loadsTs = process.execArgv.some((arg) => arg === 'tsx' || arg.includes('/tsx/'));
  return ext === '.ts' && !loadsTs ? { filename, execArgv: [...process.execArgv, '--import', 'tsx'] } : { filename };
}

/**
 * QR charts: the query is checked here, the PNG drawn in a small pool of
 * worker threads so a burst of renders never stalls the event loop. The pool
 * takes `workers` renders at once and queues `queue` more; past that the
 * call answers 503 with Retry-After. Identical requests share one render
 * while it runs and hit a bounded cache after.
 */
export function createChartsService(options: ChartsServiceOptions) {
  const known = new Set<string>();
  const cache = new ByteLru(options.cacheBytes);
  const inFlight = new Map<string, Promise<Uint8Array | { refused: RenderRefusal }>>();
  let pool: Piscina<RenderTask, Uint8Array | { refused: RenderRefusal }> | undefined;

  function checkLogo(name: string) {
    if (known.has(name)) return;
    if (!fs.existsSync(path.join(options.logoDir, `${name}.png`))) throw CHARTS_ERRORS.error('LOGO_UNKNOWN', name);
    known.add(name);
  }

  function render(task: RenderTask): Promise<Uint8Array | { refused: RenderRefusal }> {
    // Threads start on the first chart and stop when idle, so an instance that draws none runs none.
    pool ??= new Piscina({
      ...workerFile(),
      minThreads: 0,
      maxThreads: options.workers,
      niceIncrement: RENDER_NICENESS,
      maxQueue: options.queue,
      idleTimeout: 30_000,
    });
    return pool.run(task).catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Task queue is at limit') throw CHARTS_ERRORS.error('BUSY');
      throw error;
    });
  }

  return {
    /** The PNG for a chart query; 400 for a bad one, 503 when every render slot and queue place is taken. */
    async generate(query: ChartQuery): Promise<Buffer> {
      const request = parseChartQuery(query);
      if (request.logo) checkLogo(request.logo);
      const key = JSON.stringify([request.width, request.height, request.level, request.margin, request.logo, request.data]);
      let png = cache.get(key);
      if (!png) {
        let pending = inFlight.get(key);
        if (!pending) {
          pending = render({ request, logoDir: options.logoDir }).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        const result = await pending;
        if (!(result instanceof Uint8Array)) throw refusal(result.refused);
        cache.set(key, result);
        png = result;
      }
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    /** What the worker pool has done: renders its threads completed, and those threads' ids (none before the first chart). */
    stats(): { workerRenders: number; workerThreadIds: number[] } {
      return { workerRenders: pool?.completed ?? 0, workerThreadIds: pool?.threads.map((thread) => thread.threadId) ?? [] };
    },
    async close(): Promise<void> {
      await pool?.destroy();
    },
  };
}

export type ChartsService = ReturnType<typeof createChartsService>;
