/**
 * `npm run bench:web -- [--runs 5] [--cpu 1] [--dist packages/web/dist[,other-build]] [--labels a,b]
 *                       [--build] [--quiet 5] [--user corporate.user@demo.example] [--out bench/results/web-latest.json]
 *                       [--profile DIR]`
 *
 * Lighthouse-style page-load metrics of the web app in headless chromium:
 * a fresh embedded database with the demo data, the real server serving a
 * production web build, then for each run a new browser context (cold HTTP
 * cache) that opens the sign-in page signed out, and one that opens the
 * clients list (/clients) signed in (the session is made once through the
 * sign-in form and handed to each context). Read through the Performance APIs
 * and the DevTools protocol:
 *
 * - FCP: the `first-contentful-paint` paint entry;
 * - LCP: the last `largest-contentful-paint` entry (buffered PerformanceObserver);
 * - rows: when the data grid's first row of data (not a loading skeleton) is in the DOM;
 * - TBT: long tasks (`longtask` entries, over 50 ms) after FCP and up to the
 *   end of the last one before a quiet window of `--quiet` seconds with no long
 *   task (our TTI), each counting its time over 50 ms;
 * - JS: script resources loaded and their bytes (the server does not compress);
 * - script ms and JS heap: the DevTools protocol's Performance.getMetrics;
 * - the API waterfall: each `/api/` request's start and end (Resource Timing), and the main chunks', printed for the
 *   run with the median grid-rows time of each build, to see which requests wait for which;
 * - `--cpu N` slows the CPU N times (Emulation.setCPUThrottlingRate, Lighthouse's
 *   mobile preset is 4).
 *
 * Several builds (`--dist a,b`) each get their own server and are measured in
 * turn within every run. Medians of the runs are printed and written to `--out`. Numbers are for
 * comparing builds on one machine (bench/RESULTS.md); tests never time anything.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { createTarget, ROOT, startServer } from './lib/target';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '1' },
    dist: { type: 'string', default: path.join(ROOT, 'packages/web/dist') },
    labels: { type: 'string' },
    build: { type: 'boolean', default: false },
    quiet: { type: 'string', default: '5' },
    user: { type: 'string', default: 'corporate.user@demo.example' },
    password: { type: 'string', default: 'SaltbushDemo-2026' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/web-latest.json') },
    /** A folder: each measured load's page CPU profile (.cpuprofile, Chrome DevTools' format) is written there. */
    profile: { type: 'string' },
  },
});

const runs = Math.max(1, Number(args.runs));
const cpuRate = Math.max(1, Number(args.cpu));
const quietMs = Number(args.quiet) * 1000;
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Sample {
  fcp: number;
  lcp: number;
  rows: number | null;
  tbt: number;
  tti: number;
  longTasks: number;
  jsFiles: number;
  jsKb: number;
  scriptMs: number;
  heapMb: number;
  api: ApiTiming[];
}

interface ApiTiming {
  path: string;
  start: number;
  end: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Runs in the page before any of its scripts: collects paint, LCP and long-task entries, and when grid rows appear. */
const OBSERVERS = `(() => {
  const vitals = { fcp: null, lcp: null, longTasks: [], rows: null };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    if (last) vitals.lcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const rows = new MutationObserver(() => {
    if (document.querySelector('[role="grid"] [role="row"][data-id]')) {
      vitals.rows = performance.now();
      rows.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => rows.observe(document.body, { childList: true, subtree: true }));
})();`;

interface PageVitals {
  fcp: number | null;
  lcp: number | null;
  rows: number | null;
  longTasks: { start: number; duration: number }[];
  now: number;
  js: { count: number; bytes: number };
  api: ApiTiming[];
}

const READ_VITALS =
  `(() => {
    const js = performance.getEntriesByType('resource').filter((entry) => /\\.js(\\?|$)/.test(entry.name));
    const api = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.startsWith('/api/') || /\\/(index|react|AppShell|ListPage|ClientListPage|RecordListPage|client-entity|prefetch-list-view|record-list-sources|session)-[\\w-]{8}\\.js$/.test(entry.name))
      .map((entry) => { const url = new URL(entry.name); return { path: url.pathname + url.search, start: entry.startTime, end: entry.responseEnd }; });
    return { ...window.__vitals, now: performance.now(), api, js: { count: js.length, bytes: js.reduce((sum, entry) => sum + (entry.encodedBodySize || 0), 0) } };
  })()`;

/** TTI: the end of the last long task before `quietMs` without one (FCP when there is none); TBT counts long tasks between FCP and TTI. */
function blockingTime(fcp: number, tasks: { start: number; duration: number }[]): { tbt: number; tti: number } {
  const tti = Math.max(fcp, ...tasks.map((task) => task.start + task.duration));
  let tbt = 0;
  for (const task of tasks) {
    const start = Math.max(task.start, fcp);
    const end = Math.min(task.start + task.duration, tti);
    // A task that started before FCP counts only its part after FCP (as Lighthouse does).
    if (end - start > 50) tbt += end - start - 50;
  }
  return { tbt, tti };
}

async function measure(browser: Browser, url: string, ready: string, contextOptions: BrowserContextOptions): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'Australia/Sydney', ...contextOptions });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    if (args.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'load' });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    if (args.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      fs.mkdirSync(args.profile, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.cpuprofile`;
      fs.writeFileSync(path.join(args.profile, name), JSON.stringify(profile));
    }
    // Wait for a quiet window: no long task for quietMs (30 s at most).
    const deadline = Date.now() + 30_000;
    let vitals: PageVitals;
    for (;;) {
      vitals = (await page.evaluate(READ_VITALS)) as unknown as PageVitals;
      const lastTaskEnd = Math.max(0, ...vitals.longTasks.map((task) => task.start + task.duration));
      if (vitals.fcp !== null && vitals.now - Math.max(lastTaskEnd, vitals.rows ?? 0, vitals.fcp) >= quietMs) break;
      if (Date.now() > deadline) break;
      await page.waitForTimeout(250);
    }
    if (vitals.fcp === null) throw new Error(`${url}: no first-contentful-paint entry`);
    const { tbt, tti } = blockingTime(vitals.fcp, vitals.longTasks);
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
    return {
      fcp: vitals.fcp,
      lcp: vitals.lcp ?? vitals.fcp,
      rows: vitals.rows,
      tbt,
      tti,
      longTasks: vitals.longTasks.length,
      jsFiles: vitals.js.count,
      jsKb: vitals.js.bytes / 1000,
      scriptMs: metric('ScriptDuration') * 1000,
      heapMb: metric('JSHeapUsedSize') / 1e6,
      api: vitals.api,
    };
  } finally {
    await context.close();
  }
}

function summarise(samples: Sample[]) {
  const pick = (key: keyof Sample) => {
    const values = samples.map((sample) => sample[key]).filter((value): value is number => typeof value === 'number');
    return values.length ? Math.round(median(values) * 10) / 10 : null;
  };
  return {
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    rows: pick('rows'),
    tbt: pick('tbt'),
    tti: pick('tti'),
    longTasks: pick('longTasks'),
    jsFiles: pick('jsFiles'),
    jsKb: pick('jsKb'),
    scriptMs: pick('scriptMs'),
    heapMb: pick('heapMb'),
  };
}

interface Build {
  label: string;
  dir: string;
}

async function main() {
  const builds: Build[] = args.dist.split(',').map((dir, index) => ({ dir: path.resolve(dir), label: args.labels?.split(',')[index] ?? path.basename(path.resolve(dir)) }));
  const defaultDist = path.join(ROOT, 'packages/web/dist');
  for (const build of builds) {
    if (!args.build && fs.existsSync(path.join(build.dir, 'index.html'))) continue;
    if (build.dir !== defaultDist) throw new Error(`${build.dir} has no build (--build only builds packages/web/dist)`);
    log('building the web app (npm run build)');
    const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error('web build failed');
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const servers: { build: Build; stop: () => Promise<void>; pages: { name: string; url: string; ready: string; options: BrowserContextOptions }[] }[] = [];
  try {
    for (const build of builds) {
      const target = await createTarget('pglite', 0, { keep: false, reuse: false });
      log(`starting a server with the demo data for ${build.label} (${path.relative(ROOT, build.dir) || build.dir})`);
      const server = await startServer(target, { SEED_DEMO: 'true', WEB_DIST: build.dir });
      servers.push({
        build,
        stop: async () => {
          await server.stop();
          await target.drop();
        },
        pages: [],
      });
      // Sign in once through the form; each measured context starts from that session with an empty HTTP cache.
      const signIn = await browser.newContext({ baseURL: server.baseUrl, timezoneId: 'Australia/Sydney' });
      const page = await signIn.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(args.user);
      await page.getByLabel('Password').fill(args.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
      const storageState = await signIn.storageState();
      await signIn.close();
      servers.at(-1)!.pages = [
        { name: '/login (signed out)', url: `${server.baseUrl}/login`, ready: 'button:has-text("Sign in")', options: {} },
        { name: '/clients (signed in)', url: `${server.baseUrl}/clients`, ready: '[role="grid"] [role="row"][data-id]', options: { storageState } },
      ];
    }
    // One throw-away load of each page warms every server (first queries, file reads).
    for (const server of servers) for (const entry of server.pages) await measure(browser, entry.url, entry.ready, entry.options);
    // Builds are measured in turn within each run, so a change in the machine's load hits them alike.
    const samples = new Map<string, Sample[]>();
    for (let run = 0; run < runs; run++) {
      for (let index = 0; index < servers[0]!.pages.length; index++) {
        for (const server of servers) {
          const entry = server.pages[index]!;
          const sample = await measure(browser, entry.url, entry.ready, entry.options);
          log(`${server.build.label} ${entry.name} run ${run + 1}: FCP ${sample.fcp.toFixed(0)} ms, LCP ${sample.lcp.toFixed(0)} ms, TBT ${sample.tbt.toFixed(0)} ms, JS ${sample.jsFiles} files ${sample.jsKb.toFixed(0)} KB`);
          const key = `${server.build.label}\t${entry.name}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
      }
    }
    const results = [...samples].map(([key, list]) => {
      const [build, page] = key.split('\t') as [string, string];
      return { build, page, ...summarise(list), samples: list };
    });

    log(`\nmedians of ${runs} runs, CPU throttling ${cpuRate}x, quiet window ${quietMs / 1000} s`);
    log('| build | page | FCP ms | LCP ms | grid rows ms | TBT ms | TTI ms | long tasks | JS files | JS KB (uncompressed) | script ms | JS heap MB |');
    log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of [...results].sort((a, b) => a.page.localeCompare(b.page))) {
      log(`| ${r.build} | ${r.page} | ${r.fcp} | ${r.lcp} | ${r.rows ?? '-'} | ${r.tbt} | ${r.tti} | ${r.longTasks} | ${r.jsFiles} | ${r.jsKb} | ${r.scriptMs} | ${r.heapMb} |`);
    }
    for (const r of results) {
      const timed = r.samples.filter((sample) => sample.rows !== null).sort((a, b) => a.rows! - b.rows!);
      const middle = timed[Math.floor((timed.length - 1) / 2)];
      if (!middle) continue;
      log(`\n${r.build} ${r.page}: API requests of the median run (grid rows at ${middle.rows!.toFixed(0)} ms), start -> end ms`);
      for (const request of [...middle.api].sort((a, b) => a.start - b.start))
        log(`  ${request.start.toFixed(0).padStart(5)} -> ${request.end.toFixed(0).padStart(5)}  ${request.path.slice(0, 110)}`);
    }
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    fs.writeFileSync(args.out, JSON.stringify({ measuredAt: new Date().toISOString(), runs, cpuRate, quietMs, builds, results }, null, 2));
    log(`\nwritten to ${path.relative(ROOT, args.out)}`);
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

await main();
