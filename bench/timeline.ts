/**
 * Timeline latency for one site with ~50,000 events (issue 16) on PostgreSQL, among as many events
 * of other sites. Requests go through the whole Fastify stack (app.inject), one at a time.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/timeline.ts [--requests 200]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/platform/config';
import { openDatabase } from '../packages/server/src/platform/open-database';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
const requests = Number(values.requests);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (a database is created and dropped).');

const name = `bench_timeline_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-timeline-'));
const config = loadConfig({
  dataDir,
  tempDir: path.join(dataDir, 'tmp'),
  uploadsDir: path.join(dataDir, 'uploads'),
  webDist: path.join(dataDir, 'none'),
  logLevel: 'silent',
  databaseUrl: target.toString(),
  exposeSqlCount: true,
});
const database = await openDatabase(config);
const app = await buildApp({ config, database });
await app.ready();

try {
  const identity = identityServiceFor({ config, database });
  const superuser = await identity.createUser({
    email: 'bench@example.com',
    password: 'Bench-password-1',
    firstName: 'Bench',
    lastName: 'Admin',
    userType: 1,
    superuser: true,
    skipPolicy: true,
  });
  const requester = await identity.createUser({
    email: 'site@example.com',
    password: 'Bench-password-1',
    firstName: 'Site',
    lastName: 'Cook',
    userType: 5,
    skipPolicy: true,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/identity/auth/knox/login/',
    payload: { email: 'bench@example.com', password: 'Bench-password-1' },
  });
  const token = login.json().token as string;
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  const started = Date.now();
  await q(
    `insert into base_legal_entity (id, name, abbr) values ('0190d6a0-0000-7000-8000-000000000001', 'Bench Entity', 'BEN')`,
  );
  await q(
    `insert into accounts_client (id, owner_id, account_number, name, legal_entity_id) values ('0190d6a0-0000-7000-8000-000000000002', $1, 'B-1', 'Bench Client', '0190d6a0-0000-7000-8000-000000000001')`,
    [superuser.id],
  );
  // 20 sites: site 0 is measured, the others carry the same volume each would ... scaled down to one more site's worth in all.
  await q(`insert into operations_cost_centre (id, code, name, email, legal_entity_id, client_id)
    select ('0190d6a0-0000-7000-8001-' || lpad(n::text, 12, '0'))::uuid, 'BS' || lpad(n::text, 5, '0'), 'Bench site ' || n, 'site@example.com',
      '0190d6a0-0000-7000-8000-000000000001', '0190d6a0-0000-7000-8000-000000000002' from generate_series(0, 19) n`);
  const site = '0190d6a0-0000-7000-8001-000000000000';
  const code = (n: string) => `'BS' || lpad((${n})::text, 5, '0')`;
  // Each row: site 0 for the first half, sites 1-19 for the second half.
  const siteOf = (n: string, half: number) => `case when ${n} < ${half} then 0 else 1 + ${n} % 19 end`;
  await q(
    `insert into records_allocation (id, user_id, cost_centre_id) values ('0190d6a0-0000-7000-8002-000000000000', $1, $2)`,
    [requester.id, site],
  );
  await q(`insert into dynamics_vend_spend (id, data_area_id, invoice_account, invoice_id, company_name, invoice_posting_date, site_id, main_account, vend_locally_owned, category_description, invoice_amount_incl_gst, line_num)
    select n, 'CCG', 'V' || (((n / 4) * 4) % 50), 'INV-' || (n / 4), 'Supplier ' || (n % 50), date '2026-11-01' - (n / 40), ${code(siteOf('n', 20000))}, '5100', false, 'Produce', 10 + n % 500, n % 4
    from generate_series(0, 39999) n`);
  await q(`insert into dynamics_vend_invoice_jour (id, invoice_account, vendor_name, invoice_id, invoice_date, invoice_amount, invoice_amount_mst, sales_balance, sum_line_disc, sum_tax, data_area_id, cash_disc, qty)
    select k, 'V' || ((k * 4) % 50), 'Supplier', 'INV-' || k, date '2026-11-01' - (k / 10), 100, 100, 0, 0, 9, 'CCG', 0, 1 from generate_series(0, 9999) k`);
  await q(`insert into buylink_invoice_header (id, type, invoice_date, invoice_number, cost_centre_code, supplier_name, total_amount_inc_tax, total_gst, freight_gst, freight_fee_inc_tax, status)
    select n, 'IN', date '2026-11-01' - (n / 20), 'BL-' || n, ${code(siteOf('n', 10000))}, 'Paper', 50, 5, 0, 0, 'APPROVED' from generate_series(0, 19999) n`);
  await q(
    `insert into audit_log (id, model, record_id, action, user_id, at, changes)
    select ('0190d6a0-0000-7000-8003-' || lpad(n::text, 12, '0'))::uuid, 'costcentre', ('0190d6a0-0000-7000-8001-' || lpad((${siteOf('n', 5000)})::text, 12, '0'))::uuid,
      'update', $1, timestamptz '2026-11-01' - make_interval(mins => n * 7), '{"notes": ["a", "b"]}'::jsonb from generate_series(0, 9999) n`,
    [superuser.id],
  );
  await q(`insert into adp_employee (id, emp_code, comp_id, employee_name, status, cost_centre_code, start_date, termination_date)
    select ('0190d6a0-0000-7000-8004-' || lpad(n::text, 12, '0'))::uuid, 'E' || n, 'CCG', 'Person ' || n, case when n % 5 = 0 then 'Terminated' else 'Active' end,
      ${code(siteOf('n', 5000))}, date '2026-11-01' - (n / 3), case when n % 5 = 0 then date '2026-11-01' - (n / 5) end from generate_series(0, 9999) n`);
  await q(
    `insert into helpdesk_ticket (id, title, ticket_type, requester_id, cost_centre_id, created_at, updated_at)
    select ('0190d6a0-0000-7000-8005-' || lpad(n::text, 12, '0'))::uuid, 'Ticket ' || n, 'ISSUE', case when n < 2500 then $1::uuid else $2::uuid end,
      ('0190d6a0-0000-7000-8001-' || lpad((${siteOf('n', 2500)})::text, 12, '0'))::uuid,
      timestamptz '2026-11-01' - make_interval(mins => n * 13), timestamptz '2026-11-01' from generate_series(0, 4999) n`,
    [requester.id, superuser.id],
  );
  await q(
    `insert into helpdesk_conversation (id, ticket_id, sender_id, message, created_at, updated_at)
    select ('0190d6a0-0000-7000-8006-' || lpad(n::text, 12, '0'))::uuid, ('0190d6a0-0000-7000-8005-' || lpad(n::text, 12, '0'))::uuid, $1,
      '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"On my way."}]}]}'::jsonb,
      timestamptz '2026-11-01' - make_interval(mins => n * 13 - 5), timestamptz '2026-11-01' from generate_series(0, 4999) n`,
    [superuser.id],
  );
  await q('analyze');
  const [events] = await database.query<{ n: number }>(
    `select
    (select count(*) from dynamics_vend_spend where site_id = 'BS00000') + (select count(distinct invoice_id) from dynamics_vend_spend where site_id = 'BS00000')
    + (select count(*) from buylink_invoice_header where cost_centre_code = 'BS00000') + (select count(*) from audit_log where record_id = $1)
    + (select count(*) from adp_employee where cost_centre_code = 'BS00000') + (select count(termination_date) from adp_employee where cost_centre_code = 'BS00000')
    + 2 * 2500 as n`,
    [site],
  );
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${events!.n} events at the measured site`);

  const measure = async (label: string, path: (i: number) => string) => {
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: path(i), headers: { authorization: `Token ${token}` } });
    const times: number[] = [];
    let statements = 0;
    for (let i = 0; i < requests; i++) {
      const t0 = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url: path(i), headers: { authorization: `Token ${token}` } });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (response.statusCode !== 200) throw new Error(`${path(i)}: ${response.statusCode} ${response.body}`);
      statements = Number(response.headers['x-sql-statements'] ?? 0);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${requests} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${statements} |`);
  };
  const base = `/api/operations/cost-centres/${site}/timeline/`;
  const page5 = await (async () => {
    let next = `${base}?limit=25`;
    for (let i = 0; i < 5; i++)
      next = (await app.inject({ method: 'GET', url: next, headers: { authorization: `Token ${token}` } }))
        .json()
        .next.replace(/^https?:\/\/[^/]+/, '');
    return next;
  })();
  console.log('| request | n | p50 ms | p95 ms | p99 ms | SQL/req |\n|---|---:|---:|---:|---:|---:|');
  await measure('site timeline, page 1 (25)', () => `${base}?limit=25`);
  await measure('site timeline, page 6 (cursor)', () => page5);
  await measure('site timeline, invoices only', () => `${base}?kind=invoice`);
  await measure('site timeline, one month', () => `${base}?from=2026-06-01&to=2026-06-30`);
  await measure(
    'client timeline (20 sites), page 1',
    () => `/api/accounts/clients/0190d6a0-0000-7000-8000-000000000002/timeline/?limit=25`,
  );
} finally {
  await app.close();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
