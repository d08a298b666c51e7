import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { seedScale } from '../records/records.scale-seed';
import { seedScaleTickets } from './helpdesk.scale-seed';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t.close());

const one = async <T>(statement: string) => (await t.database.query<T>(statement))[0]!;

describe('scale seed tickets', () => {
  it('writes tickets per client numbered by the sequence in creation order, and the next API ticket takes the next number', async () => {
    // A ticket raised before the seed: the seeded ones continue after it.
    const earlier = await insertTicket(t, admin);
    const records = await seedScale({
      database: t.database,
      scale: 0.002,
      ownerId: admin.id,
      print: () => {},
      chunkClients: 150,
    });
    const printed: string[] = [];
    const result = await seedScaleTickets({
      database: t.database,
      run: records.run,
      ticketsPerClient: 2,
      print: (line) => printed.push(line),
      chunkTickets: 150,
    });
    expect(result.tickets).toBe(400);
    expect(printed.filter((line) => / tickets in /.test(line))).toHaveLength(3);

    const seeded = `from helpdesk_ticket where meta_data->>'source' = 'scale-seed'`;
    const numbers = await one<{ n: number; min: number; max: number; distinct: number }>(
      `select count(*)::int as n, min(number) as min, max(number) as max, count(distinct number)::int as distinct ${seeded}`,
    );
    expect(numbers).toEqual({ n: 400, min: earlier.number + 1, max: earlier.number + 400, distinct: 400 });
    // Numbers ascend with creation time, over about two years before now.
    const order = await one<{ out_of_order: number; days: number; newest_age_days: number }>(
      `select count(*) filter (where created_at < previous)::int as out_of_order,
              extract(epoch from max(created_at) - min(created_at))::float8 / 86400 as days,
              extract(epoch from now() - max(created_at))::float8 / 86400 as newest_age_days
         from (select created_at, lag(created_at) over (order by number) as previous ${seeded}) x`,
    );
    expect(order.out_of_order).toBe(0);
    expect(order.days).toBeGreaterThan(700);
    expect(order.newest_age_days).toBeLessThan(10);

    // A spread of every status, priority and type; requesters and assignees are the seeded people.
    const spread = await one<{
      statuses: number;
      priorities: number;
      types: number;
      requesters: number;
      assignees: number;
      unassigned_closed: number;
    }>(
      `select count(distinct ticket_status)::int as statuses, count(distinct priority)::int as priorities,
              count(distinct ticket_type)::int as types, count(distinct requester_id)::int as requesters,
              count(distinct assignee_id)::int as assignees,
              count(*) filter (where ticket_status <> 'OPEN' and assignee_id is null)::int as unassigned_closed ${seeded}`,
    );
    expect(spread).toMatchObject({ statuses: 5, priorities: 4, types: 6, unassigned_closed: 0 });
    expect(spread.requesters).toBeGreaterThan(10);
    expect(spread.assignees).toBeGreaterThan(2);
    // Every site is one the records part wrote, and a cost centre is its ticket's client's own.
    const sites = await one<{ with_site: number; broken: number }>(
      `select count(t.client_id)::int as with_site,
              count(*) filter (where (t.client_id is not null and c.id is null)
                                  or (t.cost_centre_id is not null and (cc.id is null or cc.client_id <> t.client_id)))::int as broken
         from helpdesk_ticket t
         left join accounts_client c on c.id = t.client_id
         left join operations_cost_centre cc on cc.id = t.cost_centre_id
        where t.meta_data->>'source' = 'scale-seed'`,
    );
    expect(sites.broken).toBe(0);
    expect(sites.with_site).toBeGreaterThan(300);
    // History: the creation row of each ticket, and one status change for each that is not OPEN.
    const history = await one<{ opened: number; changed: number; not_open: number }>(
      `select count(*) filter (where h.to_status = 'OPEN' and h.from_status is null)::int as opened,
              count(*) filter (where h.from_status = 'OPEN' and h.to_status = t.ticket_status)::int as changed,
              count(distinct t.id) filter (where t.ticket_status <> 'OPEN')::int as not_open
         from helpdesk_ticket t join helpdesk_ticket_history h on h.ticket_id = t.id
        where t.meta_data->>'source' = 'scale-seed'`,
    );
    expect(history).toEqual({ opened: 400, changed: history.not_open, not_open: history.not_open });
    expect(history.not_open).toBeGreaterThan(300);

    // The sequence was left where the next real ticket takes the next number.
    const next = await insertTicket(t, admin);
    expect(next.number).toBe(earlier.number + 401);

    // The search indexes hold the seeded titles: search everything finds a seeded ticket by its title.
    const sample = await one<{ title: string; number: number }>(`select title, number ${seeded} order by number desc limit 1`);
    const search = await t.request({
      method: 'GET',
      url: `/api/search/?q=${encodeURIComponent(sample.title)}`,
      token: admin.token,
    });
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).toContain(`#${sample.number}`);

    // The load ran with triggers off; the seed collected the words of what it wrote into the search vocabulary.
    const missing = await one<{ n: number }>(
      `select count(*)::int as n from (
         select t.lexeme from helpdesk_ticket, unnest(to_tsvector('simple', title)) t
         union select t.lexeme from accounts_client, unnest(to_tsvector('simple', name)) t
         union select t.lexeme from operations_cost_centre, unnest(to_tsvector('simple', name)) t
         union select t.lexeme from accounts_contact_person, unnest(to_tsvector('simple', full_name)) t
       ) w where w.lexeme ~ '^[[:alpha:]]{3,}$' and not exists (select 1 from search_word s where s.word = w.lexeme)`,
    );
    expect(missing.n).toBe(0);
    // So a seeded title's longest word, its fourth letter left out, still finds a seeded ticket.
    const word = sample.title.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0]!;
    const typo = word.slice(0, 3) + word.slice(4);
    const typoed = await t.request({ method: 'GET', url: `/api/search/?q=${encodeURIComponent(typo)}`, token: admin.token });
    expect(typoed.json().results.filter((r: { type: string }) => r.type === 'ticket').length, typo).toBeGreaterThan(0);
  });
});
