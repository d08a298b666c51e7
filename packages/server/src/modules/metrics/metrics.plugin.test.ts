import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';
import { runSync, type Connector } from '../integrations/connector';
import { uuidv7 } from '../../db/ids';

let t: TestApp;
/** The internal listener, as Prometheus would scrape it. */
async function scrape(): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(`${t.app.metricsAddress()}/metrics`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}
beforeAll(async () => {
  t = await createTestApp({ metricsPort: 0 });
});
afterAll(() => t.close());

describe('GET /metrics on the internal listener', () => {
  it('listens on 127.0.0.1 only by default', () => {
    expect(t.app.metricsAddress()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('counts requests per route and status, with latency histograms, SQL statements and process metrics', async () => {
    const user = await insertUser(t);
    await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token });
    await t.request({ method: 'GET', url: '/api/identity/user/' });
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.type).toContain('text/plain');
    expect(response.body).toContain('http_requests_total{method="GET",route="/api/identity/user/",status="200"} 1');
    expect(response.body).toContain('http_requests_total{method="GET",route="/api/identity/user/",status="401"} 1');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/identity\/user\/"\} 2/);
    expect(response.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/identity\/user\/"\} \d+/,
    );
    expect(Number(/sql_statements_total (\d+)/.exec(response.body)?.[1])).toBeGreaterThan(0);
    expect(response.body).toContain('process_resident_memory_bytes');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('answers only GET /metrics', async () => {
    expect((await fetch(`${t.app.metricsAddress()}/api/identity/user/`)).status).toBe(404);
  });
});

describe('GET /metrics on the public port', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN answers only that bearer token', async () => {
    const guarded = await createTestApp({ metricsToken: 'scrape-secret' });
    try {
      expect((await guarded.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await guarded.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-secret!' } }))
          .statusCode,
      ).toBe(401);
      const open = await guarded.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain('# TYPE http_requests_total counter');
      expect(guarded.app.metricsAddress()).toBeUndefined();
    } finally {
      await guarded.close();
    }
  });
});

describe('GET /metrics: jobs and mail', () => {
  it('reports connector runs by connector and outcome, their durations and the last success, read from the run log', async () => {
    const quiet = () => {};
    const succeeding: Connector = { provider: 'buylink', targets: [], async *fetch() {} };
    const failing: Connector = {
      provider: 'adp',
      targets: [],
      // eslint-disable-next-line require-yield
      async *fetch() {
        throw new Error('source down');
      },
    };
    await runSync({ database: t.database, connector: succeeding, trigger: 'cli', log: quiet });
    await runSync({ database: t.database, connector: succeeding, trigger: 'schedule', log: quiet });
    await expect(runSync({ database: t.database, connector: failing, trigger: 'schedule', log: quiet })).rejects.toThrow(
      'source down',
    );
    const [last] = await t.database.query<{ at: number }>(
      `select extract(epoch from max(finished_at))::float8 as at from integration_sync_run where connector = 'buylink' and status = 'succeeded'`,
    );

    const { body } = await scrape();
    expect(body).toContain('# TYPE sync_runs_total counter');
    expect(body).toContain('sync_runs_total{connector="buylink",status="succeeded"} 2');
    expect(body).toContain('sync_runs_total{connector="adp",status="failed"} 1');
    expect(body).not.toContain('sync_runs_total{connector="adp",status="succeeded"}');
    expect(body).toContain('sync_run_duration_seconds_count{connector="buylink",status="succeeded"} 2');
    expect(
      Number(/sync_run_duration_seconds_sum\{connector="adp",status="failed"\} ([\d.e+-]+)/.exec(body)?.[1]),
    ).toBeGreaterThanOrEqual(0);
    expect(body).toContain(`sync_last_success_timestamp_seconds{connector="buylink"} ${last!.at}`);
    expect(body).not.toContain('sync_last_success_timestamp_seconds{connector="adp"}');
  });

  it('reports mail waiting in the outbox by status and the age of the oldest waiting one', async () => {
    for (const [status, minutesAgo] of [
      ['PENDING', 10],
      ['PENDING', 0],
      ['FAILED', 0],
      ['SENT', 30],
    ] as const) {
      await t.database.query(
        `insert into notifications_email_outbox (id, to_address, subject, body, status, created_at)
         values ($1, 'someone@example.test', 'Subject', 'Body', $2, now() - make_interval(mins => $3))`,
        [uuidv7(), status, minutesAgo],
      );
    }
    const { body } = await scrape();
    expect(body).toContain('mail_outbox_messages{status="PENDING"} 2');
    expect(body).toContain('mail_outbox_messages{status="FAILED"} 1');
    const age = Number(/mail_outbox_oldest_pending_age_seconds ([\d.e+-]+)/.exec(body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(3600);
  });
});
