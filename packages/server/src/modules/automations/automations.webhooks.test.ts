import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { createWebhookDeliveries } from './webhook-deliveries';

/** Webhooks per Standard Webhooks against a real local HTTP receiver (spec platform §14.3). */
let t: TestApp;
let guarded: TestApp;
let admin: TestUser;
let corporate: TestUser;
let server: http.Server;
let url: string;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
/** What the receiver answers next (then 200). */
const answers: number[] = [];

const base = '/api/automations';
const RETRY_BASE_MS = 3_600_000;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/moved') {
        response.writeHead(307, { location: '/hook' }).end();
        return;
      }
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No poll within the file and a retry an hour away: a retry is due only when a test makes it due, never by the clock.
  t = await createTestApp({ automationPollMs: 3_600_000, webhookAllowPrivate: true, webhookRetryBaseMs: RETRY_BASE_MS });
  admin = await insertUser(t, { superuser: true });
  corporate = await insertUser(t, { userType: 2 });
});
afterAll(async () => {
  await t?.close();
  await guarded?.close();
  await new Promise((resolve) => server.close(resolve));
});

async function createHook(payload: Json, app: TestApp = t, user: TestUser = admin) {
  const response = await app.request({ method: 'POST', url: `${base}/webhooks/`, token: user.token, payload: { name: 'Receiver', ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const flush = async (app: TestApp = t) => {
  await app.app.automationRunner.runner.drain();
  // Twice: the first may join a drain that a wake-up started before the test's last write; the second starts after it.
  await app.app.automationRunner.deliveries.drain();
  await app.app.automationRunner.deliveries.drain();
};
/** A delivery's wait before its next attempt (from the attempt's start), in ms. */
const backoffOf = async (id: string) =>
  Number((await t.database.query<{ ms: string }>(`select extract(epoch from next_attempt_at - at) * 1000 as ms from automation_webhook_delivery where id = $1`, [id]))[0]!.ms);
/** The webhook's pending deliveries made due now, as the clock would after their backoff. */
const makeDue = (hookId: string) => t.database.query(`update automation_webhook_delivery set next_attempt_at = now() where webhook_id = $1 and status = 'PENDING'`, [hookId]);
const deliveries = async (hookId: string) => (await t.request({ method: 'GET', url: `${base}/webhooks/${hookId}/deliveries/`, token: admin.token })).json().results as Json[];

describe('webhook deliveries', () => {
  it('delivers a subscribed event signed per Standard Webhooks (verified by the standardwebhooks library)', async () => {
    received.length = 0;
    const hook = await createHook({ url: `${url}/hook`, events: ['ticket.created'] });
    const ticket = await insertTicket(t, admin, { title: 'Signed' });
    await flush();
    expect(received).toHaveLength(1);
    const [message] = received;
    const verified = new Webhook(hook.secret).verify(message!.body, {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    }) as Json;
    expect(verified).toMatchObject({ type: 'ticket.created', data: { model: 'ticket', id: ticket.id } });
    expect(typeof verified.timestamp).toBe('string');
    // A wrong secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(message!.body, message!.headers as Record<string, string>)).toThrow();
    const [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ event: 'ticket.created', attempt: 1, status_code: 200, response_excerpt: 'thanks' });
    expect(delivery!.duration_ms).toBeGreaterThanOrEqual(0);
    await t.request({ method: 'DELETE', url: `${base}/webhooks/${hook.id}/`, token: admin.token });
  });

  it('retries a non-2xx answer with exponential backoff, then succeeds; redelivery sends the same message again', async () => {
    received.length = 0;
    const hook = await createHook({ url: `${url}/moved`, events: ['ticket.created'] });
    answers.push(503, 503);
    await insertTicket(t, admin, { title: 'Retried' });
    await flush();
    expect(received).toHaveLength(1);
    let [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ attempt: 1, status_code: 503, response_excerpt: 'try later' });
    // The next attempt one base later, the one after two: [base, 2 base) and [2 base, 4 base) after each attempt's start.
    expect(await backoffOf(delivery!.id)).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(await backoffOf(delivery!.id)).toBeLessThan(2 * RETRY_BASE_MS);
    // Not due yet: a drain sends nothing.
    await flush();
    expect(received).toHaveLength(1);
    await makeDue(hook.id);
    await flush();
    [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ attempt: 2, status_code: 503 });
    expect(await backoffOf(delivery!.id)).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
    expect(await backoffOf(delivery!.id)).toBeLessThan(4 * RETRY_BASE_MS);
    await makeDue(hook.id);
    await flush();
    [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ attempt: 3, status_code: 200 });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([received[0]!.headers['webhook-id']]));
    // Redelivery.
    const again = await t.request({ method: 'POST', url: `${base}/webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver/`, token: admin.token });
    expect(again.statusCode, again.body).toBe(202);
    await flush();
    expect(received).toHaveLength(4);
    expect(received[3]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect((await t.request({ method: 'POST', url: `${base}/webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver/`, token: corporate.token })).statusCode).toBe(403);
    await t.request({ method: 'DELETE', url: `${base}/webhooks/${hook.id}/`, token: admin.token });
  });

  it('a rule calls a webhook as its action', async () => {
    received.length = 0;
    const hook = await createHook({ url: `${url}/hook`, events: [] });
    const rule = await t.request({
      method: 'POST',
      url: `${base}/rules/`,
      token: admin.token,
      payload: { name: 'Call out', trigger: { event: 'ticket.created', model: null, cron: null, timezone: null }, conditions: { title: 'Call out' }, actions: [{ type: 'webhook', webhook: hook.id }] },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await insertTicket(t, admin, { title: 'Call out' });
    await flush();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'ticket.created' });
  });

  it('a dry run calls no webhook, writes no mail, changes no ticket', async () => {
    received.length = 0;
    const hook = await createHook({ url: `${url}/hook`, events: [] });
    await insertTicket(t, admin, { title: 'Dry', priority: 'LOW' });
    await flush();
    received.length = 0;
    const count = async (table: string) => ((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`)) as [{ n: number }])[0].n;
    const before = { mail: await count('notifications_email_outbox'), deliveries: await count('automation_webhook_delivery'), runs: await count('automation_run') };
    const tickets = await t.database.query(`select id, priority, title, updated_at from helpdesk_ticket order by id`);
    const response = await t.request({
      method: 'POST',
      url: `${base}/rules/dry-run/`,
      token: admin.token,
      payload: {
        trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
        conditions: { title: 'Dry' },
        actions: [
          { type: 'webhook', webhook: hook.id },
          { type: 'email', to: ['someone@example.com'], subject: 'About {{ticket.number}}', body: '{{record.title}}' },
          { type: 'set_fields', fields: { priority: 'URGENT' } },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().matched).toBe(1);
    expect(response.json().actions.map((a: Json) => a.type)).toEqual(['webhook', 'email', 'set_fields']);
    await flush();
    expect(received).toHaveLength(0);
    expect({ mail: await count('notifications_email_outbox'), deliveries: await count('automation_webhook_delivery'), runs: await count('automation_run') }).toEqual(before);
    expect(await t.database.query(`select id, priority, title, updated_at from helpdesk_ticket order by id`)).toEqual(tickets);
  });

  it('refuses webhook endpoints to callers without the permission', async () => {
    expect((await t.request({ method: 'GET', url: `${base}/webhooks/`, token: corporate.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `${base}/webhooks/`, token: corporate.token, payload: { name: 'x', url: 'https://example.com/' } })).statusCode).toBe(403);
  });
});

describe('the address guard at delivery time', () => {
  it('refuses to call a URL that resolves to a loopback address (WEBHOOK_ALLOW_PRIVATE unset)', async () => {
    guarded = await createTestApp({ automationPollMs: 3_600_000, webhookAllowPrivate: false });
    const owner = await insertUser(guarded, { superuser: true });
    const refused = await guarded.request({ method: 'POST', url: `${base}/webhooks/`, token: owner.token, payload: { name: 'Local', url: `${url}/hook`, events: [] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('url');
    // A row whose host has come to resolve to a private address since it was saved (written directly).
    received.length = 0;
    const [row] = await guarded.database.query<{ id: string }>(
      `insert into automation_webhook (id, name, url, events, secret) values (gen_random_uuid(), 'Stale', $1, '["ticket.created"]'::jsonb, $2) returning id`,
      [`${url}/hook`, `whsec_${Buffer.from('y'.repeat(32)).toString('base64')}`],
    );
    await insertTicket(guarded, owner, { title: 'Guarded' });
    await flush(guarded);
    expect(received).toHaveLength(0);
    const list = (await guarded.request({ method: 'GET', url: `${base}/webhooks/${row!.id}/deliveries/`, token: owner.token })).json().results as Json[];
    expect(list[0]).toMatchObject({ attempt: 1, status_code: null });
    expect(list[0]!.response_excerpt).toMatch(/^Refused: .*loopback/);
  });
});

describe('DNS rebinding', () => {
  it('connects to the address it checked: a host answering public to the check and loopback afterwards never reaches loopback', async () => {
    const port = (server.address() as AddressInfo).port;
    // A DNS-ish seam: the first answer is a public address, every later one 127.0.0.1 (where the receiver listens).
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: asked.length === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    };
    const [row] = await t.database.query<{ id: string }>(
      `insert into automation_webhook (id, name, url, events, secret) values (gen_random_uuid(), 'Rebinding', $1, '[]'::jsonb, $2) returning id`,
      [`http://rebind.example.test:${port}/rebound`, `whsec_${Buffer.from('z'.repeat(32)).toString('base64')}`],
    );
    const deliveries = createWebhookDeliveries({ db: t.database.db, allowPrivate: false, resolve, timeoutMs: 500, retryBaseMs: 3_600_000, log: () => undefined });
    expect(await deliveries.queue.enqueue(row!.id, 'ticket.created', { id: 'x' })).toBe(true);
    received.length = 0;
    await deliveries.drainOnce();
    expect(received.filter((r) => r.path === '/rebound')).toHaveLength(0);
    // Resolved once for the attempt: the connection used the checked (public) address, not a second answer.
    expect(asked).toEqual(['rebind.example.test']);
    const [delivery] = await t.database.query<{ status_code: number | null; response_excerpt: string }>(`select status_code, response_excerpt from automation_webhook_delivery where webhook_id = $1`, [row!.id]);
    expect(delivery!.status_code).toBeNull();
    expect(delivery!.response_excerpt).not.toMatch(/^Refused/);
  });
});
