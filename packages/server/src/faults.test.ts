import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres } from './platform/db';
import { createTestApp } from './test/test-app';
import { insertUser } from './test/factories/users';
import { buildAddress, insertLegalEntity } from './test/factories/records';
import { freePort, killServerProcesses, startServerProcess, tempDataDir, tokenFor } from './test/server-process';
import { withDatabase } from './test/global-setup';

/**
 * Faults, each proved on the real thing: database backends terminated under
 * load (PostgreSQL only), the server killed mid-upload, SIGTERM under load and
 * SIGTERM during a keep-alive response (on the engine under test: PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 * A connector failing midway is proved per provider by the integrations
 * suite (modules/integrations/providers/<provider>/sync.test.ts: "a failure
 * midway leaves the previous data intact and the run marked failed" and its
 * siblings for adp, buylink and dynamics).
 */
const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  const provided = inject('testDb');
  if (provided.engine !== 'postgres' || !databases.length) return;
  const admin = new pg.Client({ connectionString: provided.url });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
});

/**
 * Where a server process keeps its data on the engine under test: a DATA_DIR,
 * and on PostgreSQL a fresh database copied from the migrated template.
 */
async function serverStore(prefix: string): Promise<{ env: Record<string, string>; dataDir: string; databaseUrl?: string }> {
  const dataDir = tempDataDir(prefix);
  dirs.push(dataDir);
  const provided = inject('testDb');
  if (provided.engine !== 'postgres') return { env: { DATA_DIR: dataDir }, dataDir };
  const name = `ops_test_${provided.runId}_proc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: provided.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${provided.template}`);
  } finally {
    await admin.end();
  }
  databases.push(name);
  const databaseUrl = withDatabase(provided.url, name);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, dataDir, databaseUrl };
}

const ADMIN = { ADMIN_EMAIL: 'fault.admin@example.com', ADMIN_PASSWORD: 'Fault-Admin-2026' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('database connections terminated under load (PostgreSQL)', () => {
  it('answers 503 (never 500) while backends are killed, recovers without a restart, and half-applies no write', async () => {
    const t = await createTestApp({ loginFailureLimit: 1000 });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const user = await insertUser(t, { superuser: true });
      const legalEntity = await insertLegalEntity(t, user.token);
      const database = (await t.database.query<{ name: string }>('select current_database() as name'))[0]!.name;
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const marker = `Fault ${randomBytes(3).toString('hex')}`;
      const statuses = new Map<number, number>();
      const created = { brands: [] as string[], clients: [] as string[] };
      let unanswered = 0;
      let counter = 0;

      const call = async (method: string, url: string, body?: unknown) => {
        try {
          const response = await fetch(`${address}${url}`, {
            method,
            headers: { authorization: `Token ${user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          return { status: response.status, body: text };
        } catch {
          unanswered += 1;
          return { status: 0, body: '' };
        }
      };

      // Mixed load: single-row writes (brands), multi-step writes (a client with its address and contacts, one transaction) and reads.
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const n = (counter += 1);
          if (n % 4 === 0) {
            const r = await call('POST', '/api/operations/brands/', { name: `${marker} B${n}`.slice(0, 30) });
            if (r.status === 201) created.brands.push(JSON.parse(r.body).id);
          } else if (n % 4 === 1) {
            const r = await call('POST', '/api/accounts/clients/', {
              name: `${marker} C${n}`,
              account_number: `F-${marker.slice(-6)}-${n}`,
              owner: user.id,
              legal_entity: legalEntity.id,
              address: buildAddress(),
              contacts: [
                { contact_type: 'EMAIL', contact_detail: `c${n}@example.test` },
                { contact_type: 'PHONE', contact_detail: '02 9999 0000' },
              ],
            });
            if (r.status === 201) created.clients.push(JSON.parse(r.body).id);
          } else {
            await call('GET', n % 4 === 2 ? '/api/operations/brands/?limit=20' : '/api/accounts/clients/?limit=20');
          }
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      let terminated = 0;
      for (let round = 0; round < 8; round++) {
        await sleep(250);
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        terminated += killed.rowCount ?? 0;
      }
      await sleep(300);
      stop = true;
      await Promise.all(workers);

      expect(terminated).toBeGreaterThan(0);
      // Requests whose connection died answered 503 (the mapping under the real fault, not a mock).
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      const unexpected = [...statuses].filter(([status]) => ![200, 201, 503].includes(status));
      expect(unexpected, JSON.stringify([...statuses])).toEqual([]);
      expect(unanswered).toBe(0);
      expect(created.brands.length + created.clients.length).toBeGreaterThan(0);

      // Recovered without a restart: every request now succeeds.
      for (let i = 0; i < 10; i++) expect((await call('GET', '/api/operations/brands/?limit=1')).status).toBe(200);
      const after = await call('POST', '/api/operations/brands/', { name: `${marker} after`.slice(0, 30) });
      expect(after.status).toBe(201);

      // Every 201 persisted; a 503 may have committed or not (the connection died around COMMIT), never in part.
      const [counts] = await t.database.query<{ brands: number; clients: number }>(
        `select (select count(*)::int from operations_brand where name like $1 || '%') as brands,
                (select count(*)::int from accounts_client where name like $1 || '%') as clients`,
        [marker],
      );
      const failed503 = statuses.get(503) ?? 0;
      expect(counts!.brands).toBeGreaterThanOrEqual(created.brands.length + 1);
      expect(counts!.clients).toBeGreaterThanOrEqual(created.clients.length);
      expect(counts!.brands + counts!.clients).toBeLessThanOrEqual(
        created.brands.length + 1 + created.clients.length + failed503,
      );
      const persisted = await t.database.query<{ id: string }>('select id from operations_brand where id = any($1::uuid[])', [
        created.brands,
      ]);
      expect(persisted.length).toBe(created.brands.length);
      const partial = await t.database.query<{ id: string; addresses: number; contacts: number }>(
        `select c.id, (select count(*)::int from records_address a where a.client_id = c.id) as addresses,
                (select count(*)::int from records_contact k where k.client_id = c.id) as contacts
           from accounts_client c where c.name like $1 || '%'`,
        [marker],
      );
      expect(partial.filter((c) => c.addresses !== 1 || c.contacts !== 2)).toEqual([]);
    } finally {
      await admin.end();
      await t.close();
    }
  }, 120_000);
});

/** Sends a multipart upload of `size` bytes slowly, so the server is mid-upload for as long as the test needs. */
function slowUpload(baseUrl: string, url: string, token: string, size: number) {
  const boundary = `----kill${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(`${baseUrl}${url}`, {
    method: 'POST',
    headers: {
      authorization: `Token ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const finished = new Promise<string>((resolve) => {
    request.on('error', (error) => resolve(`error: ${error.message}`));
    request.on('response', (response) => resolve(`status ${response.statusCode}`));
  });
  request.write(head);
  let sent = 0;
  const chunk = Buffer.alloc(256 * 1024, 'a');
  const timer = setInterval(() => {
    if (sent >= size || request.destroyed) return clearInterval(timer);
    request.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
    sent += Math.min(chunk.length, size - sent);
  }, 20);
  return { finished, stop: () => clearInterval(timer) };
}

const filesIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

describe('the server killed mid-upload', () => {
  it('leaves no temporary file, orphan file or row after the next start; a row whose file is missing is reported', async () => {
    const store = await serverStore('ops-kill-');
    const dataDir = store.dataDir;
    const env = { ...store.env, MAX_UPLOAD_MB: '200', BODY_LIMIT_MB: '300', ...ADMIN };
    const first = await startServerProcess(env);
    const token = await tokenFor(first.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const form = new FormData();
    form.set('title', 'Kill test');
    form.set('ticket_content', JSON.stringify({ type: 'doc', content: [] }));
    form.set('attachments[0][attachment]', new Blob(['kept file\n'], { type: 'text/plain' }), 'kept.txt');
    const raised = await fetch(`${first.baseUrl}/api/helpdesk/my-tickets/issue/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(raised.status).toBe(201);
    const ticket = ((await raised.json()) as { id: string }).id;
    const uploads = path.join(dataDir, 'uploads');
    const [kept] = filesIn(uploads);
    expect(kept).toBeDefined();

    // Files a crash between storing and committing would leave: one old enough to sweep, one that may still be in flight.
    const ticketDir = path.dirname(kept!);
    const oldOrphan = path.join(ticketDir, `${randomUUID()}.txt`);
    const freshOrphan = path.join(ticketDir, `${randomUUID()}.txt`);
    fs.writeFileSync(oldOrphan, 'orphan');
    fs.writeFileSync(freshOrphan, 'in flight elsewhere');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    fs.utimesSync(oldOrphan, twoHoursAgo, twoHoursAgo);

    // A 150 MB upload, killed once a few megabytes are on disk.
    const upload = slowUpload(first.baseUrl, `/api/helpdesk/my-tickets/${ticket}/attachments/`, token, 150 * 1024 * 1024);
    const tmp = path.join(dataDir, 'tmp');
    const deadline = Date.now() + 30_000;
    while (!filesIn(tmp).some((f) => fs.statSync(f).size > 2 * 1024 * 1024)) {
      if (Date.now() > deadline) throw new Error('the upload never reached the temp folder');
      await sleep(50);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    upload.stop();
    expect(await upload.finished).toMatch(/^error/);
    expect(filesIn(tmp).length).toBe(1);
    // On PostgreSQL other instances may be uploading into a shared temp folder, so the sweep leaves
    // unfinished uploads younger than ORPHAN_GRACE_SECONDS: this restart comes after that.
    if (store.databaseUrl) for (const file of filesIn(tmp)) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);

    const second = await startServerProcess(env);
    expect(second.output()).toContain(
      'attachment sweep: removed 1 unfinished upload(s) and 1 stored file(s) without an attachment',
    );
    expect(filesIn(tmp)).toEqual([]);
    expect(fs.existsSync(oldOrphan)).toBe(false);
    expect(fs.existsSync(freshOrphan)).toBe(true);
    expect(fs.existsSync(kept!)).toBe(true);
    const token2 = await tokenFor(second.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const listed = await fetch(`${second.baseUrl}/api/helpdesk/my-tickets/${ticket}/attachments/`, {
      headers: { authorization: `Token ${token2}` },
    });
    const attachments = (await listed.json()) as { count: number; results: { id: string; attachment: string }[] };
    expect(attachments.count).toBe(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // A row whose file went missing is reported at start-up and answers 404 on download; the row stays.
    fs.rmSync(kept!);
    const third = await startServerProcess(env);
    expect(third.output()).toContain(
      `attachment sweep: 1 attachment(s) have no stored file (restore them from a backup or delete them): ${attachments.results[0]!.id}`,
    );
    const token3 = await tokenFor(third.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const download = await fetch(attachments.results[0]!.attachment.replace(second.baseUrl, third.baseUrl), {
      headers: { authorization: `Token ${token3}` },
    });
    expect(download.status).toBe(404);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);
});

interface Outcome {
  kind: 'read' | 'write';
  name?: string;
  /** Status of a complete response; undefined when the connection failed before any response. */
  status?: number;
  error?: string;
  /** The response started but did not finish. */
  cutMidResponse?: boolean;
  endedAt?: number;
}

function request(baseUrl: string, agent: http.Agent, token: string, kind: 'read' | 'write', name: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = kind === 'write' ? JSON.stringify({ name }) : undefined;
    const req = http.request(`${baseUrl}${kind === 'write' ? '/api/operations/brands/' : '/api/operations/brands/?limit=50'}`, {
      method: kind === 'write' ? 'POST' : 'GET',
      agent,
      headers: {
        authorization: `Token ${token}`,
        ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
      },
    });
    req.on('error', (error) => resolve({ kind, name, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.on('response', (response) => {
      let text = '';
      response.on('data', (d) => (text += d));
      response.on('aborted', () => resolve({ kind, name, status: response.statusCode, cutMidResponse: true }));
      response.on('error', () => resolve({ kind, name, status: response.statusCode, cutMidResponse: true }));
      response.on('end', () => {
        const complete =
          !response.headers['content-length'] || Buffer.byteLength(text) === Number(response.headers['content-length']);
        resolve({ kind, name, status: response.statusCode, cutMidResponse: !complete, endedAt: Date.now() });
      });
    });
    req.end(body);
  });
}

const tally = (results: Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const r of results)
    counts[r.status ? String(r.status) : r.error!] = (counts[r.status ? String(r.status) : r.error!] ?? 0) + 1;
  return counts;
};

describe('SIGTERM under load', () => {
  it('finishes every in-flight request: each one completes or is refused before it starts, and every 201 is stored', async () => {
    const store = await serverStore('ops-term-');
    const server = await startServerProcess({ ...store.env, ...ADMIN });
    const token = await tokenFor(server.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    const marker = `Term${randomBytes(3).toString('hex')}`;
    const outcomes: Promise<Outcome>[] = [];
    let n = 0;
    const fire = (count: number) => {
      for (let i = 0; i < count; i++) {
        n += 1;
        outcomes.push(request(server.baseUrl, agent, token, n % 3 === 0 ? 'write' : 'read', `${marker} ${n}`));
      }
    };
    // Warm the connections, then keep 120 requests queued on 40 sockets when the signal comes, and more after it.
    fire(40);
    await Promise.all(outcomes.slice());
    fire(120);
    await sleep(30);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    for (let i = 0; i < 5; i++) {
      fire(20);
      await sleep(20);
    }
    const results = await Promise.all(outcomes);
    expect(await server.exited, server.output()).toBe(0);
    agent.destroy();

    expect(results.filter((r) => r.cutMidResponse)).toEqual([]);
    const answered = results.filter((r) => r.status !== undefined);
    expect(answered.filter((r) => r.status! >= 300)).toEqual([]);
    // Refused before starting: connection refused or closed before a byte of response.
    expect(
      results
        .filter((r) => r.status === undefined)
        .every((r) => ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up'].includes(r.error!)),
    ).toBe(true);
    // Requests in flight when the signal came were answered after it, not cut.
    expect(answered.filter((r) => r.endedAt! > signalledAt).length, JSON.stringify(tally(results))).toBeGreaterThanOrEqual(20);

    // Every 201 is stored; a write refused before it started is not.
    const database = store.databaseUrl
      ? openPostgres(store.databaseUrl, 1)
      : await openPglite({ dataDir: path.join(store.dataDir, 'pglite') });
    try {
      const rows = await database.query<{ name: string }>('select name from operations_brand where name like $1', [
        `${marker} %`,
      ]);
      const stored = new Set(rows.map((r) => r.name));
      const writes = results.filter((r) => r.kind === 'write');
      expect(writes.filter((w) => w.status === 201 && !stored.has(w.name!))).toEqual([]);
      expect(writes.filter((w) => w.status === undefined && stored.has(w.name!))).toEqual([]);
      expect(stored.size).toBe(writes.filter((w) => w.status === 201).length);
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe('SIGTERM while a keep-alive response is under way', () => {
  it('exits 0 once that response ends, without waiting out the keep-alive connection', async () => {
    const store = await serverStore('ops-keepalive-');
    const server = await startServerProcess({ ...store.env, MAX_UPLOAD_MB: '64', BODY_LIMIT_MB: '80', ...ADMIN }, 240_000);
    const token = await tokenFor(server.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    // A file larger than the loopback socket buffers, so its download is still being written when the signal comes.
    const content = Buffer.alloc(48 * 1024 * 1024, 'k');
    const form = new FormData();
    form.set('title', 'Keep-alive');
    form.set('ticket_content', JSON.stringify({ type: 'doc', content: [] }));
    form.set('attachments[0][attachment]', new Blob([content], { type: 'text/plain' }), 'big.txt');
    const raised = await fetch(`${server.baseUrl}/api/helpdesk/my-tickets/issue/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(raised.status).toBe(201);
    const ticket = ((await raised.json()) as { id: string }).id;
    const listed = await fetch(`${server.baseUrl}/api/helpdesk/my-tickets/${ticket}/attachments/`, {
      headers: { authorization: `Token ${token}` },
    });
    const [attachment] = ((await listed.json()) as { results: { attachment: string }[] }).results;

    const agent = new http.Agent({ keepAlive: true });
    const received = await new Promise<number>((resolve, reject) => {
      http
        .get(
          new URL(new URL(attachment!.attachment).pathname, server.baseUrl),
          { agent, headers: { authorization: `Token ${token}` } },
          (response) => {
            // Headers are out (keep-alive, no "Connection: close"); hold the body back while the server starts closing.
            response.pause();
            server.child.kill('SIGTERM');
            let bytes = 0;
            setTimeout(() => {
              response.on('data', (chunk: Buffer) => (bytes += chunk.length));
              response.on('end', () => resolve(bytes));
              response.resume();
            }, 500);
          },
        )
        .on('error', reject);
    });
    expect(received).toBe(content.length);
    // The client keeps its idle keep-alive socket open: the server must close it, not wait for it (forced exit = 1).
    expect(await server.exited, server.output().slice(-3000)).toBe(0);
    agent.destroy();
  }, 420_000);
});

/** initdb and pg_ctl of the newest PostgreSQL installed under /usr/lib/postgresql, if any. */
function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * A private PostgreSQL cluster in a temporary folder on its own port (trust auth, no fsync), so the
 * test may stop and restart the server itself. initdb refuses to run as root: as root, the cluster
 * runs as the `postgres` system user.
 */
class PrivateCluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-pgcluster-'));
  readonly data = path.join(this.dir, 'data');
  constructor(
    readonly bin: string,
    readonly port: number,
  ) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(command: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const file = asRoot ? 'runuser' : path.join(this.bin, command);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(this.bin, command), ...args] : args;
    const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}\n${result.stderr}`);
  }

  init() {
    if (process.getuid?.() === 0) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      fs.chownSync(this.dir, uid, gid);
    }
    this.run('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    this.start();
  }

  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
    this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '60', 'start']);
  }

  stop() {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  remove() {
    if (fs.existsSync(path.join(this.data, 'postmaster.pid'))) {
      try {
        this.stop();
      } catch {
        // Already down.
      }
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

const PG_BIN = postgresBinaries();
if (!PG_BIN) console.warn('faults: no initdb/pg_ctl under /usr/lib/postgresql/*/bin: the private-cluster restart test is skipped');

describe.skipIf(!PG_BIN)('a real PostgreSQL server restarted and stopped under load (private cluster)', () => {
  it('answers 503 (DRF-shaped) during the outage, never hangs, recovers without a restart and half-applies no write', async () => {
    const cluster = new PrivateCluster(PG_BIN!, await freePort());
    try {
      cluster.init();
      const dataDir = tempDataDir('ops-pgrestart-');
      dirs.push(dataDir);
      // Short pool and statement limits, so an outage answers quickly; the client gives up far later (a hang).
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        DB_CONNECT_TIMEOUT_SECONDS: '2',
        DB_STATEMENT_TIMEOUT_SECONDS: '5',
        ...ADMIN,
      });
      const login = await fetch(`${server.baseUrl}/api/identity/auth/knox/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
      });
      const { token, user } = (await login.json()) as { token: string; user: { id: string } };
      const call = async (method: string, url: string, body?: unknown) => {
        try {
          const response = await fetch(`${server.baseUrl}${url}`, {
            method,
            headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
          return { status: response.status, body: await response.text() };
        } catch (error) {
          return { status: 0, body: (error as Error).name };
        }
      };
      const ownerId = user.id;
      const legalEntity = JSON.parse((await call('POST', '/api/base/legal-entities/', { name: 'Restart Entity' })).body) as { id: string };
      expect(legalEntity.id).toBeDefined();

      const marker = `Restart ${randomBytes(3).toString('hex')}`;
      const statuses = new Map<number, number>();
      const badBodies: string[] = [];
      const created: string[] = [];
      let phase = 'before';
      const during = new Map<string, number>();
      let counter = 0;
      let stop = false;
      const record = (r: { status: number; body: string }) => {
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 503) {
          during.set(phase, (during.get(phase) ?? 0) + 1);
          const body = JSON.parse(r.body) as Record<string, unknown>;
          if (Object.keys(body).join() !== 'detail' || typeof body.detail !== 'string') badBodies.push(r.body);
        }
      };
      const worker = async () => {
        while (!stop) {
          const n = (counter += 1);
          if (n % 3 === 0) {
            const r = await call('POST', '/api/accounts/clients/', {
              name: `${marker} C${n}`,
              account_number: `R-${marker.slice(-6)}-${n}`,
              owner: ownerId,
              legal_entity: legalEntity.id,
              address: buildAddress(),
              contacts: [
                { contact_type: 'EMAIL', contact_detail: `r${n}@example.test` },
                { contact_type: 'PHONE', contact_detail: '02 9999 0000' },
              ],
            });
            record(r);
            if (r.status === 201) created.push((JSON.parse(r.body) as { id: string }).id);
          } else {
            record(await call('GET', n % 3 === 1 ? '/api/accounts/clients/?limit=10' : '/api/operations/brands/?limit=10'));
          }
          // Keep the load up without spinning: an outage answers fast.
          await sleep(20);
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      await sleep(500);

      // A restart (fast shutdown: every connection is terminated), then a few seconds fully down.
      phase = 'restart';
      cluster.stop();
      cluster.start();
      await sleep(1_000);
      phase = 'stopped';
      cluster.stop();
      await sleep(1_500);
      const readyWhileDown = await fetch(`${server.baseUrl}/readyz`);
      expect(readyWhileDown.status).toBe(503);
      await sleep(1_500);
      cluster.start();
      phase = 'after';
      // Recovered by itself: ready again, with the same process (no restart).
      let ready = 0;
      for (let i = 0; i < 100 && ready !== 200; i++) {
        ready = (await fetch(`${server.baseUrl}/readyz`)).status;
        if (ready !== 200) await sleep(200);
      }
      expect(ready).toBe(200);
      await sleep(500);
      stop = true;
      await Promise.all(workers);
      expect(server.child.exitCode).toBeNull();

      // Nothing hung (status 0: the client gave up or the connection failed), nothing but success or 503.
      expect(statuses.get(0) ?? 0, JSON.stringify([...statuses])).toBe(0);
      expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s)), JSON.stringify([...statuses])).toEqual([]);
      expect(during.get('stopped') ?? 0).toBeGreaterThan(0);
      expect(badBodies).toEqual([]);
      for (let i = 0; i < 10; i++) expect((await call('GET', '/api/accounts/clients/?limit=5')).status).toBe(200);
      const after = await call('POST', '/api/operations/brands/', { name: `${marker} after`.slice(0, 30) });
      expect(after.status).toBe(201);

      // Every 201 is stored whole; no client is stored without its address and both contacts.
      const database = openPostgres(cluster.url, 1);
      try {
        const rows = await database.query<{ id: string; addresses: number; contacts: number }>(
          `select c.id, (select count(*)::int from records_address a where a.client_id = c.id) as addresses,
                  (select count(*)::int from records_contact k where k.client_id = c.id) as contacts
             from accounts_client c where c.name like $1 || '%'`,
          [marker],
        );
        const stored = new Set(rows.map((r) => r.id));
        expect(created.filter((id) => !stored.has(id))).toEqual([]);
        expect(rows.filter((r) => r.addresses !== 1 || r.contacts !== 2)).toEqual([]);
      } finally {
        await database.close();
      }
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
    } finally {
      cluster.remove();
    }
  }, 300_000);
});
