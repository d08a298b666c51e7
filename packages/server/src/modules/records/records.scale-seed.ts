import { sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from '../../db/ids';
import { runBulkJobs, vacuumAnalyze, type BulkJob } from '../../platform/bulk-load';
import type { Database, Db } from '../../platform/db';
import { collectSearchWords } from '../../platform/search-words';
import { bulkTableName, type BulkTable } from './records.tables';
import { scaleSql, scaleSiteNumber, type ScaleRun } from './scale-ids';
import { FIRST_NAMES, INDUSTRIES, LAST_NAMES } from './records.demo-data';
import { CITIES, STREETS } from './records.demo-places';
import { ACCOUNT_TYPES, OPERATION_STATUSES } from '@ops/contract/records/records.schemas';

/**
 * `npm run seed -- --scale N`: N x 100,000 clients with, per client, one
 * address, two contacts, one contact person (with a contact) and 2.5 cost
 * centres (each with an address and a contact). The rows are generated inside
 * the database: per round of clients, one `INSERT ... SELECT ... FROM
 * generate_series(...)` per table, every value a deterministic function of the
 * client's number `n` (hashes of `n` index into the word lists, which travel
 * once per statement as one JSON parameter). Nothing goes row by row through
 * Node, so the same SQL runs on PostgreSQL and PGlite. All rounds run in one
 * transaction with the tables' secondary indexes and foreign keys built after
 * the load (all or nothing), and the tables are vacuumed and analysed at the end.
 */
export interface ScaleSeedOptions {
  database: Database;
  scale: number;
  ownerId: string;
  print: (line: string) => void;
  /** Clients generated per round (one statement per table per round). */
  chunkClients?: number;
  /** Told the clients written after each round (the CLI's bar on a terminal); without it, a line per round is printed. */
  progress?: (clients: number) => void;
}

export interface ScaleSeedResult {
  clients: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** What later generators (the help desk's tickets) need to refer to these rows. */
  run: ScaleRun;
}

/** Cost centres of clients 0..n-1: client m has 2 when m is even, 3 when odd. */
const sitesBefore = (n: number) => 2 * n + Math.floor(n / 2);

export async function seedScale(options: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const { database, scale, ownerId, print } = options;
  const totalClients = Math.round(scale * 100_000);
  const chunk = options.chunkClients ?? 50_000;
  // A run tag keeps account numbers and codes unique when the seed runs more than once.
  const tag = Date.now().toString(36).slice(-3).toUpperCase();
  const started = Date.now();
  let rows = 0;
  const audit = { createdById: ownerId, updatedById: ownerId };
  const tables: BulkTable[] = [
    'legalEntity',
    'industry',
    'subIndustry',
    'client',
    'costCentre',
    'contactPerson',
    'address',
    'contact',
  ];

  // Base data the synthetic clients refer to (a few dozen rows).
  const legalEntities = INDUSTRIES.map((industry) => ({
    id: uuidv7(),
    name: `Scale ${tag} ${industry.legalEntity} Pty Ltd`,
    ...audit,
  }));
  const industries = INDUSTRIES.map((industry) => ({ id: uuidv7(), name: `${industry.name} (scale ${tag})`, ...audit }));
  const subIndustries = INDUSTRIES.flatMap((industry, i) =>
    industry.subIndustries.map((name) => ({ id: uuidv7(), name, industryId: industries[i]!.id, ...audit })),
  );
  const words = JSON.stringify({
    industries: INDUSTRIES.map((industry, i) => ({
      legalEntityId: legalEntities[i]!.id,
      industryId: industries[i]!.id,
      subIndustryIds: subIndustries.filter((s) => s.industryId === industries[i]!.id).map((s) => s.id),
      clientNames: industry.clientNames,
      siteNames: industry.siteNames,
    })),
    cities: CITIES.map((city) => ({ ...city, cosLat: Math.cos((city.lat * Math.PI) / 180) })),
    firstNames: FIRST_NAMES,
    lastNames: LAST_NAMES,
    streets: STREETS,
    accountTypes: ACCOUNT_TYPES,
    operationStatuses: OPERATION_STATUSES,
  });
  const idPrefix = Date.now();
  const statements = scaleSeedStatements({ tag, ownerId, words, idPrefix });
  /** Seconds spent in each table's statement over all rounds (the load phase by table). */
  const loadSeconds = STATEMENT_TABLES.map(() => 0);

  // One job per table (its rows over all rounds, then its indexes), the largest first: on PostgreSQL two
  // connections take them in turn (runBulkJobs), so two tables' index builds run at once.
  /** Rows a round of `count` clients from `from` writes to each statement's table, in STATEMENT_TABLES order. */
  const roundRows = (from: number, count: number) => {
    const sites = sitesBefore(from + count) - sitesBefore(from);
    // Clients, cost centres, people, addresses (head office and sites), contacts (three per client, one per site).
    return [count, sites, count, count + sites, 3 * count + sites];
  };
  let written = 0;
  const roundsOf = async (db: Db, i: number, afterRound?: (from: number, count: number) => void) => {
    for (let from = 0; from < totalClients; from += chunk) {
      const count = Math.min(chunk, totalClients - from);
      const statementStarted = Date.now();
      await db.execute(statements[i]!(from, count));
      loadSeconds[i]! += (Date.now() - statementStarted) / 1000;
      written += roundRows(from, count)[i]!;
      afterRound?.(from, count);
    }
  };
  const statementJob = (table: BulkTable, afterRound?: (from: number, count: number) => void): BulkJob => ({
    tables: [bulkTableName(table)],
    load: (db) => roundsOf(db, STATEMENT_TABLES.indexOf(table), afterRound),
  });
  let clientsDone = 0;
  const jobs: BulkJob[] = [
    statementJob('contact'),
    statementJob('costCentre'),
    statementJob('address'),
    statementJob('client', (from, count) => {
      clientsDone = from + count;
      if (options.progress) return options.progress(count);
      const seconds = (Date.now() - started) / 1000;
      const left = ((totalClients - clientsDone) / clientsDone) * seconds;
      // Rows: every table's so far (on two connections the other tables' jobs run meanwhile).
      print(
        `seed: ${clientsDone.toLocaleString('en-AU')}/${totalClients.toLocaleString('en-AU')} clients, ${written.toLocaleString('en-AU')} rows, ${Math.round(written / Math.max(seconds, 0.001)).toLocaleString('en-AU')} rows/s, ~${Math.round(left)} s left`,
      );
    }),
    statementJob('contactPerson'),
    {
      tables: (['legalEntity', 'industry', 'subIndustry'] as BulkTable[]).map(bulkTableName),
      load: async (db) => {
        await db.execute(insertBase(legalEntities, industries, subIndustries));
      },
    },
  ];
  const lanes = await runBulkJobs(database, jobs, { print });
  rows += legalEntities.length + industries.length + subIndustries.length + written;
  const indexed = (Date.now() - started) / 1000;
  print(
    `seed: rows and indexes in ${indexed.toFixed(1)} s over ${lanes} connection${lanes > 1 ? 's' : ''}; statements by table: ${STATEMENT_TABLES.map((table, i) => `${bulkTableName(table)} ${loadSeconds[i]!.toFixed(1)} s`).join(', ')}`,
  );
  // The load ran with triggers off (replication role `replica`): the names' words are collected here.
  await collectSearchWords(database.db, ['accounts_client', 'operations_cost_centre', 'accounts_contact_person']);
  const collected = (Date.now() - started) / 1000;
  print(`seed: search words in ${(collected - indexed).toFixed(1)} s; vacuum analyze`);
  await vacuumAnalyze(database, tables.map(bulkTableName), lanes);
  const seconds = (Date.now() - started) / 1000;
  print(`seed: vacuum analyze in ${(seconds - collected).toFixed(1)} s`);
  return {
    clients: totalClients,
    rows,
    seconds,
    rowsPerSecond: rows / Math.max(seconds, 0.001),
    run: { tag, idPrefix, clients: totalClients },
  };
}


/** The table each of `scaleSeedStatements`' statements writes, in their order. */
const STATEMENT_TABLES: BulkTable[] = ['client', 'costCentre', 'contactPerson', 'address', 'contact'];

interface Named {
  id: string;
  name: string;
  createdById: string;
  updatedById: string;
}

/** The legal entities, industries and sub-industries, in one statement (rows as one JSON parameter). */
function insertBase(legalEntities: Named[], industries: Named[], subIndustries: (Named & { industryId: string })[]): SQL {
  const json = (rows: object[]) => sql`${JSON.stringify(rows)}::jsonb`;
  return sql`
    with le as (
      insert into base_legal_entity (id, name, created_by_id, updated_by_id)
      select (r->>'id')::uuid, r->>'name', (r->>'createdById')::uuid, (r->>'updatedById')::uuid
        from jsonb_array_elements(${json(legalEntities)}) r
    ), ind as (
      insert into base_industry (id, name, created_by_id, updated_by_id)
      select (r->>'id')::uuid, r->>'name', (r->>'createdById')::uuid, (r->>'updatedById')::uuid
        from jsonb_array_elements(${json(industries)}) r
    )
    insert into base_sub_industry (id, name, industry_id, created_by_id, updated_by_id)
    select (r->>'id')::uuid, r->>'name', (r->>'industryId')::uuid, (r->>'createdById')::uuid, (r->>'updatedById')::uuid
      from jsonb_array_elements(${json(subIndustries)}) r`;
}


/**
 * The per-round statements, one per table. Each derives the round's clients
 * from `generate_series(from, from + count - 1)` the same way (so a cost
 * centre's name and address repeat its client's name, street and city), with
 * every choice taken from `hashint8extended(n, salt)`, a different salt for each.
 */
function scaleSeedStatements(run: { tag: string; ownerId: string; words: string; idPrefix: number }) {
  if (!/^[0-9A-Z]+$/.test(run.tag) || !/^[0-9a-f-]{36}$/i.test(run.ownerId)) throw new Error('seed: unexpected tag or owner id');
  const { id, h, unit, pick } = scaleSql(run.idPrefix);
  const int = (min: number, max: number, salt: number, expr?: string) => `(${min} + ${h(salt, expr)} % ${max - min + 1})`;
  const digits = (count: number, salt: number, expr?: string) => `lpad((${h(salt, expr)} % ${10 ** count})::text, ${count}, '0')`;
  const phone = (salt: number, expr?: string) =>
    `'0' || ${int(2, 8, salt, expr)} || ' ' || ${digits(4, salt + 1, expr)} || ' ' || ${digits(4, salt + 2, expr)}`;
  /** A point within about 25 km of the client's city (as `near(random, city, 25)`). */
  const near = (salt: number, expr?: string) =>
    `round((c.lat + (${unit(salt, expr)} - 0.5) * 50 / 111)::numeric, 7), ` +
    `round((c.lng + (${unit(salt + 1, expr)} - 0.5) * 50 / (111 * c.cos_lat))::numeric, 7)`;
  const owner = `'${run.ownerId}'::uuid`;
  const audit = `${owner}, ${owner}`;
  /** The site number (1-based over the run) of cost centre `s` of client `c.n`. */
  const site = scaleSiteNumber('c.n', 'site.s');
  const sites = `cross join lateral generate_series(0, 1 + (c.n % 2)::int) site(s)`;

  /** The round's clients with everything the tables derive from them. */
  const withClients = (from: number, count: number, rest: string) => sql`
    with w as materialized (select ${run.words}::jsonb as j),
    ${sql.raw(`lists as materialized (
      select array(select jsonb_array_elements_text(j->'firstNames')) as first_names,
             array(select jsonb_array_elements_text(j->'lastNames')) as last_names,
             array(select jsonb_array_elements_text(j->'streets')) as streets,
             array(select jsonb_array_elements_text(j->'accountTypes')) as account_types,
             array(select jsonb_array_elements_text(j->'operationStatuses')) as operation_statuses,
             jsonb_array_length(j->'industries') as industry_count,
             jsonb_array_length(j->'cities') as city_count
        from w
    ),
    ind as materialized (
      select (e.i - 1)::int as k, (e.v->>'legalEntityId')::uuid as legal_entity_id, (e.v->>'industryId')::uuid as industry_id,
             array(select jsonb_array_elements_text(e.v->'subIndustryIds'))::uuid[] as sub_industry_ids,
             array(select jsonb_array_elements_text(e.v->'clientNames')) as client_names,
             array(select jsonb_array_elements_text(e.v->'siteNames')) as site_names
        from w, jsonb_array_elements(w.j->'industries') with ordinality e(v, i)
    ),
    city as materialized (
      select (e.i - 1)::int as ci, e.v->>'name' as city_name, e.v->>'state' as state, e.v->>'postcode' as postcode,
             (e.v->>'lat')::float8 as lat, (e.v->>'lng')::float8 as lng, (e.v->>'cosLat')::float8 as cos_lat,
             array(select jsonb_array_elements_text(e.v->'suburbs')) as suburbs
        from w, jsonb_array_elements(w.j->'cities') with ordinality e(v, i)
    ),
    c as (
      select s.n, ind.k, ind.legal_entity_id, ind.industry_id, city.city_name, city.state, city.postcode, city.lat, city.lng,
             city.cos_lat,
             ${id(1, 's.n')} as id,
             replace(ind.client_names[1 + s.n % cardinality(ind.client_names)], '{place}', ${pick('city.suburbs', 2, 's.n')})
               || ' ' || (s.n + 1) as name,
             ${int(1, 900, 3, 's.n')} || ' ' || ${pick('lists.streets', 4, 's.n')} as street
        from generate_series(${from}::bigint, ${from + count - 1}::bigint) s(n)
        cross join lists
        join ind on ind.k = s.n % lists.industry_count
        join city on city.ci = ${h(1, 's.n')} % lists.city_count
    )
    ${rest}`)}`;

  const statements: ((from: number, count: number) => SQL)[] = [
    (from, count) =>
      withClients(
        from,
        count,
        `insert into accounts_client (id, owner_id, account_number, abn, name, legal_entity_id, industry_id, sub_industry_id,
           relation_status, account_type, number_of_employees, created_by_id, updated_by_id)
         select c.id, ${owner}, 'S${run.tag}-' || (c.n + 1), ${digits(11, 5)}, c.name, c.legal_entity_id, c.industry_id,
                ${pick('ind.sub_industry_ids', 6)}, case when ${unit(7)} < 0.9 then 'ACTIVE' else 'INACTIVE' end,
                ${pick('lists.account_types', 8)}, ${int(5, 5000, 9)}, ${audit}
           from c cross join lists join ind on ind.k = c.k`,
      ),
    (from, count) =>
      withClients(
        from,
        count,
        `insert into operations_cost_centre (id, code, name, email, operation_status, legal_entity_id, client_id, industry_id,
           created_by_id, updated_by_id)
         select ${id(2, site)}, left('${run.tag}' || upper(to_hex(${site})), 10),
                left(left(c.name, 35) || ' ' || ${pick('ind.site_names', 10, site)}, 50), 'site' || ${site} || '@scale.example',
                ${pick('lists.operation_statuses', 11, site)}, c.legal_entity_id, c.id, c.industry_id, ${audit}
           from c cross join lists join ind on ind.k = c.k ${sites}`,
      ),
    (from, count) =>
      withClients(
        from,
        count,
        `insert into accounts_contact_person (id, company_id, first_name, last_name, created_by_id, updated_by_id)
         select ${id(3, 'c.n')}, c.id, ${pick('lists.first_names', 12)}, ${pick('lists.last_names', 13)}, ${audit}
           from c cross join lists join ind on ind.k = c.k`,
      ),
    (from, count) =>
      withClients(
        from,
        count,
        `insert into records_address (id, client_id, cost_centre_id, address_name, purpose, is_primary, street_address,
           locality, state, postal_code, country, latitude, longitude, created_by_id, updated_by_id)
         select ${id(4, 'c.n')}, c.id, null::uuid, 'Head office', 'BUSINESS', true, c.street, c.city_name, c.state, c.postcode,
                'Australia', ${near(14)}, ${audit}
           from c
         union all
         select ${id(5, site)}, null::uuid, ${id(2, site)}, 'Site', 'DELIVERY', true, c.street, c.city_name, c.state, c.postcode,
                'Australia', ${near(16, site)}, ${audit}
           from c ${sites}`,
      ),
    (from, count) =>
      withClients(
        from,
        count,
        `insert into records_contact (id, client_id, contact_person_id, cost_centre_id, contact_type, contact_detail, is_primary,
           created_by_id, updated_by_id)
         select ${id(6, 'c.n')}, c.id, null::uuid, null::uuid, 'EMAIL', 'office' || (c.n + 1) || '@scale.example', true, ${audit} from c
         union all
         select ${id(7, 'c.n')}, c.id, null::uuid, null::uuid, 'PHONE', ${phone(20)}, true, ${audit} from c
         union all
         select ${id(8, 'c.n')}, null::uuid, ${id(3, 'c.n')}, null::uuid, 'MOBILE',
                '04' || ${digits(2, 23)} || ' ' || ${digits(3, 24)} || ' ' || ${digits(3, 25)}, true, ${audit} from c
         union all
         select ${id(9, site)}, null::uuid, null::uuid, ${id(2, site)}, 'PHONE', ${phone(26, site)}, true, ${audit} from c ${sites}`,
      ),
  ];
  return statements;
}
