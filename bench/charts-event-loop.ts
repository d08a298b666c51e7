/**
 * Chart renders against event-loop latency: starts the server on an empty
 * embedded database, keeps `--concurrency` anonymous chart requests in flight
 * (distinct texts, so neither the cache nor the in-flight sharing helps) for
 * `--duration` seconds, and meanwhile asks GET /healthz one request at a
 * time. /healthz does no work, so its latency is the event loop's delay.
 *
 *   npx tsx bench/charts-event-loop.ts [--concurrency 10] [--duration 15] [--size 1000] [--xlsx] [--server packages/server/src/main.ts]
 *
 * `--xlsx` loads the demo data and keeps one XLSX export of the clients list
 * in flight beside the renders (signed in as the bench admin). The server's
 * peak resident memory (VmHWM) is printed at the end.
 *
 * Loopback only; the loops are bounded by the duration and the server is
 * stopped at the end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '10' },
    duration: { type: 'string', default: '15' },
    size: { type: 'string', default: '1000' },
    server: { type: 'string', default: path.join(ROOT, 'packages/server/src/main.ts') },
    xlsx: { type: 'boolean', default: false },
  },
});
const concurrency = Number(values.concurrency);
const durationMs = Number(values.duration) * 1000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 1 });
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function login(port: number): Promise<string> {
  const body = JSON.stringify({ email: 'bench@bench.example', password: 'Bench-admin-2026!' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/identity/auth/knox/login/',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve((JSON.parse(text) as { token: string }).token));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-charts-'));
const server = spawn(process.execPath, ['--import', 'tsx', values.server], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: values.xlsx ? 'true' : 'false',
    LOG_LEVEL: 'warn',
    CHART_ANONYMOUS_LIMIT: '0',
    CHART_CACHE_MB: '0',
    ADMIN_EMAIL: 'bench@bench.example',
    ADMIN_PASSWORD: 'Bench-admin-2026!',
  },
});
try {
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('Serving API') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // One render first, so worker start-up is not in the measurement.
  await get(port, `/api/charts/generate/?cht=qr&chs=${values.size}x${values.size}&chl=warm-up`);

  const until = performance.now() + durationMs;
  const statuses = new Map<number, number>();
  const renderMs: number[] = [];
  let n = 0;
  const renders = Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await get(
        port,
        `/api/charts/generate/?cht=qr&chs=${values.size}x${values.size}&chl=${encodeURIComponent(`https://ops.example.com/cost-center/${n++}-${'x'.repeat(300)}`)}`,
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) renderMs.push(performance.now() - started);
    }
  });
  let exports = 0;
  const exporter = values.xlsx
    ? (async () => {
        const token = await login(port);
        while (performance.now() < until) {
          if ((await get(port, '/api/accounts/clients/?format=xlsx', { authorization: `Token ${token}` })) === 200) exports++;
        }
      })()
    : Promise.resolve();
  const health: number[] = [];
  const probe = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await get(port, '/healthz');
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await Promise.all([...renders, probe, exporter]);
  const peakRss = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];

  health.sort((a, b) => a - b);
  renderMs.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  console.log(
    `charts: ${concurrency} concurrent ${values.size}x${values.size} renders for ${values.duration} s, ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `  renders: ${ok} ok (${(ok / (durationMs / 1000)).toFixed(1)}/s), p50 ${percentile(renderMs, 50).toFixed(0)} ms, p99 ${percentile(renderMs, 99).toFixed(0)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  if (values.xlsx) console.log(`  xlsx exports of the clients list completed: ${exports}`);
  console.log(`  server peak RSS: ${peakRss ? (Number(peakRss) / 1024).toFixed(0) : '?'} MB`);
  console.log(
    `  /healthz: ${health.length} probes, p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
