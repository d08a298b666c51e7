import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('counts requests per route and status, with latency histograms and SQL statements', async () => {
    const user = await insertUser(t);
    await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token });
    await t.request({ method: 'GET', url: '/api/identity/user/' });
    const response = await t.request({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_requests_total{method="GET",route="/api/identity/user/",status="200"} 1');
    expect(response.body).toContain('http_requests_total{method="GET",route="/api/identity/user/",status="401"} 1');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/identity\/user\/"\} 2/);
    expect(Number(/sql_statements_total (\d+)/.exec(response.body)?.[1])).toBeGreaterThan(0);
    expect(response.body).toContain('process_resident_memory_bytes');
  });
});
