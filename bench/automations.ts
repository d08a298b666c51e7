/**
 * Automations under a burst (issue 33): `--tickets` ticket creations (1,000 by default) sent over
 * real HTTP `--concurrency` at a time, first with no active rule, then with `--rules` active rules
 * (20 by default) on ticket.created. Measured per burst: the creations' latency (p50, p95, p99) and,
 * with rules, the time from the burst's end (and start) until every event is DONE, i.e. every run
 * finished. Of the rules, half match every bench ticket and notify the bench user, a tenth also set a
 * field (a ticket.updated event of its own, heard by no rule), the rest match nothing (conditions read,
 * no run). Target: all runs done within 10 s of the burst, p99 within 1.5x of no rules. On PostgreSQL.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/automations.ts [--tickets 1000] [--rules 20] [--concurrency 10]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openBenchApp } from './lib/bench-app';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';

const { values } = parseArgs({
  options: { tickets: { type: 'string', default: '1000' }, rules: { type: 'string', default: '20' }, concurrency: { type: 'string', default: '10' } },
});
const ticketCount = Number(values.tickets);
const ruleCount = Number(values.rules);
const concurrency = Number(values.concurrency);
const { config, database, app, close } = await openBenchApp('bench_automations');
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

try {
  const identity = identityServiceFor({ config, database });
  const password = 'Bench-password-1';
  const superuser = await identity.createUser({ email: 'bench@example.com', password, firstName: 'Bench', lastName: 'Admin', userType: 1, superuser: true, skipPolicy: true });
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  await q(`insert into base_legal_entity (id, name, abbr) values ('0190d6a0-0000-7000-8000-000000000001', 'Bench Entity', 'BEN')`);
  await q(
    `insert into accounts_client (id, owner_id, account_number, name, legal_entity_id) values ('0190d6a0-0000-7000-8000-000000000002', $1, 'B-1', 'Bench Client', '0190d6a0-0000-7000-8000-000000000001')`,
    [superuser.id],
  );
  const site = '0190d6a0-0000-7000-8001-000000000000';
  await q(`insert into operations_cost_centre (id, code, name, email, legal_entity_id, client_id)
    values ($1, 'BS00000', 'Bench site', 'site@example.com', '0190d6a0-0000-7000-8000-000000000001', '0190d6a0-0000-7000-8000-000000000002')`, [site]);
  const login = await fetch(`${address}/api/identity/auth/knox/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.com', password }) });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };

  const ruleIds: string[] = [];
  for (let i = 0; i < ruleCount; i++) {
    const matching = i % 2 === 0;
    const actions: Record<string, unknown>[] = matching ? [{ type: 'notify', to: [superuser.id], message: `Rule ${i}: {{ticket.number}} {{record.title}}` }] : [{ type: 'notify', to: [superuser.id], message: 'Never' }];
    if (i % 10 === 0) actions.push({ type: 'set_fields', fields: { priority: 'HIGH' } });
    const response = await fetch(`${address}/api/automations/rules/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Bench rule ${i}`,
        active: false,
        trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
        conditions: matching ? { title__icontains: 'cool room' } : { title__icontains: `never-${i}` },
        changed: [],
        actions,
      }),
    });
    if (response.status !== 201) throw new Error(`rule: ${response.status} ${await response.text()}`);
    ruleIds.push(((await response.json()) as { id: string }).id);
  }

  /** One burst: `ticketCount` creations, `concurrency` in flight; then waits until the outbox is empty. */
  async function burst(label: string) {
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ticketCount) {
          const n = next++;
          const started = performance.now();
          const created = await fetch(`${address}/api/helpdesk/tickets/`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title: `Cool room door will not close ${label} ${n}`, ticket_type: 'ISSUE', cost_centre: site }),
          });
          latencies.push(performance.now() - started);
          if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
          await created.arrayBuffer();
        }
      }),
    );
    const burstEnd = performance.now();
    for (;;) {
      const [row] = await q<{ n: number }>(`select count(*)::int as n from automation_event where status <> 'DONE'`);
      if (row!.n === 0) break;
      if (performance.now() - burstEnd > 300_000) throw new Error(`${row!.n} events still open 300 s after the burst`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const done = performance.now();
    return { label, burstMs: burstEnd - t0, drainAfterMs: done - burstEnd, totalMs: done - t0, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
  }

  // A warm-up (plans prepared, caches filled) that is not measured.
  const warm = ticketCount;
  await Promise.all(
    Array.from({ length: Math.min(50, warm) }, (_, n) =>
      fetch(`${address}/api/helpdesk/tickets/`, { method: 'POST', headers, body: JSON.stringify({ title: `Warm-up ${n}`, ticket_type: 'ISSUE', cost_centre: site }) }).then((r) => r.arrayBuffer()),
    ),
  );
  const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const loadAtStart = load();
  const without = await burst('without rules');
  await q(`update automation_rule set active = true`);
  const before = await q<{ n: number }>(`select count(*)::int as n from automation_run`);
  const withRules = await burst('with rules');
  const [runs] = await q<{ n: number; failed: number }>(`select count(*)::int as n, count(*) filter (where outcome <> 'SUCCEEDED')::int as failed from automation_run`);
  const [events] = await q<{ n: number }>(`select count(*)::int as n from automation_event`);

  console.log(`${ticketCount} creations, ${concurrency} in flight; ${ruleCount} rules (${Math.ceil(ruleCount / 2)} matching); load average (1, 5, 15 min) at start ${loadAtStart}, at end ${load()}\n`);
  console.log('| burst | creations s | p50 ms | p95 ms | p99 ms | runs done after burst s | burst start to all done s |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const b of [without, withRules])
    console.log(
      `| ${b.label} | ${(b.burstMs / 1000).toFixed(1)} | ${b.p50.toFixed(1)} | ${b.p95.toFixed(1)} | ${b.p99.toFixed(1)} | ${(b.drainAfterMs / 1000).toFixed(2)} | ${(b.totalMs / 1000).toFixed(1)} |`,
    );
  console.log(`\nruns: ${runs!.n - before[0]!.n} new (${runs!.failed} not SUCCEEDED); events in the outbox: ${events!.n}; p99 ratio ${(withRules.p99 / without.p99).toFixed(2)}x`);
} finally {
  await close();
}
