import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { raiseTicket } from '../../test/factories/helpdesk';

let t: TestApp;
let admin: TestUser;
let employee: TestUser;

const ALWAYS_HOURS = {
  timezone: 'UTC',
  days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])),
};
// 146 working minutes a week: a year of working minutes lies about 69 years ahead.
const SCARCE_HOURS = { timezone: 'UTC', days: { mon: [['02:37', '05:03']] } };

beforeAll(async () => {
  process.env.SLA_SWEEP_CRON = 'off';
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  employee = await insertUser(t, { userType: 6 });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.request({ method, url, token: admin.token, payload: payload as never });

describe('SLA policy targets its business hours cannot reach', () => {
  const body = {
    name: 'Improvement',
    position: 7,
    ticket_type: 'FEEDBACK',
    priority: null,
    industry: null,
    first_response_minutes: 60,
    resolution_minutes: 240,
    business_hours: ALWAYS_HOURS,
    holidays: [],
  };
  const unreachable = { ...body, business_hours: SCARCE_HOURS, first_response_minutes: 289_361, resolution_minutes: 525_600, holidays: ['1904-03-13'] };

  it('are refused with a 400 naming the targets, on create and on a change of a policy with open tickets', async () => {
    const refused = await call('POST', '/api/helpdesk/sla-policies/', unreachable);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json()).sort()).toEqual(['first_response_minutes', 'resolution_minutes']);

    const created = await call('POST', '/api/helpdesk/sla-policies/', body);
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/helpdesk/sla-policies/${created.json().id}/`;
    await raiseTicket(t, employee, { kind: 'feedback' });

    const changed = await call('PUT', url, unreachable);
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().resolution_minutes[0]).toMatch(/within three years/);
    // Nothing of the refused change was kept.
    expect((await call('GET', url)).json()).toMatchObject({ resolution_minutes: 240, business_hours: ALWAYS_HOURS });

    // The largest target the schema allows is fine when the hours give it (a year of round-the-clock time).
    const largest = await call('PUT', url, { ...unreachable, business_hours: ALWAYS_HOURS });
    expect(largest.statusCode, largest.body).toBe(200);
  });
});
