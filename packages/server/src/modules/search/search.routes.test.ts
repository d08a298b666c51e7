import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { allocate, insertClient, insertContactPerson, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { insertTicket, raiseTicket } from '../../test/factories/helpdesk';

let t: TestApp;
let admin: TestUser;
let corporate: TestUser;
let siteUser: TestUser;
let guest: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  corporate = await insertUser(t, { userType: 2, firstName: 'Cora', lastName: 'Quartermaine' });
  siteUser = await insertUser(t, { userType: 5 });
  guest = await insertUser(t, { userType: 7 });
  const le = await insertLegalEntity(t, admin.token, { name: 'Harbour Holdings', abbr: 'HHL' });
  const client = (name: string, extra: Record<string, unknown> = {}) =>
    insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name, ...extra }).then((c: { id: string }) => c.id);
  ids.catering = await client('Catering Excellence', { account_number: 'ACC-7781' });
  ids.harbour = await client('Harbour Catering Group');
  ids.zebra = await client('Zebra Logistics');
  ids.siteOk = (
    await insertCostCentre(t, admin.token, { client: ids.catering, legal_entity: le.id, name: 'Catering Kitchen North' })
  ).id;
  ids.siteOther = (
    await insertCostCentre(t, admin.token, { client: ids.harbour, legal_entity: le.id, name: 'Catering Kitchen South' })
  ).id;
  ids.person = (await insertContactPerson(t, admin.token, { company: ids.zebra, first_name: 'Priya', last_name: 'Caterham' })).id;
  ids.ticket = (await insertTicket(t, admin, { title: 'Catering order missing' })).id;
  ids.ownTicket = await raiseTicket(t, guest, { title: 'My catering invoice' });
  await allocate(t, siteUser.id, { costCentreId: ids.siteOk });
});
afterAll(() => t.close());

type Result = { type: string; id: string; title: string; subtitle: string; url: string };
async function search(user: TestUser, q: string): Promise<Result[]> {
  const response = await t.request({ method: 'GET', url: `/api/search/?q=${encodeURIComponent(q)}`, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

/** The statements a search by the admin sent (the debug header), after checking it answered 200. */
async function statementsOf(q: string): Promise<{ sql: string; params: unknown[] }[]> {
  const response = await t.request({
    method: 'GET',
    url: `/api/search/?q=${encodeURIComponent(q)}`,
    token: admin.token,
    headers: { 'x-debug-sql': '1' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8'));
}

describe('search everything', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/search/?q=cat' })).statusCode).toBe(401);
  });

  it('answers 400 naming q when it is missing or too long; a blank q finds nothing', async () => {
    for (const url of ['/api/search/', `/api/search/?q=${'a'.repeat(201)}`, '/api/search/?q=a&q=b']) {
      const response = await t.request({ method: 'GET', url, token: admin.token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toHaveProperty('q');
    }
    for (const url of ['/api/search/?q=', '/api/search/?q=%20%20']) {
      const response = await t.request({ method: 'GET', url, token: admin.token });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ results: [] });
    }
  });

  it('finds every kind, best first, with links into the app', async () => {
    const results = await search(admin, 'catering');
    const types = new Set(results.map((r) => r.type));
    for (const type of ['client', 'cost_centre', 'ticket']) expect(types, type).toContain(type);
    expect(results.length).toBeLessThanOrEqual(20);
    const client = results.find((r) => r.id === ids.catering)!;
    expect(client).toMatchObject({ type: 'client', title: 'Catering Excellence', url: `/clients/${ids.catering}` });
    expect(client.subtitle).toContain('ACC-7781');
    // A prefix match ranks above a match in the middle of the name.
    expect(results.findIndex((r) => r.id === ids.catering)).toBeLessThan(results.findIndex((r) => r.id === ids.harbour));
    expect(results.find((r) => r.id === ids.ticket)).toMatchObject({ url: `/all-tickets/${ids.ticket}` });
    expect((await search(admin, 'Caterham'))[0]).toMatchObject({
      type: 'contact_person',
      id: ids.person,
      url: `/contact-person/${ids.person}`,
    });
    expect((await search(admin, 'Quartermaine'))[0]).toMatchObject({
      type: 'user',
      id: corporate.id,
      title: 'Cora Quartermaine',
    });
    expect((await search(admin, 'ACC-7781'))[0]).toMatchObject({ id: ids.catering });
  });

  it('tolerates typos (trigram similarity)', async () => {
    const results = await search(admin, 'cateirng');
    expect(results.map((r) => r.id)).toContain(ids.catering);
    expect((await search(admin, 'zebra logistcs'))[0]).toMatchObject({ id: ids.zebra });
    expect((await search(admin, 'legl entites')).map((r) => r.url)).toContain('/legal-entities');
  });

  it('finds a ticket by its number', async () => {
    const number = (await t.request({ method: 'GET', url: `/api/helpdesk/tickets/${ids.ticket}/`, token: admin.token })).json()
      .number;
    expect((await search(admin, `#${number}`))[0]).toMatchObject({ type: 'ticket', id: ids.ticket });
  });

  it('offers only pages the user may open', async () => {
    expect((await search(admin, 'all clients')).map((r) => r.url)).toContain('/clients');
    const guestPages = (await search(guest, 'clients')).filter((r) => r.type === 'page');
    expect(guestPages).toEqual([]);
    expect((await search(guest, 'notifications')).map((r) => r.url)).toContain('/notifications');
  });

  it('a user without the client permission gets no clients (nor any record they cannot read)', async () => {
    const results = await search(guest, 'catering');
    expect(results.filter((r) => ['client', 'cost_centre', 'contact_person', 'user'].includes(r.type))).toEqual([]);
    // Their own ticket only, at the My Tickets route.
    expect(results.filter((r) => r.type === 'ticket')).toEqual([
      expect.objectContaining({ id: ids.ownTicket, url: `/tickets/${ids.ownTicket}` }),
    ]);
  });

  it('a Site user finds only what is allocated to them', async () => {
    const results = await search(siteUser, 'catering kitchen');
    const sites = results.filter((r) => r.type === 'cost_centre').map((r) => r.id);
    expect(sites).toEqual([ids.siteOk]);
    const clients = (await search(siteUser, 'catering')).filter((r) => r.type === 'client').map((r) => r.id);
    expect(clients).not.toContain(ids.harbour);
    expect((await search(siteUser, 'zebra')).filter((r) => r.type === 'client')).toEqual([]);
  });

  it('an Operation user allocated a client finds it and its sites, nothing outside, and the statement walks the allocation once', async () => {
    const operator = await insertUser(t, { userType: 4 });
    await allocate(t, operator.id, { clientId: ids.catering });
    const response = await t.request({
      method: 'GET',
      url: `/api/search/?q=${encodeURIComponent('catering')}`,
      token: operator.token,
      headers: { 'x-debug-sql': '1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as Result[];
    expect(results.filter((r) => r.type === 'client').map((r) => r.id)).toEqual([ids.catering]);
    expect(results.filter((r) => r.type === 'cost_centre').map((r) => r.id)).toEqual([ids.siteOk]);
    expect(results.filter((r) => r.type === 'contact_person')).toEqual([]);
    const statements = JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8')) as { sql: string }[];
    // The last statement is the search (a first request signs the token in first).
    const statement = statements.at(-1);
    expect(statement!.sql).toContain('"accounts_client"');
    // Read once for every kind's two scans (each walked it again before: planned and started ten times).
    expect(statement!.sql.match(/inherited\(id, depth\)/g)).toHaveLength(1);
  });

  it('answers a search in one statement, every kind in it (cached token, so no sign-in lookup)', async () => {
    await search(admin, 'warm the token cache');
    const response = await t.request({
      method: 'GET',
      url: `/api/search/?q=${encodeURIComponent('cateirng')}`,
      token: admin.token,
      headers: { 'x-debug-sql': '1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statements = JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8')) as {
      sql: string;
    }[];
    expect(Number(response.headers['x-sql-statements'])).toBe(1);
    expect(statements).toHaveLength(1);
    for (const table of ['accounts_client', 'operations_cost_centre', 'accounts_contact_person', 'helpdesk_ticket', 'auth_user'])
      expect(statements[0]!.sql, table).toContain(`"${table}"`);
    expect(response.json().results.map((r: Result) => r.id)).toContain(ids.catering);
  });

  it('treats LIKE wildcards and quotes in q as plain text', async () => {
    expect((await search(admin, '%')).filter((r) => r.type === 'client')).toEqual([]);
    expect((await search(admin, "_' or 1=1 --")).filter((r) => r.type === 'client')).toEqual([]);
  });
});

describe('search everything: tickets by several words (title word index, migration 0016)', () => {
  const tickets: Record<string, string> = {};
  beforeAll(async () => {
    const titles = {
      coolRoom: 'Walk-in cool room temperature alarm at Banksia Village',
      startsWith: 'Private Hospital kitchen dishwasher broken',
      apart: 'Hospital kitchen at the private wing',
      inside: 'Dishwasher at Belmont Private Hospital',
    };
    for (const [key, title] of Object.entries(titles)) tickets[key] = (await insertTicket(t, admin, { title })).id;
  });

  const ticketIds = (results: Result[]) => results.filter((r) => r.type === 'ticket').map((r) => r.id);

  it('finds a ticket by several words of its title, the last one cut short', async () => {
    for (const q of ['cool room temp', 'room temperature alarm', 'banksia vill', 'Walk-in cool'])
      expect(ticketIds(await search(admin, q)), q).toContain(tickets.coolRoom);
  });

  it('ranks the titles containing the words as typed above titles holding them apart', async () => {
    const found = ticketIds(await search(admin, 'private hospital'));
    expect(found.slice(0, 2)).toEqual([tickets.startsWith, tickets.inside]);
    if (found.includes(tickets.apart!)) expect(found.indexOf(tickets.apart!)).toBeGreaterThan(1);
    // The requester-only scope still holds: a guest finds none of these staff tickets.
    expect(ticketIds(await search(guest, 'private hospital'))).toEqual([]);
  });

  it('tolerates typos in several words (word similarity)', async () => {
    const found = ticketIds(await search(admin, 'privat hospitl'));
    expect(found).toEqual(expect.arrayContaining([tickets.startsWith, tickets.inside]));
    expect(ticketIds(await search(admin, 'cool rom temprature'))).toContain(tickets.coolRoom);
  });

  it('treats text-search syntax in a query of several words as plain text', async () => {
    for (const q of ['cool room:*', 'cool & room', 'room | !cool', "cool 'room'", 'cool \\room', 'temp:* alarm', 'cool <-> room', '& |', "'' \\"])
      expect(Array.isArray(await search(admin, q)), q).toBe(true);
    // Punctuation inside the words is matched as typed, as before.
    expect(ticketIds(await search(admin, 'Walk-in cool room'))).toContain(tickets.coolRoom);
  });

  it('looks the words up in the title word index, not the trigram index, for the substring candidates', async () => {
    const [statement] = await statementsOf('private hospitl');
    // Index paths only (a few rows would be read by a sequential scan otherwise): the plan shows which index answers what.
    const off = ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'];
    const explain = `explain (format json) ${statement!.sql}`;
    let plan: unknown;
    if (t.database.pool) {
      const client = await t.database.pool.connect();
      try {
        for (const setting of off) await client.query(`set ${setting} = off`);
        plan = (await client.query(explain, statement!.params)).rows[0]['QUERY PLAN'];
      } finally {
        for (const setting of off) await client.query(`reset ${setting}`);
        client.release();
      }
    } else {
      const pglite = t.database.pglite!;
      for (const setting of off) await pglite.exec(`set ${setting} = off`);
      try {
        plan = (await pglite.query<{ 'QUERY PLAN': unknown }>(explain, statement!.params)).rows[0]!['QUERY PLAN'];
      } finally {
        for (const setting of off) await pglite.exec(`reset ${setting}`);
      }
    }
    const nodes: { 'Index Name'?: string; 'Index Cond'?: string }[] = [];
    const walk = (node: Record<string, unknown>) => {
      nodes.push(node);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
    walk(parsed[0]!.Plan);
    const words = nodes.filter((n) => n['Index Name'] === 'helpdesk_ticket_title_words_idx');
    expect(words.length, JSON.stringify(parsed)).toBeGreaterThan(0);
    expect(words[0]!['Index Cond']).toContain('@@');
    // The trigram index still answers the word-similarity candidates, never the substring.
    for (const node of nodes.filter((n) => n['Index Name'] === 'helpdesk_ticket_title_trgm_idx'))
      expect(node['Index Cond']).not.toContain('~~');
  });
});

describe('search everything: typo correction through the vocabulary of names and titles (migration 0017)', () => {
  const vocabulary = async (words: string[]) =>
    (
      await t.database.query<{ word: string }>('select word from search_word where word = any($1::text[]) order by word', [words])
    ).map((r) => r.word);

  it('finds a ticket by a typo in a single word of its title, through the vocabulary and the title word index', async () => {
    const ticket = (await insertTicket(t, admin, { title: 'Espresso machine descaling overdue' })).id;
    // Written through the API: the insert trigger put the title's words in the vocabulary (no digits, three letters or more).
    expect(await vocabulary(['espresso', 'machine', 'descaling', 'overdue'])).toEqual([
      'descaling',
      'espresso',
      'machine',
      'overdue',
    ]);
    for (const q of ['descalng', 'expresso machin', 'espreso descaling overdeu'])
      expect((await search(admin, q)).filter((r) => r.type === 'ticket').map((r) => r.id), q).toContain(ticket);

    const [statement] = await statementsOf('descalng');
    expect(statement!.sql).toMatch(/\bsearch_word\b/);
    // No trigram similarity of the records themselves (`<%`, `<<%`): the vocabulary's words are compared, the records found by word.
    expect(statement!.sql).not.toMatch(/<<?%/);
  });

  it('keeps the vocabulary as records are renamed, and corrects each word of a name', async () => {
    const le = await insertLegalEntity(t, admin.token, { name: 'Vocabulary Holdings' });
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Wattlebird Bakery' });
    expect((await search(admin, 'watlebird')).map((r) => r.id)).toContain(client.id);
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/accounts/clients/${client.id}/`,
      token: admin.token,
      payload: { name: 'Kookaburra Provisions' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await vocabulary(['kookaburra', 'provisions'])).toEqual(['kookaburra', 'provisions']);
    expect((await search(admin, 'kookabura provisons'))[0]).toMatchObject({ type: 'client', id: client.id });
    // A word no record holds any more stays in the vocabulary and finds nothing.
    expect((await search(admin, 'watlebird')).map((r) => r.id)).not.toContain(client.id);
  });

  it('finds a name by its words while the last one is typed: letters through the vocabulary, digits as a prefix', async () => {
    const le = await insertLegalEntity(t, admin.token, { name: 'Prefix Holdings' });
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Pelican Kiosk Terrace 4471' });
    for (const q of ['Pelican Kio', 'pelican kiosk terr', 'Pelican Kiosk Terrace 44', 'Kiosk Terrace 4471'])
      expect((await search(admin, q)).map((r) => r.id), q).toContain(client.id);
  });

  it('corrects a word with two neighbouring letters swapped, which trigram similarity alone misses', async () => {
    const le = await insertLegalEntity(t, admin.token, { name: 'Swapped Letters Holdings' });
    const gamma = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Qrx7B Gamma Provedore' });
    const person = await insertContactPerson(t, admin.token, { company: gamma.id, first_name: 'Olwen', last_name: 'Smith' });
    // "gmama"/"gamma" and "smtih"/"smith" share 2 of 10 trigrams (0.2, under the 0.3 a correction needs).
    // A token with digits is no vocabulary word and needs no correction ("qrx" is not a word of it).
    expect((await search(admin, 'Qrx7B Gmama'))[0]).toMatchObject({ type: 'client', id: gamma.id });
    expect((await search(admin, 'Olwen Smtih')).map((r) => r.id)).toContain(person.id);
  });

  it('a query without a word of three letters looks nothing up in the vocabulary', async () => {
    const [statement] = await statementsOf('#12');
    expect(statement!.sql).not.toMatch(/\bsearch_word\b/);
  });
});
