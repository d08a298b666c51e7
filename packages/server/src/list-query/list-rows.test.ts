import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { allocate, insertBrand, insertClient, insertContactPerson, insertCostCentre, insertLegalEntity } from '../test/factories/records';
import { seedScale } from '../modules/records/records.scale-seed';
import { seedScaleTickets } from '../modules/helpdesk/helpdesk.scale-seed';
import {
  brandListRows,
  clientListRows,
  contactPersonListRows,
  contactRelationListRows,
  costCentreListRows,
  costCentreRelationListRows,
  industryListRows,
  legalEntityListRows,
  subIndustryListRows,
} from '../modules/records/records.list-rows';
import { ticketListRows } from '../modules/helpdesk/ticket-views.repository';
import {
  brandsResource,
  clientsResource,
  contactPersonsResource,
  costCentresResource,
  industriesResource,
  legalEntitiesResource,
} from '../modules/records/index';
import { contactRelationsResource, costCentreRelationsResource, subIndustriesResource } from '../modules/records/records.resource';
import { createRecordsRepository } from '../modules/records/records.repository';
import { roleRef } from '../modules/records/records.serializers';
import { ticketsResource } from '../modules/helpdesk/tickets.resource';
import { employeeListRows } from '../modules/integrations/adp.list-rows';
import { employeesResource } from '../modules/integrations/adp.resource';
import { seedIntegrationRows } from '../test/factories/integrations';
import {
  allocationsResource,
  buylinkCostCentresResource,
  consoleLogsResource,
  invoiceHeadersResource,
  suppliersResource,
} from '../modules/integrations/buylink.resource';
import {
  financialDimensionValuesResource,
  invoiceJournalsResource,
  vendorsResource,
  vendSettlementsResource,
  vendSpendsResource,
  vendTransactionsResource,
} from '../modules/integrations/dynamics.resource';
import { directoryGroupsResource, directoryUsersResource, groupMembersResource } from '../modules/integrations/google-sync.resource';
import { syncedListRows } from '../modules/integrations/synced.list-rows';
import type { SyncedResource } from '../modules/integrations/synced-resource';
import type { z } from 'zod';
import type { ListResource } from './list-resource';
import type { ListRows } from './list-rows';
import { recordsWrittenFromRows, setRowWriter } from './list-rows';
import { selectablePaths } from './select';

/**
 * The lists written from rows (list-rows.ts) answer byte for byte what the hydrators and
 * JSON.stringify answered: every list that declares its rows, on random data (odd text, null
 * relations, microsecond timestamps, names with surrounding blanks), whole and under random
 * `select`s, for a superuser and for a user whose scope withholds related records.
 */

let t: TestApp;
let admin: TestUser;
let site: TestUser;
/** The records the relation lists are read under (filled in beforeAll; found by id: the random rewrite may rename them). */
const at = { inside: '', costCentre: '', clientRole: '', operationRole: '', journal: '', group: '' };

/** A small deterministic generator, so a failure can be replayed (the seed is in the test name). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return { next, pick };
}
const SEED = 37_001;
const random = generator(SEED);
const PIECES = ['a', 'Zoë', '"', '\\', '/', '\n', '\t', '\u0001', '\u001f', '\u007f', '\u2028', '\u2029', '中文', '😀', ' ', '<tag>', '&', "'", 'é'];
const oddText = (length: number) => Array.from({ length: 1 + Math.floor(random.next() * length) }, () => random.pick(PIECES)).join('');
const timestamp = () => new Date(Date.UTC(2020, 0, 1) + Math.floor(random.next() * 2e11)).toISOString().replace('Z', `${Math.floor(random.next() * 1000).toString().padStart(3, '0')}Z`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  site = await insertUser(t, { userType: 5 });
  const records = await seedScale({ database: t.database, scale: 0.002, ownerId: admin.id, print: () => undefined, chunkClients: 150 });
  await seedScaleTickets({ database: t.database, run: records.run, ticketsPerClient: 1, print: () => undefined, chunkTickets: 150 });
  // Related records outside the site user's scope: a client in scope whose parent and master are not, a site of it.
  const mine = await insertLegalEntity(t, admin.token, { name: 'Scoped Entity' });
  const other = await insertLegalEntity(t, admin.token);
  const outside = await insertClient(t, admin.token, { owner: admin.id, legal_entity: other.id, name: 'Outside' });
  const inside = await insertClient(t, admin.token, { owner: admin.id, legal_entity: mine.id, name: 'Inside', parent: outside.id, master_record: outside.id });
  at.inside = inside.id;
  at.costCentre = (await insertCostCentre(t, admin.token, { client: inside.id, legal_entity: mine.id, franchisor: outside.id })).id;
  await allocate(t, site.id, { legalEntityId: mine.id });
  // Brands with and without a legal entity, in and out of the site user's scope.
  for (let i = 0; i < 30; i++) {
    const legal = i % 3 === 0 ? mine.id : i % 3 === 1 ? other.id : null;
    await insertBrand(t, admin.token, { name: `B${i}`, ...(legal ? { legal_entity: legal } : {}) });
  }

  // Random values where the seed writes tidy ones.
  const db = t.database;
  // Legal entities with and without a primary address and primary contacts, next to addresses and contacts that are not primary.
  for (let i = 0; i < 60; i++) {
    const id = randomUUID();
    await db.query(`insert into base_legal_entity (id, name, created_by_id, updated_by_id) values ($1, $2, $3, $4)`, [
      id,
      `Legal ${i}`,
      random.next() < 0.8 ? admin.id : null,
      random.next() < 0.5 ? admin.id : null,
    ]);
    for (const primary of [true, false]) {
      if (random.next() < (primary ? 0.6 : 0.3))
        await db.query(
          `insert into records_address (id, legal_entity_id, address_name, purpose, is_primary, premise_address, street_address, locality, state,
                                        postal_code, country, formatted_address)
           values ($1, $2, $3, 'BUSINESS', $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            randomUUID(),
            id,
            oddText(20).slice(0, 255),
            primary,
            random.next() < 0.3 ? '' : oddText(30).slice(0, 255),
            `S${oddText(30)}`.slice(0, 255),
            oddText(20).slice(0, 255),
            oddText(5).slice(0, 100),
            oddText(5).slice(0, 20),
            'Australia',
            random.next() < 0.3 ? '' : oddText(60).slice(0, 500),
          ],
        );
      for (const type of ['PHONE', 'MOBILE', 'EMAIL', 'WEBSITE'])
        if (random.next() < 0.5)
          await db.query(`insert into records_contact (id, legal_entity_id, contact_detail, contact_type, is_primary) values ($1, $2, $3, $4, $5)`, [
            randomUUID(),
            id,
            `C${oddText(30)}`.slice(0, 255),
            type,
            primary,
          ]);
    }
  }
  const ids = async (table: string) => (await db.query<{ id: string }>(`select id::text as id from ${table} order by id`)).map((r) => r.id);
  for (const id of (await ids('accounts_client')).filter(() => random.next() < 0.5)) {
    await db.query(
      `update accounts_client set name = $2, description = $3, ticker_symbol = $4, annual_revenue = $5, number_of_employees = $6,
              created_at = $7, updated_at = $8, abn = $9 where id = $1`,
      [
        id,
        `N${oddText(30)}`,
        random.next() < 0.2 ? '' : oddText(200),
        random.next() < 0.3 ? '' : oddText(8).slice(0, 10),
        random.next() < 0.3 ? null : (random.next() * 1e9).toFixed(2),
        random.next() < 0.3 ? null : Math.floor(random.next() * 100_000),
        timestamp(),
        timestamp(),
        random.next() < 0.3 ? '' : String(Math.floor(random.next() * 1e11)),
      ],
    );
  }
  for (const id of (await ids('accounts_contact_person')).filter(() => random.next() < 0.5)) {
    await db.query(`update accounts_contact_person set first_name = $2, last_name = $3, notes = $4, birthday = $5, updated_at = $6 where id = $1`, [
      id,
      oddText(20).slice(0, 50),
      oddText(20).slice(0, 50),
      random.next() < 0.3 ? '' : oddText(300).slice(0, 255),
      random.next() < 0.3 ? null : timestamp().slice(0, 10),
      timestamp(),
    ]);
  }
  for (const id of (await ids('operations_cost_centre')).filter(() => random.next() < 0.5)) {
    await db.query(`update operations_cost_centre set name = $2, notes = $3, created_at = $4 where id = $1`, [id, `S${oddText(30)}`.slice(0, 50), oddText(100).slice(0, 255), timestamp()]);
  }
  for (const id of (await ids('operations_brand')).filter(() => random.next() < 0.7)) {
    await db.query(`update operations_brand set name = $2, description = $3, created_at = $4, updated_at = $5 where id = $1`, [
      id,
      `B${oddText(20)}`.slice(0, 30),
      random.next() < 0.2 ? '' : oddText(40).slice(0, 50),
      timestamp(),
      timestamp(),
    ]);
  }
  for (const [i, id] of (await ids('base_legal_entity')).entries()) {
    if (random.next() < 0.3) continue;
    // abbr is unique: the row's number (no piece of odd text is a digit) then odd text.
    await db.query(`update base_legal_entity set name = $2, abn = $3, acn = $4, search_name = $5, abbr = $6, created_at = $7, updated_at = $8 where id = $1`, [
      id,
      `L${oddText(30)}`.slice(0, 255),
      random.next() < 0.3 ? '' : oddText(8).slice(0, 11),
      random.next() < 0.3 ? '' : oddText(8).slice(0, 11),
      random.next() < 0.3 ? '' : oddText(40).slice(0, 255),
      random.next() < 0.3 ? null : `${i}${oddText(8)}`.slice(0, 11),
      timestamp(),
      timestamp(),
    ]);
  }
  // Industries without sub-industries and with several, with and without a legal entity.
  const legalIds = await ids('base_legal_entity');
  for (let i = 0; i < 40; i++)
    await db.query(`insert into base_industry (id, name, created_by_id, updated_by_id) values ($1, $2, $3, $4)`, [
      randomUUID(),
      `Industry ${i}`,
      random.next() < 0.8 ? admin.id : null,
      random.next() < 0.5 ? admin.id : null,
    ]);
  const industryIds = await ids('base_industry');
  for (let i = 0; i < 80; i++)
    await db.query(`insert into base_sub_industry (id, name, industry_id, created_by_id) values ($1, $2, $3, $4)`, [
      randomUUID(),
      `Sub-industry ${i}`,
      random.pick(industryIds.slice(0, 30)),
      random.next() < 0.5 ? admin.id : null,
    ]);
  for (const id of (await ids('base_sub_industry')).filter(() => random.next() < 0.7)) {
    await db.query(`update base_sub_industry set name = $2, description = $3, created_at = $4, updated_at = $5 where id = $1`, [
      id,
      `S${oddText(30)}`.slice(0, 255),
      random.next() < 0.2 ? '' : oddText(200),
      timestamp(),
      timestamp(),
    ]);
  }
  for (const id of industryIds.filter(() => random.next() < 0.7)) {
    await db.query(`update base_industry set name = $2, description = $3, legal_entity_id = $4, created_at = $5, updated_at = $6 where id = $1`, [
      id,
      `I${oddText(30)}`.slice(0, 255),
      random.next() < 0.2 ? '' : oddText(200),
      random.next() < 0.3 ? null : random.pick(legalIds),
      timestamp(),
      timestamp(),
    ]);
  }
  for (const id of (await ids('helpdesk_ticket')).filter(() => random.next() < 0.5)) {
    await db.query(`update helpdesk_ticket set title = $2, due_at = $3, first_responded_at = $4, created_at = $5 where id = $1`, [
      id,
      `T${oddText(40)}`,
      random.next() < 0.3 ? null : timestamp(),
      random.next() < 0.5 ? null : timestamp(),
      timestamp(),
    ]);
  }
  // Contact relations and cost centre relations with roles: odd role names and responsibilities, roles
  // sharing a name (then ordered by id), relations without a role, relations whose contact person the
  // site user's scope leaves out (the seeded people's companies are not theirs) and one it keeps.
  const personInside = (await insertContactPerson(t, admin.token, { company: inside.id })).id;
  const people = await ids('accounts_contact_person');
  const users = await ids('auth_user');
  const seededClients = await ids('accounts_client');
  const relationKinds = [
    { roles: 'accounts_client_contact_role', relations: 'accounts_contact_relation', join: 'accounts_contact_relation_role', owner: 'client_id' },
    { roles: 'operations_contact_role', relations: 'operations_contact_relation', join: 'operations_contact_relation_role', owner: 'cost_centre_id' },
  ];
  for (const kind of relationKinds) {
    const roleIds: string[] = [];
    for (let i = 0; i < 14; i++) {
      const name = i >= 10 ? `R${i - 10}` : i < 4 ? `R${i}` : `R${oddText(12)}`.slice(0, 255);
      const [row] = await db.query<{ id: string }>(
        `insert into ${kind.roles} (id, role, responsibility, created_at, updated_at) values (gen_random_uuid(), $1, $2, $3, $4) returning id::text as id`,
        [name, random.next() < 0.3 ? '' : oddText(30).slice(0, 255), timestamp(), timestamp()],
      );
      roleIds.push(row!.id);
    }
    if (kind.owner === 'client_id') at.clientRole = roleIds[0]!;
    else at.operationRole = roleIds[0]!;
    for (let i = 0; i < 160; i++) {
      const owner = kind.owner === 'client_id' ? (i < 130 ? inside.id : random.pick(seededClients)) : at.costCentre;
      const person = kind.owner === 'client_id' ? (i % 10 === 0 ? personInside : random.pick(people)) : random.pick(users);
      const start = random.next() < 0.4 ? null : timestamp().slice(0, 10);
      const [row] = await db.query<{ id: string }>(
        `insert into ${kind.relations} (id, ${kind.owner}, contact_person_id, start_date, end_date, created_at, updated_at, created_by_id, updated_by_id)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8) returning id::text as id`,
        [owner, person, start, start && random.next() < 0.5 ? '2099-12-31' : null, timestamp(), timestamp(), random.next() < 0.2 ? null : admin.id, random.next() < 0.5 ? null : random.pick(users)],
      );
      // No role for one relation in five; the first role on most, so its list is long.
      const chosen = new Set(random.next() < 0.2 ? [] : [...(random.next() < 0.7 ? [roleIds[0]!] : []), ...Array.from({ length: Math.floor(random.next() * 5) }, () => random.pick(roleIds))]);
      for (const roleId of chosen) await db.query(`insert into ${kind.join} (relation_id, role_id) values ($1, $2)`, [row!.id, roleId]);
    }
  }
  // Payroll employees: odd names and details, position titles with odd text or none, managers found,
  // missing, and one whose EmpCode is empty (the item then shows no manager).
  await seedIntegrationRows(t);
  const titles: string[] = [];
  for (let i = 0; i < 8; i++) {
    const [row] = await db.query<{ title: string }>(`insert into adp_position_title (id, title, site_contact) values (gen_random_uuid(), $1, $2) returning title`, [
      `P${i}${oddText(20)}`.slice(0, 100),
      random.next() < 0.5,
    ]);
    titles.push(row!.title);
  }
  const codes = (await db.query<{ code: string }>(`select emp_code as code from adp_employee order by id`)).map((r) => r.code);
  await db.query(`update adp_employee set emp_code = '' where emp_code = $1`, [codes[0]]);
  for (const id of (await ids('adp_employee')).filter(() => random.next() < 0.6)) {
    await db.query(
      `update adp_employee set employee_name = $2, location = $3, email = $4, preferred_name = $5, position_title = $6, reporting_manager_code = $7 where id = $1`,
      [
        id,
        `E${oddText(40)}`.slice(0, 150),
        random.next() < 0.3 ? null : oddText(40).slice(0, 100),
        random.next() < 0.3 ? null : random.next() < 0.2 ? '' : oddText(20).slice(0, 254),
        random.next() < 0.5 ? null : oddText(10).slice(0, 60),
        random.next() < 0.3 ? null : random.pick(titles),
        random.pick([null, '', 'NO-SUCH', random.pick(codes), random.pick(codes)]),
      ],
    );
  }
  await rewriteSyncedRows();
  // People whose names have blanks around them (the item's full_name is trimmed) and odd characters.
  for (const id of (await ids('auth_user')).filter(() => random.next() < 0.5)) {
    await db.query(`update auth_user set first_name = $2, last_name = $3 where id = $1`, [id, ` ${oddText(10)}`.slice(0, 30), `${oddText(10)} `.slice(0, 30)]);
  }
}, 180_000);

/**
 * The synced finance and directory lists' resources (integrations.service.ts `syncedList`), each with
 * an ordering of its own for the ordering case (they have no updated_at); `parent`: the list of a
 * journal or a group reads that record first (one more statement, a 404 when it is not there).
 */
const SYNCED: { name: string; path: () => string; resource: SyncedResource<z.ZodObject>; ordering: string; parent?: 'read first' }[] = [
  { name: 'buylink console logs', path: () => '/api/buylink/console-logs/', resource: consoleLogsResource, ordering: '-level' },
  { name: 'buylink cost centres', path: () => '/api/buylink/cost-centres/', resource: buylinkCostCentresResource, ordering: '-CostCentreCode' },
  { name: 'buylink invoices', path: () => '/api/buylink/invoices/', resource: invoiceHeadersResource, ordering: '-UpdatedOn' },
  { name: 'buylink suppliers', path: () => '/api/buylink/supplier/', resource: suppliersResource, ordering: '-SupplierCategory' },
  { name: 'buylink allocations', path: () => '/api/buylink/supplier-cost-centre-allocations/', resource: allocationsResource, ordering: '-id' },
  { name: 'invoice journals', path: () => '/api/dynamics/atlas-vend-invoice-jours/', resource: invoiceJournalsResource, ordering: '-VendorName' },
  { name: 'financial dimension values', path: () => '/api/dynamics/financial-dimension-values/', resource: financialDimensionValuesResource, ordering: '-segment' },
  { name: 'vendors', path: () => '/api/dynamics/vendors-v3/', resource: vendorsResource, ordering: '-id' },
  { name: 'settlements of a journal', path: () => `/api/dynamics/atlas-vend-invoice-jour/${at.journal}/ccg-vend-settlements/`, resource: vendSettlementsResource, ordering: '-TransDate', parent: 'read first' },
  { name: 'spends of a journal', path: () => `/api/dynamics/atlas-vend-invoice-jour/${at.journal}/ccg-vend-spends/`, resource: vendSpendsResource, ordering: '-InvoicePostingDate', parent: 'read first' },
  { name: 'transactions of a journal', path: () => `/api/dynamics/atlas-vend-invoice-jour/${at.journal}/ccg-vend-transactions/`, resource: vendTransactionsResource, ordering: '-TransDate', parent: 'read first' },
  { name: 'directory groups', path: () => '/api/google-sync/directory-groups/', resource: directoryGroupsResource, ordering: '-id' },
  { name: 'members of a group', path: () => `/api/google-sync/directory-group/${encodeURIComponent(at.group)}/members/`, resource: groupMembersResource, ordering: '-email', parent: 'read first' },
  { name: 'office directory users', path: () => '/api/google-sync/directory-users/office/', resource: directoryUsersResource, ordering: '-region' },
  { name: 'site directory users', path: () => '/api/google-sync/directory-users/site/', resource: directoryUsersResource, ordering: '-department' },
];

/** Ids no comma-joined binding survives, within varchar(20), the shortest synced varchar id. */
const HOSTILE_IDS = ['a,b', ',', 'x"y', '"', "it's", 'back\\slash', '\\', 'a\\,b', '{1,2}', 'NULL', ' lead', 'trail ', 'Zoë,中文', '😀,😀', '[1]', '\u2028', 'é'];
/** int64 ids past 2^53, at the edges of the type. */
const WIDE_INT64_IDS = ['9007199254740992', '9223372036854775807', '-9223372036854775808', '0'];

/**
 * Random values in every synced list's rows (odd text, nulls where the column allows them, wide
 * int64s, microsecond timestamps, jsonb with odd text) and hostile ids: varchar ids with commas,
 * quotes, backslashes and unicode, int64 ids past 2^53. Columns left alone: those a CHECK constrains
 * and those that link a journal to its lines or a member to its group (the nested lists read them).
 */
async function rewriteSyncedRows() {
  const db = t.database;
  const untouched = new Set(['doc_type', 'type', 'status', 'OnHoldStatus', 'userKind', 'role', 'group', 'dataAreaId', 'InvoiceAccount', 'AccountNum', 'InvoiceId']);
  const valueOf = (column: PgColumn): unknown => {
    if (!column.notNull && random.next() < 0.3) return null;
    switch (column.columnType) {
      case 'PgVarchar':
      case 'PgText':
        return oddText(40).slice(0, (column as PgColumn & { length?: number }).length ?? 200);
      case 'PgNumeric':
        return `${random.next() < 0.2 ? '-' : ''}${(random.next() * 1e6).toFixed(2)}`;
      case 'PgCustomColumn':
        return random.pick(['0', '9007199254740993', String(Math.floor(random.next() * 1e6))]);
      case 'PgInteger':
        return Math.floor(random.next() * 1e6);
      case 'PgBoolean':
        return random.next() < 0.5;
      case 'PgDateString':
        return timestamp().slice(0, 10);
      case 'PgTimestamp':
        return timestamp();
      case 'PgJsonb':
        return JSON.stringify(Array.from({ length: Math.floor(random.next() * 3) }, () => oddText(10)));
      case 'PgUUID':
        return randomUUID();
      default:
        throw new Error(`no random value for ${column.columnType}`);
    }
  };
  const seen = new Set<string>();
  for (const { resource } of SYNCED) {
    const table = getTableName(resource.table);
    if (seen.has(table)) continue;
    seen.add(table);
    const idName = resource.id.name;
    const columns = Object.entries(getTableColumns(resource.table)).filter(([key, column]) => column !== resource.id && !untouched.has(key));
    const ids = (await db.query<{ id: string }>(`select ${idName}::text as id from ${table} order by ${idName}`)).map((r) => r.id);
    for (const id of ids.filter(() => random.next() < 0.7)) {
      // A random value may repeat one a unique index holds (short text): drawn again.
      for (let attempt = 0; ; attempt++) {
        try {
          await db.query(`update ${table} set ${columns.map(([, column], i) => `"${column.name}" = $${i + 2}`).join(', ')} where ${idName} = $1::${resource.id.getSQLType()}`, [
            id,
            ...columns.map(([, column]) => valueOf(column)),
          ]);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    }
    // Hostile ids on rows nothing references (a group with members keeps its id: the members' key refers to it).
    const hostile = resource.id.columnType === 'PgVarchar' ? HOSTILE_IDS : resource.id.columnType === 'PgCustomColumn' ? WIDE_INT64_IDS : [];
    const referenced = table === 'google_directory_group' ? new Set((await db.query<{ id: string }>(`select distinct group_id as id from google_group_member`)).map((r) => r.id)) : new Set();
    const free = ids.filter((id) => !referenced.has(id) && !hostile.includes(id));
    // Each table starts at another place in the list, so the short tables between them hold every hostile id.
    const start = (seen.size * 5) % Math.max(1, hostile.length);
    const order = [...hostile.slice(start), ...hostile.slice(0, start)].filter((id) => !ids.includes(id));
    for (const [i, id] of order.entries()) {
      if (free[i]) await db.query(`update ${table} set ${idName} = $1 where ${idName} = $2::${resource.id.getSQLType()}`, [id, free[i]]);
    }
  }
  // The journal with the most lines, the group with the most members (after the rewrite).
  const [journal] = await db.query<{ id: string }>(
    `select j.id::text as id from dynamics_vend_invoice_jour j where j.id >= 0
      order by (select count(*) from dynamics_vend_spend s where (s.data_area_id, s.invoice_account, s.invoice_id) = (j.data_area_id, j.invoice_account, j.invoice_id))
             + (select count(*) from dynamics_vend_transaction s where (s.data_area_id, s.account_num, s.invoice_id) = (j.data_area_id, j.invoice_account, j.invoice_id))
             + (select count(*) from dynamics_vend_settlement s where (s.data_area_id, s.account_num, s.invoice_id) = (j.data_area_id, j.invoice_account, j.invoice_id)) desc, 1
      limit 1`,
  );
  at.journal = journal!.id;
  const [group] = await db.query<{ id: string }>(`select group_id as id from google_group_member group by 1 order by count(*) desc, 1 limit 1`);
  at.group = group!.id;
}

afterEach(() => setRowWriter(true));
afterAll(() => t.close());

interface Answer {
  status: number;
  type: unknown;
  length: unknown;
  body: string;
}
async function both(url: string, token: string): Promise<{ hydrated: Answer; written: Answer }> {
  const get = async (): Promise<Answer> => {
    const response = await t.request({ method: 'GET', url, token });
    return { status: response.statusCode, type: response.headers['content-type'], length: response.headers['content-length'], body: response.body };
  };
  setRowWriter(false);
  const hydrated = await get();
  setRowWriter(true);
  const written = await get();
  return { hydrated, written };
}

/** `query`: added to every request but those that order; `ordering`: another ordering than -updated_at (a list without the field). */
const LISTS: { name: string; path: () => string; rows: ListRows; resource: ListResource; query?: string; ordering?: string }[] = [
  { name: 'clients', path: () => '/api/accounts/clients/', rows: clientListRows, resource: clientsResource },
  { name: 'contact persons', path: () => '/api/accounts/contact-persons/', rows: contactPersonListRows, resource: contactPersonsResource },
  { name: 'cost centres', path: () => '/api/operations/cost-centres/', rows: costCentreListRows, resource: costCentresResource },
  { name: 'brands', path: () => '/api/operations/brands/', rows: brandListRows, resource: brandsResource },
  { name: 'legal entities', path: () => '/api/base/legal-entities/', rows: legalEntityListRows, resource: legalEntitiesResource },
  { name: 'industries', path: () => '/api/base/industries/', rows: industryListRows, resource: industriesResource },
  { name: 'sub-industries', path: () => '/api/base/sub-industries/', rows: subIndustryListRows, resource: subIndustriesResource },
  { name: 'tickets', path: () => '/api/helpdesk/tickets/', rows: ticketListRows, resource: ticketsResource, query: 'ordering=-created_at' },
  { name: 'employees', path: () => '/api/adp/employees/', rows: employeeListRows, resource: employeesResource, ordering: '-StartDate' },
  { name: 'contact relations of a client', path: () => `/api/accounts/clients/${at.inside}/contact-relations/`, rows: contactRelationListRows, resource: contactRelationsResource },
  { name: 'contact relations of a role', path: () => `/api/accounts/roles/${at.clientRole}/contact-relations/`, rows: contactRelationListRows, resource: contactRelationsResource },
  { name: 'cost centre relations of a cost centre', path: () => `/api/operations/cost-centres/${at.costCentre}/contact-relations/`, rows: costCentreRelationListRows, resource: costCentreRelationsResource },
  { name: 'cost centre relations of a role', path: () => `/api/operations/roles/${at.operationRole}/contact-relations/`, rows: costCentreRelationListRows, resource: costCentreRelationsResource },
  ...SYNCED.map((list) => ({ ...list, rows: syncedListRows(list.resource) })),
];

/** A random `select`: a few of the item's paths, in random order. */
function randomSelect(resource: ListResource): string {
  const paths = selectablePaths(resource.itemSchema);
  const count = 1 + Math.floor(random.next() * 8);
  return Array.from({ length: count }, () => random.pick(paths)).join(',');
}

describe(`list pages written from rows are byte-identical to the hydrated ones (seed ${SEED})`, () => {
  it('declares the shape of every key the hydrated item has, in its order', async () => {
    for (const list of LISTS) {
      setRowWriter(false);
      const response = await t.request({ method: 'GET', url: `${list.path()}?limit=1`, token: admin.token });
      const item = (response.json() as { results: Record<string, unknown>[] }).results[0]!;
      expect(Object.keys(list.rows.shape), list.name).toEqual(Object.keys(item));
    }
  });

  for (const list of LISTS) {
    it(`${list.name}: whole pages, offsets, cursors and an empty page`, async () => {
      const extra = list.query ? `&${list.query}` : '';
      for (const query of ['limit=100', 'limit=100&offset=100', 'limit=7&cursor=', `limit=50&ordering=${list.ordering ?? '-updated_at'}`, 'limit=100&search=zzzz-nothing-matches']) {
        const url = `${list.path()}?${query}${query.includes('ordering') ? '' : extra}`;
        const { hydrated, written } = await both(url, admin.token);
        expect(hydrated.status, url).toBe(200);
        expect(written, url).toEqual(hydrated);
      }
    });

    it(`${list.name}: random selects`, async () => {
      for (let i = 0; i < 25; i++) {
        const url = `${list.path()}?limit=100&select=${encodeURIComponent(randomSelect(list.resource))}${list.query ? `&${list.query}` : ''}`;
        const { hydrated, written } = await both(url, admin.token);
        expect(hydrated.status, url).toBe(200);
        expect(written, url).toEqual(hydrated);
      }
    });
  }

  it('writes client, contact person and cost centre details from their rows in one statement: the same bytes and ETag, 404 for a missing id', async () => {
    const statementsOf = (headers: Record<string, unknown>) =>
      JSON.parse(Buffer.from(String(headers['x-debug-sql']), 'base64').toString('utf8')) as { sql: string }[];
    for (const path of ['/api/accounts/clients/', '/api/accounts/contact-persons/', '/api/operations/cost-centres/']) {
      const page = await t.request({ method: 'GET', url: `${path}?limit=100`, token: admin.token });
      const ids = (page.json() as { results: { id: string }[] }).results.map((item) => item.id);
      expect(ids.length, path).toBeGreaterThan(10);
      for (const id of [...ids.slice(0, 25), '00000000-0000-4000-8000-000000000000']) {
        const url = `${path}${id}/`;
        const answers = [];
        for (const on of [false, true]) {
          setRowWriter(on);
          const written = recordsWrittenFromRows();
          const response = await t.request({ method: 'GET', url, token: admin.token, headers: { 'x-debug-sql': '1' } });
          expect(statementsOf(response.headers), url).toHaveLength(1);
          // A record found was written from its row exactly when the row writer is on.
          expect(recordsWrittenFromRows() - written, url).toBe(on && response.statusCode === 200 ? 1 : 0);
          answers.push({ status: response.statusCode, type: response.headers['content-type'], etag: response.headers.etag, body: response.body });
        }
        expect(answers[1], url).toEqual(answers[0]);
        expect(answers[0]!.status, url).toBe(id.startsWith('00000000') ? 404 : 200);
      }
    }
  });

  it('withholds the same related records for a user whose scope leaves them out, whole and selected', async () => {
    for (const url of [
      '/api/accounts/clients/?limit=100',
      '/api/accounts/clients/?limit=100&select=parent,master_record.name,name,master_record.id',
      '/api/operations/cost-centres/?limit=100',
      '/api/operations/cost-centres/?limit=100&select=franchisor.account_number,client',
      '/api/operations/brands/?limit=100',
      '/api/operations/brands/?limit=100&select=legal_entity.name,name,legal_entity.id',
      `/api/accounts/clients/${at.inside}/contact-relations/?limit=100`,
      `/api/accounts/clients/${at.inside}/contact-relations/?limit=100&select=contact_person.full_name,role.role,contact_person.id`,
      `/api/accounts/clients/${at.inside}/contact-relations/?limit=100&offset=100`,
      `/api/operations/cost-centres/${at.costCentre}/contact-relations/?limit=100`,
      `/api/operations/cost-centres/${at.costCentre}/contact-relations/?limit=100&select=role,cost_centre.code,contact_person.email`,
    ]) {
      const { hydrated, written } = await both(url, site.token);
      expect(hydrated.status, url).toBe(200);
      expect(written, url).toEqual(hydrated);
    }
    // The case exists: the site user's page shows the outside parent withheld.
    const page = JSON.parse((await both('/api/accounts/clients/?limit=100', site.token)).written.body) as { results: { id: string; parent: unknown }[] };
    const inside = page.results.find((client) => client.id === at.inside);
    expect(inside?.parent).toMatchObject({ name: null, account_number: null });
    // And a relation of the site user's client shows a contact person of another company withheld.
    const relations = JSON.parse((await both(`/api/accounts/clients/${at.inside}/contact-relations/?limit=100`, site.token)).written.body) as {
      results: { contact_person: { full_name: string | null } }[];
    };
    expect(relations.results.length).toBeGreaterThan(50);
    expect(relations.results.some((relation) => relation.contact_person.full_name === null)).toBe(true);
    expect(relations.results.some((relation) => relation.contact_person.full_name !== null)).toBe(true);
  });

  it("gives each relation the roles relationRoles reads (the former hydrator's lookup, still the audit snapshot's), in its order, none as an empty list", async () => {
    const repository = createRecordsRepository(t.database.db);
    // 130 of the client relations are the client's; every cost centre relation is the cost centre's.
    for (const [kind, url, count] of [
      ['client', `/api/accounts/clients/${at.inside}/contact-relations/?limit=200`, 130],
      ['costCentre', `/api/operations/cost-centres/${at.costCentre}/contact-relations/?limit=200`, 160],
    ] as const) {
      const page = JSON.parse((await both(url, admin.token)).written.body) as { results: { id: string; role: unknown[] }[] };
      const roles = await repository.relationRoles(kind, page.results.map((relation) => relation.id));
      expect(page.results.length, url).toBe(count);
      for (const relation of page.results) expect(relation.role, url).toEqual((roles.get(relation.id) ?? []).map(roleRef));
      // The cases are there: relations without a role, and relations holding two roles of the same name.
      expect(page.results.some((relation) => relation.role.length === 0), url).toBe(true);
      const sameName = page.results.some((relation) => {
        const names = (relation.role as { role: string }[]).map((role) => role.role);
        return new Set(names).size < names.length;
      });
      expect(sameName, url).toBe(true);
    }
  });

  it("writes an industry's own sub-industries (the nested list) as the hydrator does", async () => {
    const [busiest] = await t.database.query<{ id: string; n: number }>(
      `select industry_id::text as id, count(*)::int as n from base_sub_industry group by industry_id order by 2 desc, 1 limit 1`,
    );
    expect(busiest!.n).toBeGreaterThan(1);
    for (const query of ['limit=100', 'limit=2&offset=1', `limit=100&select=${encodeURIComponent('industry.name,name')}`]) {
      const url = `/api/base/industries/${busiest!.id}/sub-industries/?${query}`;
      const { hydrated, written } = await both(url, admin.token);
      expect(hydrated.status, url).toBe(200);
      expect(written, url).toEqual(hydrated);
    }
  });

  it('runs the same number of statements as the hydrated page', async () => {
    for (const list of LISTS) {
      const count = async (on: boolean) => {
        setRowWriter(on);
        const response = await t.request({ method: 'GET', url: `${list.path()}?limit=100`, token: site.token });
        return response.headers['x-sql-statements'];
      };
      // A first request fills the token and permission caches (statements of their own, on either
      // path), and a cache may refresh mid-test on a slow machine: the fewest of three each side is
      // the page's own count.
      await count(false);
      const fewest = async (on: boolean) => Math.min(...[await count(on), await count(on), await count(on)].map(Number));
      expect(await fewest(true), list.name).toBe(await fewest(false));
    }
  });

  it('answers every synced list with its hostile ids (commas, quotes, backslashes, unicode, int64 past 2^53) on both paths', async () => {
    const idsOf = async (url: string) => {
      const { hydrated, written } = await both(url, admin.token);
      expect(hydrated.status, url).toBe(200);
      expect(written, url).toEqual(hydrated);
      const page = JSON.parse(written.body) as { count: number; results: { id: string }[] };
      expect(page.results.length, url).toBe(page.count);
      return page.results.map((row) => row.id);
    };
    const varcharIds = [
      ...(await idsOf('/api/buylink/supplier-cost-centre-allocations/?limit=1000&ordering=id')),
      ...(await idsOf('/api/dynamics/vendors-v3/?limit=1000&ordering=id')),
      ...(await idsOf('/api/google-sync/directory-groups/?limit=1000&ordering=-id')),
      ...(await idsOf('/api/google-sync/directory-users/office/?limit=1000&ordering=id')),
      ...(await idsOf('/api/google-sync/directory-users/site/?limit=1000&ordering=-id')),
    ];
    expect(varcharIds).toEqual(expect.arrayContaining(HOSTILE_IDS));
    const int64Ids = [
      ...(await idsOf('/api/buylink/invoices/?limit=1000&ordering=id')),
      ...(await idsOf('/api/dynamics/atlas-vend-invoice-jours/?limit=1000&ordering=-id')),
    ];
    expect(int64Ids).toEqual(expect.arrayContaining(WIDE_INT64_IDS));
  });

  it('answers a page of every synced list in two statements (count and ids, the page), three with its parent record, both paths', async () => {
    for (const list of SYNCED)
      for (const on of [false, true]) {
        setRowWriter(on);
        await t.request({ method: 'GET', url: `${list.path()}?limit=100`, token: admin.token });
        const response = await t.request({ method: 'GET', url: `${list.path()}?limit=100`, token: admin.token });
        expect(response.statusCode, list.name).toBe(200);
        expect(response.headers['x-sql-statements'], `${list.name} rows ${on}`).toBe(list.parent ? '3' : '2');
      }
  });

  it('answers a page of legal entities, industries or sub-industries in two statements (count and ids, the page), both paths', async () => {
    for (const path of ['/api/base/legal-entities/', '/api/base/industries/', '/api/base/sub-industries/'])
      for (const on of [false, true]) {
        setRowWriter(on);
        await t.request({ method: 'GET', url: `${path}?limit=100`, token: admin.token });
        const response = await t.request({ method: 'GET', url: `${path}?limit=100`, token: admin.token });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['x-sql-statements'], `${path} rows ${on}`).toBe('2');
      }
  });
});
