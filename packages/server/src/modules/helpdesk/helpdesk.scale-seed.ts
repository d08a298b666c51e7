import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { runBulkJobs, vacuumAnalyze, type BulkJob } from '../../platform/bulk-load';
import { collectSearchWords } from '../../platform/search-words';
import { CITIES, FIRST_NAMES, LAST_NAMES, SCALE_ID_KIND, scaleSiteNumber, scaleSql, type ScaleRun } from '../records/index';
import { SAMPLES } from './helpdesk.seed';

/**
 * The help desk part of `npm run seed -- --scale N`: tickets about the clients and cost centres
 * the records part just wrote, generated in the database like them (`generate_series`, values
 * from `hashint8extended(k, salt)`). Per 100,000 clients: 50 agents (Corporate users) and 1,000
 * requesters (Operation, Site and Employee users), who cannot sign in (password `!`).
 *
 * Ticket `k` (0-based) is created at `start + (k + u) * step` (u < 1), spread evenly over the
 * two years before the run, so creation order is `k` order, and takes its number from the
 * ticket-number sequence (the column's default) in that order: numbers ascend with creation
 * time and the sequence stays where the next real ticket takes the next number. Tickets older
 * than 30 days are mostly CLOSED, newer ones mostly open; 75% name a cost centre (and its
 * client), 20% only a client, 5% no site. Each ticket has its creation row in the history
 * (OPEN), and one status change to where it stands when that is not OPEN. No messages.
 */
export interface TicketScaleSeedOptions {
  database: Database;
  run: ScaleRun;
  ticketsPerClient: number;
  print: (line: string) => void;
  /** Tickets generated per statement. */
  chunkTickets?: number;
}

export interface TicketScaleSeedResult {
  tickets: number;
  users: number;
  rows: number;
  seconds: number;
}

/** Id kinds of this part's rows (the records part uses 1-9). */
const KIND = { agent: 0x10, requester: 0x11, ticket: 0x12, opened: 0x13, changed: 0x14 } as const;
const DAY_MS = 24 * 3600 * 1000;
const SPAN_DAYS = 730;
const RECENT_DAYS = 30;

export async function seedScaleTickets(options: TicketScaleSeedOptions): Promise<TicketScaleSeedResult> {
  const { database, run, print } = options;
  const started = Date.now();
  const totalTickets = Math.round(run.clients * options.ticketsPerClient);
  const agents = Math.max(5, Math.round(run.clients / 2_000));
  const requesters = Math.max(20, Math.round(run.clients / 100));
  const chunk = options.chunkTickets ?? 250_000;
  const { id, h, unit, pick } = scaleSql(run.idPrefix);
  if (!/^[0-9A-Z]+$/.test(run.tag)) throw new Error('seed: unexpected tag');
  const tag = run.tag.toLowerCase();
  const now = Date.now();
  const start = now - SPAN_DAYS * DAY_MS;
  const step = (SPAN_DAYS * DAY_MS) / Math.max(totalTickets, 1);
  const recentFrom = Math.floor(totalTickets * (1 - RECENT_DAYS / SPAN_DAYS));
  const words = JSON.stringify({
    firstNames: FIRST_NAMES,
    lastNames: LAST_NAMES,
    titles: SAMPLES.map((s) => s.title),
    types: SAMPLES.map((s) => s.type),
    docs: SAMPLES.map((s) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: s.body }] }] })),
    suburbs: CITIES.flatMap((city) => city.suburbs),
  });
  const lists = sql`lists as materialized (${sql.raw(`
      select array(select jsonb_array_elements_text(j->'firstNames')) as first_names,
             array(select jsonb_array_elements_text(j->'lastNames')) as last_names,
             array(select jsonb_array_elements_text(j->'titles')) as titles,
             array(select jsonb_array_elements_text(j->'types')) as types,
             array(select jsonb_array_elements(j->'docs')) as docs,
             array(select jsonb_array_elements_text(j->'suburbs')) as suburbs
        from (select `)}${words}::jsonb as j) w
    )`;
  /** Where ticket `t.k` stands: by age, mostly CLOSED when older than 30 days. */
  const status = `case when t.k < ${recentFrom} then
        case when t.s < 0.92 then 'CLOSED' when t.s < 0.94 then 'REOPENED' when t.s < 0.96 then 'ON_HOLD'
             when t.s < 0.98 then 'IN_PROGRESS' else 'OPEN' end
      else case when t.s < 0.35 then 'OPEN' when t.s < 0.60 then 'IN_PROGRESS' when t.s < 0.70 then 'ON_HOLD'
             when t.s < 0.75 then 'REOPENED' else 'CLOSED' end end`;
  const createdAt = `to_timestamp((${start} + (t.k + ${unit(40, 't.k')} * 0.99) * ${step}) / 1000.0)`;
  /** The round's tickets: their number `k`, client `n` and the uniform draws their fields take. */
  const ticketsOf = (from: number, count: number) => `
    t as (
      select g.k, ${h(41, 'g.k')} % ${run.clients} as n, ${unit(42, 'g.k')} as s, ${unit(43, 'g.k')} as site_draw
        from generate_series(${from}::bigint, ${from + count - 1}::bigint) g(k)
    )`;
  const agentId = `${id(KIND.agent, `${h(50, 't.k')} % ${agents}`)}`;
  const requesterId = `${id(KIND.requester, `${h(51, 't.k')} % ${requesters}`)}`;
  // Open tickets are unassigned more often than not; the rest have an agent.
  const assigned = `((${status}) <> 'OPEN' or ${unit(52, 't.k')} < 0.4)`;
  /** When the ticket last changed (its status change, when it has one): 1 to 120 hours after creation. */
  const changedAt = `least(now(), ${createdAt} + interval '1 hour' * (1 + ${h(46, 't.k')} % 120))`;

  let rows = 0;
  // The people: small tables, written with their indexes in place, before the tickets that name them.
  await database.db.execute(sql`
      with ${lists}, ${sql.raw(`
      people as (
        select ${id(KIND.agent, 'g.i')} as id, 'scale.agent' || g.i || '.${tag}@scale.example' as email, 2 as user_type, g.i
          from generate_series(0, ${agents - 1}) g(i)
        union all
        select ${id(KIND.requester, 'g.i')}, 'scale.requester' || g.i || '.${tag}@scale.example',
               (array[4, 5, 5, 6, 6, 6])[1 + g.i % 6], g.i + ${agents}
          from generate_series(0, ${requesters - 1}) g(i)
      ), users as (
        insert into auth_user (id, email, password, first_name, last_name, user_type, is_staff)
        select p.id, p.email, '!', ${pick('lists.first_names', 53, 'p.i')}, ${pick('lists.last_names', 54, 'p.i')},
               p.user_type, p.user_type <= 3
          from people p cross join lists
        returning id, user_type
      )
      insert into auth_user_group (user_id, group_id)
      select u.id, g.id from users u join auth_group g on g.user_type = u.user_type`)}`);
  rows += agents + requesters;
  const rounds = (work: (from: number, count: number) => Promise<void>) => async () => {
    for (let from = 0; from < totalTickets; from += chunk) await work(from, Math.min(chunk, totalTickets - from));
  };
  // Two jobs, the tickets and their history (runBulkJobs: on PostgreSQL on two connections at once, each
  // table's indexes built after its rows); the history's rows are computed from the ticket numbers, not read.
  const jobs: BulkJob[] = [
    {
      tables: ['helpdesk_ticket'],
      load: (db) =>
        rounds(async (from, count) => {
          const client = id(SCALE_ID_KIND.client, 't.n');
          // Client n has 2 + n % 2 cost centres; a draw below 0.75 names one of them.
          const costCentre = `case when t.site_draw < 0.75 then ${id(
            SCALE_ID_KIND.costCentre,
            scaleSiteNumber('t.n', `(${h(44, 't.k')} % (2 + t.n % 2))`),
          )} end`;
          const sample = `(1 + ${h(45, 't.k')} % cardinality(lists.titles))`;
          await db.execute(
            sql`with ${lists}, ${sql.raw(ticketsOf(from, count))}
            ${sql.raw(`insert into helpdesk_ticket (id, title, ticket_type, priority, ticket_status, ticket_content, meta_data,
              requester_id, assignee_id, created_by_id, updated_by_id, created_at, updated_at, client_id, cost_centre_id)
            select x.id, x.title, x.ticket_type, x.priority, x.status, x.content, '{"source": "scale-seed"}'::jsonb,
                   x.requester_id, x.assignee_id, x.requester_id, coalesce(x.assignee_id, x.requester_id), x.created_at,
                   case when x.status = 'OPEN' and x.assignee_id is null then x.created_at else x.changed_at end,
                   x.client_id, x.cost_centre_id
              from (
                select t.k, ${id(KIND.ticket, 't.k')} as id,
                       lists.titles[${sample}] || ' – ' || ${pick('lists.suburbs', 47, 't.k')} as title,
                       lists.types[${sample}] as ticket_type, lists.docs[${sample}] as content,
                       case when ${unit(48, 't.k')} < 0.30 then 'LOW' when ${unit(48, 't.k')} < 0.70 then 'MEDIUM'
                            when ${unit(48, 't.k')} < 0.92 then 'HIGH' else 'URGENT' end as priority,
                       ${status} as status,
                       ${requesterId} as requester_id,
                       case when ${assigned} then ${agentId} end as assignee_id,
                       ${createdAt} as created_at, ${changedAt} as changed_at,
                       case when t.site_draw < 0.95 then ${client} end as client_id,
                       ${costCentre} as cost_centre_id
                  from t cross join lists
                 order by t.k
              ) x`)}`,
          );
          rows += count;
          print(
            `seed: ${(from + count).toLocaleString('en-AU')}/${totalTickets.toLocaleString('en-AU')} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          );
        })(),
    },
    {
      tables: ['helpdesk_ticket_history'],
      // The creation row of each ticket, and its one status change when it is not OPEN any more.
      load: (db) =>
        rounds(async (from, count) => {
          await db.execute(
            sql.raw(`with ${ticketsOf(from, count)}
            insert into helpdesk_ticket_history (id, ticket_id, field, from_status, to_status, from_value, to_value,
              changed_by_id, changed_at)
            select ${id(KIND.opened, 't.k')}, ${id(KIND.ticket, 't.k')}, 'ticket_status', null, 'OPEN', null, null,
                   ${requesterId}, ${createdAt}
              from t
            union all
            select ${id(KIND.changed, 't.k')}, ${id(KIND.ticket, 't.k')}, 'ticket_status', 'OPEN', x.status, 'OPEN', x.status,
                   ${agentId}, ${changedAt}
              from t cross join lateral (select ${status} as status) x
             where x.status <> 'OPEN'`),
          );
        })(),
    },
  ];
  const lanes = await runBulkJobs(database, jobs, { print });
  const indexed = (Date.now() - started) / 1000;
  print(`seed: tickets and their indexes in ${indexed.toFixed(1)} s over ${lanes} connection${lanes > 1 ? 's' : ''}`);
  // The load ran with triggers off (replication role `replica`): the titles' words are collected here.
  await collectSearchWords(database.db, ['helpdesk_ticket']);
  const collected = (Date.now() - started) / 1000;
  const [history] = await database.query<{ n: number }>(
    `select count(*)::int as n from helpdesk_ticket_history where id >= ${id(KIND.opened, '0')} and id <= ${id(KIND.changed, `${totalTickets}`)}`,
  );
  rows += history?.n ?? 0;
  await vacuumAnalyze(database, ['helpdesk_ticket', 'helpdesk_ticket_history'], lanes);
  const seconds = (Date.now() - started) / 1000;
  print(`seed: ticket search words in ${(collected - indexed).toFixed(1)} s, vacuum analyze in ${(seconds - collected).toFixed(1)} s`);
  return { tickets: totalTickets, users: agents + requesters, rows, seconds };
}
