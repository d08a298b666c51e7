import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';
import { logDefaults, prettyLine } from './platform/log-format';

// Issue 38 point 18: one log line per request, and a terminal quiet by default, proved on a real process.
const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server with `env`; `tty` runs it under script(1), so its stdout is a terminal. */
async function startServer(env: Record<string, string>, tty: boolean) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-log-'));
  dirs.push(dataDir);
  const base = { ...process.env };
  delete base.LOG_LEVEL;
  delete base.LOG_FORMAT;
  const command = `${process.execPath} --import tsx src/main.ts`;
  const child = tty
    ? spawn('script', ['-qfec', command, '/dev/null'], { cwd: serverDir, env: { ...base, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', DATA_DIR: dataDir, ...env } })
    : spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { ...base, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 180_000;
  while (!output.includes('Serving API')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { port, output: () => output.replace(/\r/g, ''), stop };
}

async function tenRequests(port: number) {
  for (let i = 0; i < 5; i++) {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/nothing-here/`)).status).toBe(404);
  }
}

describe('request logs', () => {
  it('piped (a log pipeline): one JSON line per request at the default level, with id, method, path, status and time', async () => {
    const server = await startServer({}, false);
    await tenRequests(server.port);
    await server.stop();
    const requestLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number })
      .filter((line) => line.reqId);
    // Every line of a request, not only those naming it: Fastify alone writes two per request.
    expect(requestLines).toHaveLength(10);
    expect(requestLines[0]).toMatchObject({ req: { method: 'GET', url: '/healthz' }, res: { statusCode: 200 } });
    expect(requestLines[1]).toMatchObject({ req: { url: '/api/nothing-here/' }, res: { statusCode: 404 } });
    expect(requestLines.every((line) => typeof line.reqId === 'string' && typeof line.responseTime === 'number')).toBe(true);
  }, 300_000);

  it('in a terminal: quiet by default (the start line is the last line), readable lines at LOG_LEVEL=info', async () => {
    const quiet = await startServer({}, true);
    await tenRequests(quiet.port);
    await quiet.stop();
    const quietText = quiet.output();
    expect(quietText).toContain('Serving API and web app on');
    expect(quietText).not.toMatch(/healthz|nothing-here|^\{/m);

    const chatty = await startServer({ LOG_LEVEL: 'info' }, true);
    await tenRequests(chatty.port);
    // The line of the last request is written once its answer is sent, which can come after the client has read it;
    // stopping script(1) hangs up the terminal at once, so wait for the lines before stopping.
    const requestLine = / INFO {2}GET \/(healthz|api\/nothing-here\/) (200|404) \d+ ms$/;
    await expect.poll(() => chatty.output().split('\n').filter((line) => requestLine.test(line)).length, { timeout: 30_000 }).toBe(10);
    await chatty.stop();
    const lines = chatty.output().split('\n');
    expect(lines.filter((line) => / INFO {2}GET \/healthz 200 \d+ ms$/.test(line))).toHaveLength(5);
    expect(lines.filter((line) => / INFO {2}GET \/api\/nothing-here\/ 404 \d+ ms$/.test(line))).toHaveLength(5);
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
  }, 300_000);
});

describe('log defaults and the readable line', () => {
  it('a terminal gets pretty lines at warn, anything else JSON at info; LOG_FORMAT and LOG_LEVEL override', () => {
    expect(logDefaults({}, true)).toEqual({ logFormat: 'pretty', logLevel: 'warn' });
    expect(logDefaults({}, false)).toEqual({ logFormat: 'json', logLevel: 'info' });
    expect(logDefaults({ LOG_FORMAT: 'json' }, true)).toEqual({ logFormat: 'json', logLevel: 'info' });
    expect(logDefaults({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }, false)).toEqual({ logFormat: 'pretty', logLevel: 'debug' });
  });

  it('prints a record with its extra fields and an error with its stack', () => {
    const at = new Date(2026, 10, 28, 9, 41, 7).getTime();
    expect(prettyLine(JSON.stringify({ level: 40, time: at, pid: 1, hostname: 'h', msg: 'slow sync', connector: 'adp' }))).toBe(
      '09:41:07 WARN  slow sync connector=adp\n',
    );
    expect(prettyLine(JSON.stringify({ level: 50, time: at, msg: 'unhandled error', err: { message: 'boom', stack: 'Error: boom\n    at x' } }))).toBe(
      '09:41:07 ERROR unhandled error\n  Error: boom\n      at x\n',
    );
    expect(prettyLine('not json')).toBe('not json\n');
  });
});
