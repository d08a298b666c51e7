/**
 * Site checks' evidence and overview at scale (issue 31) on PostgreSQL: compliance over 1,000 sites
 * and a month of runs, today's card and the report page's runs of a site user, one site's runs
 * exported one row per answer, and the PDF of a site's month (60 runs, 60 photos) with the
 * server's memory around it. Requests go through the whole Fastify stack (app.inject).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sitechecks.ts [--requests 100] [--sites 1000]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PNG } from 'pngjs';
import { openBenchApp } from './lib/bench-app';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';

process.env.SITECHECKS_CRON = 'off';
const { values } = parseArgs({ options: { requests: { type: 'string', default: '100' }, sites: { type: 'string', default: '1000' } } });
const requests = Number(values.requests);
const sites = Number(values.sites);
const { config, database, app, close } = await openBenchApp('bench_sitechecks');

/** A photo-sized PNG (800 x 600, a gradient with noise: about what a phone's PNG screenshot weighs). */
function photoPng(seed: number): Buffer {
  const image = new PNG({ width: 800, height: 600 });
  for (let y = 0; y < 600; y++)
    for (let x = 0; x < 800; x++) {
      const i = (y * 800 + x) * 4;
      image.data.set([(x + seed) % 256, (y * 2) % 256, (x * y + seed * 7) % 256 ^ (Math.random() * 16), 255], i);
    }
  return PNG.sync.write(image, { colorType: 2 });
}
/** A JPEG as the PDF carries it (start, a 1600 x 1200 frame header, 300 KB of scan data): embedded as is, never decoded. */
const photoJpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x04, 0xb0, 0x06, 0x40, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xda]),
    randomBytes(300_000),
    Buffer.from([0xff, 0xd9]),
  ]);

try {
  const identity = identityServiceFor({ config, database });
  const superuser = await identity.createUser({ email: 'bench@example.com', password: 'Bench-password-1', firstName: 'Bench', lastName: 'Admin', userType: 1, superuser: true, skipPolicy: true });
  const siteUser = await identity.createUser({ email: 'site@example.com', password: 'Bench-password-1', firstName: 'Site', lastName: 'Cook', userType: 5, skipPolicy: true });
  const tokenOf = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email, password: 'Bench-password-1' } })).json().token as string;
  const adminToken = await tokenOf('bench@example.com');
  const siteToken = await tokenOf('site@example.com');
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  const started = Date.now();
  await q(`insert into base_legal_entity (id, name, abbr) values ('0190d6a0-0000-7000-8000-000000000001', 'Bench Entity', 'BEN')`);
  await q(
    `insert into accounts_client (id, owner_id, account_number, name, legal_entity_id) values ('0190d6a0-0000-7000-8000-000000000002', $1, 'B-1', 'Bench Client', '0190d6a0-0000-7000-8000-000000000001')`,
    [superuser.id],
  );
  const siteId = (n: string) => `('0190d6a0-0000-7000-8001-' || lpad((${n})::text, 12, '0'))::uuid`;
  await q(`insert into operations_cost_centre (id, code, name, email, legal_entity_id, client_id)
    select ${siteId('n')}, 'BS' || lpad(n::text, 5, '0'), 'Bench site ' || n, 'site@example.com',
      '0190d6a0-0000-7000-8000-000000000001', '0190d6a0-0000-7000-8000-000000000002' from generate_series(0, ${sites - 1}) n`);
  // The site user works at sites 0-9.
  await q(`insert into records_allocation (id, user_id, cost_centre_id) select gen_random_uuid(), $1, ${siteId('n')} from generate_series(0, 9) n`, [siteUser.id]);
  const template = '0190d6a0-0000-7000-8010-000000000000';
  const steps = [
    { key: 'fridge', label: 'Fridge temperature', kind: 'NUMBER', required: true, help: '', unit: '°C', min: 0, max: 5, choices: [], fail_choices: [] },
    { key: 'clean', label: 'Bench clean', kind: 'CHECK', required: true, help: '', unit: null, min: null, max: null, choices: [], fail_choices: [] },
    { key: 'photo', label: 'Photo of the bench', kind: 'PHOTO', required: true, help: '', unit: null, min: null, max: null, choices: [], fail_choices: [] },
  ];
  await q(`insert into sitechecks_template (id, name, version) values ($1, 'Kitchen opening', 1)`, [template]);
  await q(`insert into sitechecks_template_version (id, template_id, version, steps) values (gen_random_uuid(), $1, 1, $2::jsonb)`, [template, JSON.stringify(steps)]);
  // Two runs a day for 30 days at every site (before today), outcomes spread; then two due today.
  const day0 = new Date();
  day0.setUTCHours(0, 0, 0, 0);
  await q(
    `insert into sitechecks_run (id, template_id, template_version, cost_centre_id, due_at, closes_at, status, failed_steps, completed_by_id, completed_at)
    select gen_random_uuid(), $1, 1, ${siteId('s')}, $2::timestamptz - make_interval(days => d) + make_interval(hours => 7 + 8 * k),
      $2::timestamptz - make_interval(days => d) + make_interval(hours => 9 + 8 * k),
      case when (s + d + k) % 10 < 7 then 'DONE' when (s + d + k) % 10 < 9 then 'FAILED' else 'MISSED' end,
      case when (s + d + k) % 10 in (7, 8) then '["fridge"]'::jsonb else '[]'::jsonb end,
      case when (s + d + k) % 10 < 9 then $3::uuid end,
      case when (s + d + k) % 10 < 9 then $2::timestamptz - make_interval(days => d) + make_interval(hours => 8 + 8 * k) end
    from generate_series(0, ${sites - 1}) s, generate_series(1, 30) d, generate_series(0, 1) k`,
    [template, day0.toISOString(), siteUser.id],
  );
  await q(
    `insert into sitechecks_run (id, template_id, template_version, cost_centre_id, due_at, closes_at, status)
    select gen_random_uuid(), $1, 1, ${siteId('s')}, now() - interval '10 minutes' + make_interval(hours => 6 * k), now() + interval '110 minutes' + make_interval(hours => 6 * k), 'DUE'
    from generate_series(0, ${sites - 1}) s, generate_series(0, 1) k`,
    [template],
  );
  // The answers of site 0's month: fridge, clean and a photo per run (60 photos, half PNG, half JPEG).
  const measured = '0190d6a0-0000-7000-8001-000000000000';
  const runs = await database.query<{ id: string }>(`select id from sitechecks_run where cost_centre_id = $1 and due_at < $2 order by due_at`, [measured, day0.toISOString()]);
  let photoBytes = 0;
  for (const [i, run] of runs.entries()) {
    const type = i % 2 ? 'jpeg' : 'png';
    const content = type === 'png' ? photoPng(i) : photoJpeg();
    photoBytes += content.length;
    const photoId = `0190d6a0-0000-7000-8020-${String(i).padStart(12, '0')}`;
    const key = `sitechecks/runs/${run.id}/${photoId}.${type === 'png' ? 'png' : 'jpg'}`;
    fs.mkdirSync(path.join(config.uploadsDir, 'sitechecks', 'runs', run.id), { recursive: true });
    fs.writeFileSync(path.join(config.uploadsDir, ...key.split('/')), content);
    await q(
      `insert into sitechecks_answer (id, run_id, key, value, ok, note, photo_id, photo_key, photo_name, photo_type, photo_size, answered_by_id, answered_at)
       select gen_random_uuid(), $1, k, v::jsonb, ok, note, p, pk, pn, pt, ps, $2, now() - interval '1 day'
       from (values ('fridge', '3.5', true, '', null::uuid, null, null, null, null::int),
                    ('clean', 'true', true, 'wiped twice', null, null, null, null, null),
                    ('photo', null, true, '', $3::uuid, $4, 'bench.' || $5, $5, $6::int)) a(k, v, ok, note, p, pk, pn, pt, ps)`,
      [run.id, siteUser.id, photoId, key, type, content.length],
    );
  }
  await q('analyze');
  const [counts] = await database.query<{ runs: number }>(`select count(*)::int as runs from sitechecks_run`);
  console.log(
    `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${sites} sites, ${counts!.runs} runs; site 0: ${runs.length} runs, ${runs.length} photos (${(photoBytes / 1e6).toFixed(1)} MB)`,
  );

  const measure = async (label: string, token: string, path: string, n = requests) => {
    for (let i = 0; i < Math.min(5, n); i++) await app.inject({ method: 'GET', url: path, headers: { authorization: `Token ${token}` } });
    const times: number[] = [];
    let statements = 0;
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const t0 = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url: path, headers: { authorization: `Token ${token}` } });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      statements = Number(response.headers['x-sql-statements'] ?? 0);
      bytes = response.rawPayload.length;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${n} | ${at(0.5)} | ${at(0.95)} | ${statements || '-'} | ${(bytes / 1024).toFixed(0)} |`);
  };
  const month = `from=${new Date(day0.getTime() - 30 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(day0.getTime() - 86_400_000).toISOString().slice(0, 10)}`;
  console.log('| request | n | p50 ms | p95 ms | SQL/req | KiB |\n|---|---:|---:|---:|---:|---:|');
  await measure(`compliance, ${sites} sites, 30 days (admin)`, adminToken, `/api/sitechecks/compliance/?${month}`);
  await measure('compliance, 30 days (site user, 10 sites)', siteToken, `/api/sitechecks/compliance/?${month}`);
  await measure("today's card (site user)", siteToken, '/api/sitechecks/today/');
  await measure("today's card (admin, every site)", adminToken, '/api/sitechecks/today/');
  await measure('report page with runs due now (site user)', siteToken, `/api/helpdesk/report-sites/${measured}/`);
  const filters = encodeURIComponent(JSON.stringify({ cost_centre: measured, due_at__lt: day0.toISOString() }));
  await measure("site 0's month of runs as CSV, a row per answer", siteToken, `/api/sitechecks/runs/?format=csv&filters=${filters}`, Math.min(requests, 20));

  // The PDF: time per document, and the process's memory before and after several in a row.
  const pdfUrl = `/api/operations/cost-centres/${measured}/sitechecks-report/?${month}`;
  const memory = () => {
    const usage = process.memoryUsage();
    return `RSS ${(usage.rss / 1e6).toFixed(0)} MB, heap ${(usage.heapUsed / 1e6).toFixed(0)} MB, external ${(usage.external / 1e6).toFixed(0)} MB`;
  };
  // Over HTTP (a real socket, the body read as it streams), as a browser downloads it.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const download = async () => {
    const t0 = process.hrtime.bigint();
    const response = await fetch(`${address}${pdfUrl}`, { headers: { authorization: `Token ${siteToken}` } });
    if (response.status !== 200) throw new Error(`${pdfUrl}: ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes };
  };
  await download();
  globalThis.gc?.();
  const before = memory();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 10; i++) {
    const { ms, bytes } = await download();
    times.push(ms);
    size = bytes;
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  console.log(
    `| PDF of site 0's month (${runs.length} runs, ${runs.length} photos), over HTTP | 10 | ${times[5]!.toFixed(0)} | ${times[9]!.toFixed(0)} | - | ${(size / 1024).toFixed(0)} |`,
  );
  globalThis.gc?.();
  console.log(`\nmemory before the PDFs: ${before}; after 10: ${memory()}; peak RSS during them ${(peak / 1e6).toFixed(0)} MB`);
} finally {
  await close();
}
