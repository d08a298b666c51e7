import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { buildAddress, insertClient, insertLegalEntity } from './test/factories/records';
import { richText } from './test/factories/helpdesk';

/**
 * Load on a real listening server (loopback): several connections cycling
 * through reads (client list, search, detail, notification counts, ticket
 * list) and writes (clients with address and contacts, tickets). Bounded in
 * time: LOAD_TEST_SECONDS (10 in the suite; `npm run test:load` runs 60).
 * Proves no 5xx, no connection error, no timeout, and no lost write: every
 * 201 is a row in the database and no row exists without its 201.
 */
const seconds = Number(process.env.LOAD_TEST_SECONDS || 10);
const connections = Number(process.env.LOAD_TEST_CONNECTIONS || 8);

let t: TestApp;
let address: string;
let admin: TestUser;
let legalEntity: string;
const seeded: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: 1000 });
  admin = await insertUser(t, { superuser: true });
  legalEntity = (await insertLegalEntity(t, admin.token)).id;
  for (let i = 0; i < 20; i++)
    seeded.push(
      (await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity, name: `Seeded load client ${i}` })).id,
    );
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

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
      const json = { 'content-type': 'application/json', authorization: `Token ${admin.token}` };
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
        url: address,
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
                  owner: admin.id,
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

      // No lost write: every 201 is a row. No write without its answer, except a request still in flight when the run
      // ended (autocannon stops listening then; at most one per connection): every other row is a 201.
      const clients = await t.database.query<{ id: string; name: string; addresses: number; contacts: number }>(
        `select c.id, c.name, (select count(*)::int from records_address a where a.client_id = c.id) as addresses,
              (select count(*)::int from records_contact k where k.client_id = c.id) as contacts
         from accounts_client c where c.name like $1 || ' client %'`,
        [marker],
      );
      const tickets = await t.database.query<{ id: string; name: string }>(
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
    (seconds + 90) * 1000,
  );
});
