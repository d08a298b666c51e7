import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from './platform/db';
import { withDatabase } from './test/global-setup';
import { buildAddress } from './test/factories/records';
import { richText } from './test/factories/helpdesk';
import { killServerProcesses, startServerProcess, tempDataDir, tokenFor, type ServerProcess } from './test/server-process';

/**
 * Load on the real server process (`src/main.ts` on loopback, its own
 * database of the engine under test) from autocannon in the test process:
 * several connections cycling through reads (client list, search, detail,
 * notification counts, ticket list) and writes (clients with address and
 * contact, tickets). Bounded in time: LOAD_TEST_SECONDS (10 in the suite;
 * `npm run test:load` runs 60). Proves no 5xx, no connection error, no
 * timeout, and no lost write: the server is stopped (SIGTERM finishes what
 * is in flight), then every 201 is a row and every row of the run a 201.
 */
const seconds = Number(process.env.LOAD_TEST_SECONDS || 10);
const connections = Number(process.env.LOAD_TEST_CONNECTIONS || 8);
const ADMIN = { ADMIN_EMAIL: 'load.admin@example.com', ADMIN_PASSWORD: 'Load-Admin-2026' };

let server: ServerProcess;
let token: string;
let adminId: string;
let legalEntity: string;
const seeded: string[] = [];
const dataDir = tempDataDir('ops-load-');
const provided = inject('testDb');
const pgName = provided.engine === 'postgres' ? `ops_test_${provided.runId}_load_${randomBytes(3).toString('hex')}` : undefined;

/** Runs SQL on the server's database once the server has stopped. */
async function queryStopped<T>(text: string, params: unknown[]): Promise<T[]> {
  if (provided.engine === 'postgres') {
    const client = new pg.Client({ connectionString: withDatabase(provided.url, pgName!) });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await database.query<T>(text, params);
  } finally {
    await database.close();
  }
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  if (provided.engine === 'postgres') {
    const admin = new pg.Client({ connectionString: provided.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName} TEMPLATE ${provided.template}`).finally(() => admin.end());
  }
  server = await startServerProcess({
    DATA_DIR: dataDir,
    ...(pgName && provided.engine === 'postgres' ? { DATABASE_URL: withDatabase(provided.url, pgName) } : { DATABASE_URL: '' }),
    ...ADMIN,
  });
  token = await tokenFor(server.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  adminId = (await call<{ id: string }>('GET', '/api/identity/user/')).id;
  legalEntity = (await call<{ id: string }>('POST', '/api/base/legal-entities/', { name: 'Load Entity', abbr: 'LOAD' })).id;
  for (let i = 0; i < 20; i++) {
    const client = await call<{ id: string }>('POST', '/api/accounts/clients/', {
      name: `Seeded load client ${i}`,
      account_number: `SEED-${i}`,
      owner: adminId,
      legal_entity: legalEntity,
    });
    seeded.push(client.id);
  }
}, 120_000);
afterAll(async () => {
  killServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgName && provided.engine === 'postgres') {
    const admin = new pg.Client({ connectionString: provided.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`).finally(() => admin.end());
  }
});

describe('mixed reads and writes under load', () => {
  it(
    `answers every request of a ${seconds} s run without a 5xx, error or timeout, and loses no write`,
    async () => {
      const marker = `Load${randomBytes(4).toString('hex')}`;
      // Per kind: the names sent, and for each 201 the id it answered with (keyed by name).
      const writes = {
        clients: { sent: new Set<string>(), created: new Map<string, string>() },
        tickets: { sent: new Set<string>(), created: new Map<string, string>() },
      };
      const statuses = new Map<number, number>();
      let n = 0;
      const json = { 'content-type': 'application/json', authorization: `Token ${token}` };
      const read = (path: string | (() => string)): autocannon.Request => ({
        method: 'GET',
        path: typeof path === 'string' ? path : '/',
        headers: json,
        ...(typeof path === 'function' ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }) } : {}),
      });
      // autocannon's context is per connection, and a connection has one request in flight: it carries the name to the answer.
      const send = (kind: keyof typeof writes, context: object, name: string) => {
        writes[kind].sent.add(name);
        (context as { name?: string }).name = name;
        return name;
      };
      const onCreated = (kind: keyof typeof writes) => (status: number, body: string, context: object) => {
        if (status === 201)
          writes[kind].created.set(String((context as { name?: string }).name), (JSON.parse(body) as { id: string }).id);
      };

      const result = await autocannon({
        url: server.baseUrl,
        connections,
        duration: seconds,
        timeout: 20,
        requests: [
          read('/api/accounts/clients/?limit=25'),
          read(() => `/api/accounts/clients/${seeded[n % seeded.length]}/`),
          {
            method: 'POST',
            path: '/api/accounts/clients/',
            headers: json,
            setupRequest: (request, context) => {
              n += 1;
              return {
                ...request,
                body: JSON.stringify({
                  name: send('clients', context, `${marker} client ${n}`),
                  account_number: `${marker}-${n}`,
                  owner: adminId,
                  legal_entity: legalEntity,
                  address: buildAddress(),
                  contacts: [{ contact_type: 'EMAIL', contact_detail: `load${n}@example.test` }],
                }),
              };
            },
            onResponse: onCreated('clients'),
          },
          read('/api/notifications/counts/'),
          read(() => `/api/accounts/clients/?limit=10&search=${encodeURIComponent(marker)}`),
          {
            method: 'POST',
            path: '/api/helpdesk/tickets/',
            headers: json,
            setupRequest: (request, context) => {
              n += 1;
              return {
                ...request,
                body: JSON.stringify({
                  title: send('tickets', context, `${marker} ticket ${n}`),
                  ticket_type: 'INCIDENT',
                  ticket_content: richText('Raised under load.'),
                }),
              };
            },
            onResponse: onCreated('tickets'),
          },
          read('/api/helpdesk/tickets/?limit=25'),
        ],
      });
      for (const [status, count] of Object.entries(result.statusCodeStats ?? {})) statuses.set(Number(status), count.count ?? 0);
      console.info(
        `load: ${result.requests.total} requests in ${seconds} s (${result.requests.average}/s) on ${connections} connections; ` +
          `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; created ${writes.clients.created.size} clients, ${writes.tickets.created.size} tickets`,
      );

      expect(result.requests.total).toBeGreaterThan(0);
      expect({ errors: result.errors, timeouts: result.timeouts, resets: result.resets, '5xx': result['5xx'] }).toEqual({
        errors: 0,
        timeouts: 0,
        resets: 0,
        '5xx': 0,
      });
      // The script sends only valid requests, so anything but 200/201 is a fault too.
      expect(
        [...statuses.keys()].filter((status) => status !== 200 && status !== 201),
        JSON.stringify([...statuses]),
      ).toEqual([]);
      expect(writes.clients.created.size).toBeGreaterThan(0);
      expect(writes.tickets.created.size).toBeGreaterThan(0);

      // Stop the server: SIGTERM finishes what is in flight, so the database is final.
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);

      // No lost write: every 201 is a row. No write without its answer, except a request still in flight when the run
      // ended (autocannon stops listening then; at most one per connection): every other row is a 201.
      const clients = await queryStopped<{ id: string; name: string; addresses: number; contacts: number }>(
        `select c.id, c.name, (select count(*)::int from records_address a where a.client_id = c.id) as addresses,
              (select count(*)::int from records_contact k where k.client_id = c.id) as contacts
         from accounts_client c where c.name like $1 || ' client %'`,
        [marker],
      );
      const tickets = await queryStopped<{ id: string; name: string }>(
        `select id, title as name from helpdesk_ticket where title like $1 || ' ticket %'`,
        [marker],
      );
      for (const [kind, rows] of [
        ['clients', clients],
        ['tickets', tickets],
      ] as const) {
        const { sent, created } = writes[kind];
        const stored = new Map(rows.map((row) => [row.name, row.id]));
        expect(
          [...created].filter(([name, id]) => stored.get(name) !== id),
          `${kind} answered 201 but not stored`,
        ).toEqual([]);
        const unanswered = rows.filter((row) => !created.has(row.name));
        expect(
          unanswered.filter((row) => !sent.has(row.name)),
          `${kind} stored but never sent`,
        ).toEqual([]);
        expect(unanswered.length, `${kind} stored without a 201`).toBeLessThanOrEqual(connections);
      }
      expect(
        clients.filter((c) => c.addresses !== 1 || c.contacts !== 1),
        'clients written in part',
      ).toEqual([]);
    },
    (seconds + 120) * 1000,
  );
});
