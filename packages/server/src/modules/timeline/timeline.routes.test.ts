import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { raiseTicket } from '../../test/factories/helpdesk';

let t: TestApp;
let admin: TestUser;
let siteUser: TestUser;
let operations: TestUser;
const ids: Record<string, string> = {};

interface Entry {
  id: string;
  at: string;
  kind: string;
  title: string;
  summary: string;
  actor: { id: string; full_name: string } | null;
  link: string | null;
}
interface Page {
  next: string | null;
  previous: string | null;
  results: Entry[];
}

/**
 * Client A with sites A1 and A2 (the site user is allocated to A1 and raised a ticket there),
 * client B with site B1. Payroll, ERP and purchasing-portal rows are inserted as a sync leaves them.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  siteUser = await insertUser(t, { userType: 5, firstName: 'Sam', lastName: 'Site' });
  operations = await insertUser(t, { userType: 4 });
  const le = await insertLegalEntity(t, admin.token, { name: 'Timeline Entity', abbr: 'TLE' });
  ids.clientA = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Client A' })).id;
  ids.clientB = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Client B' })).id;
  const site = async (name: string, code: string, client: string) =>
    (await insertCostCentre(t, admin.token, { client, legal_entity: le.id, name, code, address: undefined })).id;
  ids.siteA1 = await site('Site A1', 'TLA1', ids.clientA);
  ids.siteA2 = await site('Site A2', 'TLA2', ids.clientA);
  ids.siteB1 = await site('Site B1', 'TLB1', ids.clientB);
  await allocate(t, siteUser.id, { costCentreId: ids.siteA1 });
  await allocate(t, operations.id, { costCentreId: ids.siteA1 });
  const patch = await t.request({
    method: 'PATCH',
    url: `/api/operations/cost-centres/${ids.siteA1}/`,
    token: admin.token,
    payload: { name: 'Site A1 Kitchen' },
  });
  expect(patch.statusCode).toBe(200);
  ids.ticket = await raiseTicket(t, siteUser, { title: 'Fridge is warm', text: 'The walk-in fridge reads 9 degrees.' });
  const reply = await t.request({
    method: 'POST',
    url: `/api/helpdesk/tickets/${ids.ticket}/conversations/`,
    token: admin.token,
    payload: {
      message: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Technician booked for Monday.' }] }],
      },
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const db = t.database.db;
  await db.execute(sql`insert into dynamics_vend_spend (id, data_area_id, invoice_account, invoice_id, company_name, invoice_posting_date, site_id,
      main_account, vend_locally_owned, category_description, invoice_amount_incl_gst, line_num)
    values (9001, 'CCG', 'V001', 'INV-1', 'Fresh Foods', '2026-03-02', 'TLA1', '5100', false, 'Produce', 120.50, 1),
           (9002, 'CCG', 'V001', 'INV-1', 'Fresh Foods', '2026-03-02', 'TLA2', '5100', false, 'Produce', 80, 2),
           (9003, 'CCG', 'V002', 'INV-2', 'Meat Co', '2026-03-05', 'TLB1', '5100', false, 'Meat', 300, 1)`);
  await db.execute(sql`insert into dynamics_vend_invoice_jour (id, invoice_account, vendor_name, invoice_id, invoice_date, invoice_amount,
      invoice_amount_mst, sales_balance, sum_line_disc, sum_tax, data_area_id, cash_disc, qty)
    values (7001, 'V001', 'Fresh Foods', 'INV-1', '2026-03-01', 200.50, 200.50, 0, 0, 18.23, 'CCG', 0, 1),
           (7002, 'V002', 'Meat Co', 'INV-2', '2026-03-04', 300, 300, 0, 0, 27.27, 'CCG', 0, 1)`);
  await db.execute(sql`insert into buylink_invoice_header (id, type, invoice_date, invoice_number, cost_centre_code, supplier_name,
      total_amount_inc_tax, total_gst, freight_gst, freight_fee_inc_tax, status)
    values (5001, 'IN', '2026-02-20', 'BL-100', 'TLA1', 'Paper Supplies', 55, 5, 0, 0, 'APPROVED'),
           (5002, 'IN', '2026-02-21', 'BL-200', 'TLB1', 'Paper Supplies', 66, 6, 0, 0, 'PENDING')`);
  await db.execute(sql`insert into adp_employee (id, emp_code, comp_id, employee_name, status, cost_centre_code, start_date, termination_date)
    values ('0190d6a0-0000-7000-8000-000000000001', 'T1001', 'CCG', 'Olive Cook', 'Active', 'TLA1', '2025-07-01', null),
           ('0190d6a0-0000-7000-8000-000000000002', 'T1002', 'CCG', 'Peter Porter', 'Terminated', 'TLA1', '2024-01-15', '2026-01-31'),
           ('0190d6a0-0000-7000-8000-000000000003', 'T1003', 'CCG', 'Bea Other', 'Active', 'TLB1', '2025-05-01', null)`);
});
afterAll(() => t.close());

const get = async (url: string, token = admin.token) => {
  const response = await t.request({ method: 'GET', url, token });
  return response;
};
const page = async (url: string, token = admin.token): Promise<Page> => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const all = async (url: string, token = admin.token) => {
  const entries: Entry[] = [];
  let next: string | null = url;
  while (next) {
    const body: Page = await page(next.replace(/^https?:\/\/[^/]+/, ''), token);
    entries.push(...body.results);
    next = body.next;
  }
  return entries;
};

describe('changed fields', () => {
  it('names them as the record forms do, not by their field names', async () => {
    const le = await insertLegalEntity(t, admin.token, { name: 'Labels Entity', abbr: 'LBE' });
    const client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Labelled Client' })).id;
    const site = (await insertCostCentre(t, admin.token, { client, legal_entity: le.id, name: 'Labelled Site', code: 'LBS1', address: undefined })).id;
    const patch = (url: string, payload: Record<string, unknown>) => t.request({ method: 'PATCH', url, token: admin.token, payload });
    expect((await patch(`/api/accounts/clients/${client}/`, { relation_status: 'INACTIVE', account_type: 'COMPETITOR', abn: '51824753556' })).statusCode).toBe(200);
    expect((await patch(`/api/operations/cost-centres/${site}/`, { operation_status: 'CLOSED' })).statusCode).toBe(200);
    const entries = await all(`/api/accounts/clients/${client}/timeline/`);
    expect(entries.find((e) => e.title === 'Client updated')!.summary).toBe('Changed ABN, Account type, Relation status');
    expect(entries.find((e) => e.title === 'Cost centre LBS1 updated')!.summary).toBe('Changed Operation status');
  });
});

describe('cost centre timeline', () => {
  it('answers every kind of entry of the site, newest first, each linking to its record', async () => {
    const entries = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/`);
    const kinds = new Set(entries.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['audit', 'conversation', 'employee', 'invoice', 'spend', 'ticket']);
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries.find((e) => e.kind === 'ticket')).toMatchObject({
      title: expect.stringMatching(/^#\d+ Fridge is warm$/),
      actor: { id: siteUser.id, full_name: 'Sam Site' },
      link: `/all-tickets/${ids.ticket}`,
    });
    expect(entries.find((e) => e.kind === 'conversation')).toMatchObject({
      summary: 'Technician booked for Monday.',
      actor: { id: admin.id },
    });
    expect(entries.filter((e) => e.kind === 'audit').map((e) => e.title)).toEqual(['Cost centre updated', 'Cost centre created']);
    expect(entries.find((e) => e.title === 'Cost centre updated')!.summary).toBe('Changed Name');
    expect(entries.find((e) => e.kind === 'spend')).toMatchObject({
      at: '2026-03-02T00:00:00.000Z',
      title: 'Spend Produce · $120.50',
      link: `/cost-center/${ids.siteA1}`,
    });
    expect(
      entries
        .filter((e) => e.kind === 'invoice')
        .map((e) => e.title)
        .sort(),
    ).toEqual(['ERP invoice INV-1 · Fresh Foods', 'Invoice BL-100 · Paper Supplies']);
    expect(
      entries
        .filter((e) => e.kind === 'employee')
        .map((e) => e.title)
        .sort(),
    ).toEqual(['Olive Cook started', 'Peter Porter left', 'Peter Porter started']);
    expect(entries.find((e) => e.title === 'Olive Cook started')!.link).toBe(
      '/directory/all-staff/0190d6a0-0000-7000-8000-000000000001',
    );
    // Nothing of the other sites.
    expect(entries.map((e) => e.title).join('\n')).not.toMatch(/BL-200|Bea Other|Meat/);
  });

  it('pages with a cursor without skipping or repeating entries', async () => {
    const everything = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/?limit=100`);
    const paged = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/?limit=2`);
    expect(paged.map((e) => e.id)).toEqual(everything.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    const first = await page(`/api/operations/cost-centres/${ids.siteA1}/timeline/?limit=2`);
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('cursor=');
    expect(first.next).toContain('limit=2');
  });

  it('filters by kind and by date range', async () => {
    const employees = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/?kind=employee,spend`);
    expect(new Set(employees.map((e) => e.kind))).toEqual(new Set(['employee', 'spend']));
    const march = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/?from=2026-03-01&to=2026-03-02`);
    expect(march.map((e) => e.title).sort()).toEqual(['ERP invoice INV-1 · Fresh Foods', 'Spend Produce · $120.50']);
    const upToJanuary = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/?to=2026-01-31T00:00:00Z&kind=employee`);
    expect(upToJanuary.map((e) => e.title)).toEqual(['Peter Porter left', 'Olive Cook started', 'Peter Porter started']);
  });

  it('answers 400 naming the field for a bad kind, date, cursor or range', async () => {
    const base = `/api/operations/cost-centres/${ids.siteA1}/timeline/`;
    for (const [query, field] of [
      ['kind=audit,nonsense', 'kind'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['cursor=not-a-cursor', 'cursor'],
      [
        `cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', 'spend', "s:1' or 1=1"])).toString('base64url')}`,
        'cursor',
      ],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['limit=-1', 'limit'],
    ] as const) {
      const response = await get(`${base}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toEqual([field]);
    }
  });

  it('needs the cost centre read permission (403) and answers 404 outside the allocation or for no record', async () => {
    const guest = await insertUser(t, { userType: 7 });
    expect((await get(`/api/operations/cost-centres/${ids.siteA1}/timeline/`, guest.token)).statusCode).toBe(403);
    expect((await get(`/api/operations/cost-centres/${ids.siteA1}/timeline/`, '')).statusCode).toBe(401);
    expect((await get(`/api/operations/cost-centres/${ids.siteB1}/timeline/`, siteUser.token)).statusCode).toBe(404);
    expect((await get(`/api/operations/cost-centres/${ids.siteA2}/timeline/`, siteUser.token)).statusCode).toBe(404);
    expect((await get(`/api/accounts/clients/${ids.clientA}/timeline/`, siteUser.token)).statusCode).toBe(404);
    expect((await get(`/api/operations/cost-centres/0190d6a0-0000-7000-8000-00000000ffff/timeline/`)).statusCode).toBe(404);
  });

  it('shows each source only to holders of its read permission', async () => {
    // The site user reads cost centres and employees, not tickets, spends or invoices.
    const entries = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/`, siteUser.token);
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['audit', 'employee']));
    // Operation users also read the synced payroll and directory, still not the ERP.
    const ops = await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/`, operations.token);
    expect(ops.some((e) => e.kind === 'spend' || e.kind === 'invoice' || e.kind === 'ticket')).toBe(false);
  });
});

describe('client timeline', () => {
  it("includes its cost centres' entries and not other clients'", async () => {
    const entries = await all(`/api/accounts/clients/${ids.clientA}/timeline/`);
    const titles = entries.map((e) => e.title);
    expect(titles).toContain('Client created');
    expect(titles).toContain('Cost centre TLA1 updated');
    expect(titles).toContain('Cost centre TLA2 created');
    expect(titles.filter((title) => title.startsWith('Spend'))).toHaveLength(2);
    expect(titles.join('\n')).not.toMatch(/BL-200|Bea Other|Meat|TLB1/);
    expect(entries.find((e) => e.title === 'Client created')!.link).toBe(`/clients/${ids.clientA}`);
  });

  it('answers a client that has no cost centre: its own trail and the tickets naming it', async () => {
    const le = await insertLegalEntity(t, admin.token, { name: 'Siteless Entity', abbr: 'SLE' });
    const client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Client Without Sites' })).id;
    const created = await t.request({
      method: 'POST',
      url: '/api/helpdesk/tickets/',
      token: admin.token,
      payload: {
        title: 'Contract renewal question',
        ticket_type: 'SERVICE_REQUEST',
        priority: 'LOW',
        ticket_status: 'OPEN',
        requester: admin.id,
        ticket_content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'When does it renew?' }] }] },
        client,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await t.request({ method: 'GET', url: `/api/accounts/clients/${client}/timeline/`, token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    const titles = (response.json() as Page).results.map((e) => e.title);
    expect(titles).toContain('Client created');
    expect(titles.some((title) => title.endsWith('Contract renewal question'))).toBe(true);
    expect(titles.some((title) => /TLA|TLB|Spend|Invoice|started|left/.test(title))).toBe(false);
  });

  it('answers a client with several cost centres, tickets of each of them', async () => {
    const le = await insertLegalEntity(t, admin.token, { name: 'Many Sites Entity', abbr: 'MSE' });
    const client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Client With Sites' })).id;
    const coded = (await insertCostCentre(t, admin.token, { client, legal_entity: le.id, name: 'Coded Site', code: 'MSE1', address: undefined })).id;
    const second = (await insertCostCentre(t, admin.token, { client, legal_entity: le.id, name: 'Second Site', code: 'MSE2', address: undefined })).id;
    const raise = async (title: string, cost_centre: string) => {
      const created = await t.request({
        method: 'POST',
        url: '/api/helpdesk/tickets/',
        token: admin.token,
        payload: {
          title,
          ticket_type: 'ISSUE',
          priority: 'LOW',
          ticket_status: 'OPEN',
          requester: admin.id,
          ticket_content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
          cost_centre,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    };
    await raise('Oven at the coded site', coded);
    await raise('Oven at the second site', second);
    const response = await t.request({ method: 'GET', url: `/api/accounts/clients/${client}/timeline/?kind=ticket`, token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    const titles = (response.json() as Page).results.map((e) => e.title);
    expect(titles.some((title) => title.endsWith('Oven at the coded site'))).toBe(true);
    expect(titles.some((title) => title.endsWith('Oven at the second site'))).toBe(true);
    const site = await t.request({ method: 'GET', url: `/api/operations/cost-centres/${second}/timeline/`, token: admin.token });
    expect(site.statusCode, site.body).toBe(200);
  });

  it("lists a ticket by the site it names, not by who raised it", async () => {
    // Staff file a ticket on site B1 on behalf of the site user (who is allocated to A1).
    const created = await t.request({
      method: 'POST',
      url: '/api/helpdesk/tickets/',
      token: admin.token,
      payload: {
        title: 'Dishwasher leaking at B1',
        ticket_type: 'ISSUE',
        priority: 'LOW',
        ticket_status: 'OPEN',
        requester: siteUser.id,
        ticket_content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Water on the floor.' }] }] },
        cost_centre: ids.siteB1,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const onB = (await all(`/api/accounts/clients/${ids.clientB}/timeline/?kind=ticket`)).map((e) => e.title);
    const onA1 = (await all(`/api/operations/cost-centres/${ids.siteA1}/timeline/?kind=ticket`)).map((e) => e.title);
    expect(onB.some((title) => title.endsWith('Dishwasher leaking at B1'))).toBe(true);
    expect(onA1.some((title) => title.endsWith('Dishwasher leaking at B1'))).toBe(false);
  });

  it('runs the same bounded statements for a page of 1 and of 100', async () => {
    const counts = [];
    for (const limit of [1, 100]) {
      const response = await t.request({
        method: 'GET',
        url: `/api/accounts/clients/${ids.clientA}/timeline/?limit=${limit}`,
        token: admin.token,
        headers: { 'x-debug-sql': '1' },
      });
      expect(response.statusCode).toBe(200);
      counts.push(Number(response.headers['x-sql-statements']));
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeLessThanOrEqual(4);
  });
});
