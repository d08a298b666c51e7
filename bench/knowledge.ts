/**
 * Knowledge base suggestions and search at 10,000 articles (issue 32: p50 under 30 ms over HTTP), on
 * PostgreSQL. The server listens on a loopback port and requests go over HTTP (keep-alive), one at a
 * time, as a Site user (audience and allocation checked) and as an editor (every article).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/knowledge.ts [--articles 10000] [--clients 100000] [--requests 300] [--dense] [--explain]
 * --explain prints EXPLAIN (ANALYZE, BUFFERS) of the Site user's suggest statement for one typo'd title.
 * By default an article's body is 120 words of which about one in ten is a topic word and the rest
 * are drawn from a real-language vocabulary of catering and facilities text (lib/catering-words.ts,
 * about 1,300 words, the common ones more often), so a topic word is in roughly a tenth of the
 * articles and the search vocabulary is English words, not synthetic fillers sharing trigrams (the
 * bench before round three wrote 17,576 `filler???` words, a worst case no real text has);
 * --dense writes bodies of topic words only.
 */
import { parseArgs } from 'node:util';
import { openBenchApp } from './lib/bench-app';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';
import { suggestStatement } from '../packages/server/src/modules/knowledge/knowledge-suggest';
import { isPublished } from '../packages/server/src/modules/knowledge/knowledge.resource';
import { similarWords, vocabularyLookup } from '../packages/server/src/modules/search/search-vocabulary';
import { CATERING_WORDS } from './lib/catering-words';
import { searchPlans, searchStatement } from '../packages/server/src/modules/search/search-kinds';
import { viewerOf } from '../packages/server/src/list-query/scope-mask';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '300' },
    // Every body drawn from the 70 topic words only: every article holds nearly every word (the worst case).
    dense: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const articleCount = Number(values.articles);
const clientCount = Number(values.clients);
const requests = Number(values.requests);
const { config, database, app, close } = await openBenchApp('bench_knowledge');
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// Words the articles are written from; ticket titles below are typed from them, some with typos.
const WORDS = `dishwasher oven fridge freezer delivery allergen label cleaning roster invoice supplier temperature alarm
  door seal filter drain leak power outlet coffee machine grease trap pest inspection audit waste bin recycling
  uniform locker roster payroll leave sick shift handover keys alarm code visitor contractor induction chemical
  spill glove apron sanitiser probe thermometer record logbook fryer oil change hood canopy extraction fan light`
  .split(/\s+/)
  .filter(Boolean);
const TITLES = ['dishwaser not draining', 'fridge temprature alarm', 'how do I log a delivery', 'allergen label missing', 'oven door seal broken', 'grease trap smell', 'fryer oil chnage', 'pest inspection report'];

try {
  const identity = identityServiceFor({ config, database });
  const editor = await identity.createUser({ email: 'bench@example.com', password: 'Bench-password-1', firstName: 'Bench', lastName: 'Editor', userType: 1, superuser: true, skipPolicy: true });
  const cook = await identity.createUser({ email: 'site@example.com', password: 'Bench-password-1', firstName: 'Site', lastName: 'Cook', userType: 5, skipPolicy: true });
  const tokenOf = async (email: string) => {
    const login = await fetch(`${origin}/api/identity/auth/knox/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench-password-1' }),
    });
    return ((await login.json()) as { token: string }).token;
  };
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  const started = Date.now();
  await q(`insert into base_legal_entity (id, name, abbr) values ('0190d6a0-0000-7000-8000-000000000001', 'Bench Entity', 'BEN')`);
  // In batches of 100,000: one statement for 1M clients outlasts the server's statement timeout.
  for (let from = 0; from < clientCount; from += 100_000)
    await q(
      `insert into accounts_client (id, owner_id, account_number, name, legal_entity_id)
       select ('0190d6a0-0000-7000-8010-' || lpad(n::text, 12, '0'))::uuid, $1, 'B-' || n, 'Bench Client ' || n, '0190d6a0-0000-7000-8000-000000000001'
       from generate_series(${from}, ${Math.min(clientCount, from + 100_000) - 1}) n`,
      [editor.id],
    );
  // 200 sites over the first 200 clients; the Site user is allocated to site 0.
  await q(`insert into operations_cost_centre (id, code, name, email, legal_entity_id, client_id)
    select ('0190d6a0-0000-7000-8001-' || lpad(n::text, 12, '0'))::uuid, 'BS' || lpad(n::text, 5, '0'), 'Bench site ' || n, 'site@example.com',
      '0190d6a0-0000-7000-8000-000000000001', ('0190d6a0-0000-7000-8010-' || lpad(n::text, 12, '0'))::uuid from generate_series(0, 199) n`);
  await q(`insert into records_allocation (id, user_id, cost_centre_id) values ('0190d6a0-0000-7000-8002-000000000000', $1, '0190d6a0-0000-7000-8001-000000000000')`, [cook.id]);
  // Articles: 12 words of title and ~120 of body drawn from the vocabulary; a third for everyone, a
  // third for Site users, a third for one site; one in ten a draft.
  const words = `array[${WORDS.map((word) => `'${word}'`).join(',')}]`;
  const pick = (seed: string) => `(${words})[1 + abs(hashint4(${seed})) % ${WORDS.length}]`;
  // Text words: the list's common words (its start) more often than its rare ones, as in real text.
  const text = `array[${CATERING_WORDS.map((word) => `'${word}'`).join(',')}]`;
  const pickText = (seed: string) =>
    `(${text})[1 + floor(${CATERING_WORDS.length} * power((abs(hashint4(${seed})) % 1000000) / 1000000.0, 2))::int]`;
  await q(
    `insert into knowledge_article (id, title, body, body_text, status, audience_user_types, audience_cost_centres, current_version, published_at, updated_by)
     select ('0190d6a0-0000-7000-8020-' || lpad(n::text, 12, '0'))::uuid,
            initcap(${pick('n * 7 + 1')} || ' ' || ${pick('n * 7 + 2')} || ' ' || ${pick('n * 7 + 3')} || ' procedure ' || n),
            jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', t.text))))),
            t.text,
            case when n % 10 = 0 then 'DRAFT' else 'PUBLISHED' end,
            case when n % 3 = 1 then '{5}'::smallint[] else '{}'::smallint[] end,
            case when n % 3 = 2 then array[('0190d6a0-0000-7000-8001-' || lpad((n % 200)::text, 12, '0'))::uuid] else '{}'::uuid[] end,
            1, now(), $1
       from generate_series(0, ${articleCount - 1}) n
       cross join lateral (select string_agg(${
         values.dense
           ? pick('n * 131 + k')
           : `case when abs(hashint4(n * 977 + k)) % 10 = 0 then ${pick('n * 131 + k')} else ${pickText('n * 31 + k * 7919')} end`
       }, ' ') as text from generate_series(1, 120) k) t`,
    [editor.id],
  );
  // VACUUM as well: after a bulk load autovacuum soon merges the GIN indexes' pending lists (up to
  // 4 MB each, scanned in full by every search until then: 28-44 ms for a client code's trigrams at
  // 1M clients); the figures are those of the tables as they stay.
  await q('vacuum analyze');
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${articleCount} articles, ${clientCount} clients, 200 sites`);

  const tokens = { editor: await tokenOf('bench@example.com'), site: await tokenOf('site@example.com') };
  const measure = async (label: string, who: keyof typeof tokens, pathOf: (i: number) => string) => {
    const get = async (i: number) => {
      const response = await fetch(`${origin}${pathOf(i)}`, { headers: { authorization: `Token ${tokens[who]}` } });
      const body = (await response.json()) as { results?: unknown[] };
      if (response.status !== 200) throw new Error(`${pathOf(i)}: ${response.status} ${JSON.stringify(body)}`);
      return { found: body.results?.length ?? 0, statements: Number(response.headers.get('x-sql-statements') ?? 0) };
    };
    for (let i = 0; i < 20; i++) await get(i);
    const times: number[] = [];
    let found = 0;
    let statements = 0;
    for (let i = 0; i < requests; i++) {
      const t0 = process.hrtime.bigint();
      const answer = await get(i);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      found += answer.found;
      statements = answer.statements;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${who} | ${requests} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${(found / requests).toFixed(1)} | ${statements} |`);
  };
  const title = (i: number) => encodeURIComponent(TITLES[i % TITLES.length]!);
  console.log('| request | as | n | p50 ms | p95 ms | p99 ms | results/req | SQL/req |\n|---|---|---:|---:|---:|---:|---:|---:|');
  await measure('suggest (ticket title, typos)', 'site', (i) => `/api/knowledge/suggest/?q=${title(i)}`);
  await measure('suggest at a site (cost_centre)', 'site', (i) => `/api/knowledge/suggest/?q=${title(i)}&cost_centre=0190d6a0-0000-7000-8001-000000000000`);
  await measure('suggest (ticket title, typos)', 'editor', (i) => `/api/knowledge/suggest/?q=${title(i)}`);
  await measure('search everything (all kinds)', 'site', (i) => `/api/search/?q=${title(i)}`);
  await measure('search everything (all kinds)', 'editor', (i) => `/api/search/?q=${title(i)}`);
  if (values.explain) {
    const text = TITLES[0]!;
    const statement = suggestStatement(text, vocabularyLookup(text), isPublished(), 5, { id: cook.id, userType: 5 });
    const { sql: query, params } = new PgDialect().sqlToQuery(statement);
    const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) suggest "${text}" as the Site user:\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
    // Search everything's vocabulary lookup, the part every kind shares.
    const vocabulary = new PgDialect().sqlToQuery(sql`with ${similarWords(vocabularyLookup(text))} select * from search_similar`);
    const lookupPlan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${vocabulary.sql}`, vocabulary.params);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) search everything's vocabulary lookup "${text}":\n${lookupPlan.map((row) => row['QUERY PLAN']).join('\n')}`);
    // Search everything as the editor (a superuser: every kind, no row scope) and as the Site user, the statement the service runs.
    for (const [who, viewer] of [
      ['the editor', viewerOf({ id: editor.id, userType: 1, isSuperuser: true })],
      ['the Site user', { user: { id: cook.id, userType: 5, isSuperuser: false }, canRead: () => true, can: () => false }],
    ] as const) {
      const everything = new PgDialect().sqlToQuery(searchStatement(text, searchPlans(viewer, text), 20));
      const everythingPlan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${everything.sql}`, everything.params);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) search everything "${text}" as ${who}:\n${everythingPlan.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    const size = await database.query<{ words: number }>('select count(*)::int as words from search_word');
    console.log(`\nsearch_word: ${size[0]!.words} words`);
  }
} finally {
  await close();
}
