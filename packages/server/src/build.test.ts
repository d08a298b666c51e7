import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

// `npm start` runs the compiled server: everything it reads at run time (PGlite's
// wasm and data files, migrations, Swagger UI's assets) must resolve
// from packages/server/dist as it does from src.
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-built-'));
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the compiled server', () => {
  it('builds with esbuild, migrates the embedded database and serves readiness, the API, and its reference', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
    const dist = path.join(root, 'packages/server/dist');
    expect(fs.existsSync(path.join(dist, 'main.js'))).toBe(true);

    const help = spawnSync(process.execPath, [path.join(dist, 'cli.js'), 'create-user', '--help'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--email <email>');

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
      cwd: os.tmpdir(), // nothing may resolve from the working directory
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'built@example.com',
        ADMIN_PASSWORD: 'Built-admin-1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 240_000;
    while (!output.includes('Serving API')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`compiled server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
    const login = await fetch(`${base}/api/identity/auth/knox/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'built@example.com', password: 'Built-admin-1' }),
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${base}/api/docs/static/swagger-ui-bundle.js`)).status).toBe(200);
    // XLSX is written in a worker thread, which must load from dist/ wherever the export's code was bundled.
    const { token } = (await login.json()) as { token: string };
    const xlsx = await fetch(`${base}/api/accounts/clients/?format=xlsx&select=name`, { headers: { authorization: `Token ${token}` } });
    expect(xlsx.status).toBe(200);
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    // Graceful shutdown is startup.test.ts's subject; here the process only has to go.
    child.kill('SIGTERM');
  }, 300_000);
});
