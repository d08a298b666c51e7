import { PRODUCT_CODE } from '@ops/contract/records/records.schemas';
import type { DemoSeeder, SeedContext } from '../../platform/demo-seeder';
import { uuidv7 } from '../../db/ids';
import { createRandom } from '../../platform/demo-random';
import { DEMO_PASSWORD, ensureUser, identityFor } from '../identity/index';
import { createRecordsRepository } from './records.repository';
import { BRANDS, CLIENT_ROLES, FIRST_NAMES, INDUSTRIES, LAST_NAMES, LEGAL_ENTITIES, OPERATION_ROLES } from './records.demo-data';
import { addDemoClients, demoCity, type DemoClients } from './records.demo-clients';
import { DEMO_INSERT_ORDER, demoAddress, demoContact, demoMobile, demoPhone, emptyDemoRows, type DemoAudit, type DemoRows, type DemoTable } from './records.demo-rows';

// The demo users' password and helpers are identity's (identity/demo-users.ts); kept importable from here.
export { DEMO_PASSWORD, ensureUser, identityFor };

export const DEMO_USERS = [
  { email: 'admin.user@demo.example', firstName: 'Alex', lastName: 'Admin', userType: 1 },
  { email: 'corporate.user@demo.example', firstName: 'Casey', lastName: 'Corporate', userType: 2 },
  { email: 'service.account@demo.example', firstName: 'Service', lastName: 'Account', userType: 3 },
  { email: 'ops.user@demo.example', firstName: 'Olivia', lastName: 'Operations', userType: 4 },
  { email: 'site.user@demo.example', firstName: 'Sam', lastName: 'Site', userType: 5 },
  { email: 'employee.user@demo.example', firstName: 'Eddie', lastName: 'Employee', userType: 6 },
  { email: 'guest.user@demo.example', firstName: 'Gus', lastName: 'Guest', userType: 7 },
] as const;

const OPS_MANAGERS = 8;
const DEMO_CLIENTS = 200;

/** ~200 clients, ~500 cost centres, their people, roles, addresses, contacts and allocations. */
export async function seedRecordsDemo(ctx: SeedContext): Promise<void> {
  const identity = identityFor(ctx.database);
  const userIds = new Map<string, string>();
  for (const user of DEMO_USERS) userIds.set(user.email, await ensureUser(identity, user));
  const random = createRandom(20260601);
  const managers: string[] = [];
  for (let i = 1; i <= OPS_MANAGERS; i++) {
    const id = await ensureUser(identity, {
      email: `ops.manager${i}@demo.example`,
      firstName: FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 11) % LAST_NAMES.length]!,
      userType: 4,
    });
    await identity.updateProfile(id, { phone: demoPhone(random, 'NSW'), mobile: demoMobile(random) });
    managers.push(id);
  }
  const adminId = userIds.get('admin.user@demo.example')!;
  const owners = [adminId, userIds.get('corporate.user@demo.example')!, userIds.get('ops.user@demo.example')!];
  const started = new Date('2023-02-01T00:00:00Z').getTime();
  const audit = (): DemoAudit => {
    const at = new Date(started + random.int(0, 900) * 86_400_000 + random.int(0, 86_399) * 1000);
    return { createdAt: at, updatedAt: at, createdById: adminId, updatedById: adminId };
  };
  const rows = emptyDemoRows();

  const legalEntityIds = new Map<string, string>();
  for (const entity of LEGAL_ENTITIES) {
    const id = uuidv7();
    legalEntityIds.set(entity.abbr, id);
    rows.legalEntity.push({
      id,
      name: entity.name,
      abbr: entity.abbr,
      searchName: entity.name.toUpperCase(),
      abn: `5${random.digits(10)}`,
      acn: random.digits(9),
      ...audit(),
    });
    const city = demoCity(entity.city);
    const owner = { legalEntityId: id };
    rows.address.push(demoAddress(random, city, owner, 'Registered office', true, audit()));
    rows.contact.push(demoContact(owner, 'EMAIL', `accounts.${entity.abbr.toLowerCase()}@saltbush.example`, audit()));
    rows.contact.push(demoContact(owner, 'PHONE', demoPhone(random, city.state), audit()));
  }

  const industryIds = new Map<string, { id: string; subs: string[] }>();
  for (const industry of INDUSTRIES) {
    const id = uuidv7();
    rows.industry.push({
      id,
      name: industry.name,
      description: industry.description,
      legalEntityId: legalEntityIds.get(industry.legalEntity),
      ...audit(),
    });
    const subs = industry.subIndustries.map((name) => {
      const subId = uuidv7();
      rows.subIndustry.push({ id: subId, name, industryId: id, description: `${name} (${industry.name})`, ...audit() });
      return subId;
    });
    industryIds.set(industry.name, { id, subs });
  }

  const brandIds = BRANDS.map((brand) => {
    const id = uuidv7();
    rows.brand.push({
      id,
      name: brand.name,
      description: brand.description,
      legalEntityId: legalEntityIds.get(brand.legalEntity),
      ...audit(),
    });
    return { id, legalEntity: brand.legalEntity };
  });
  const clientRoleIds = CLIENT_ROLES.map((role) => {
    const id = uuidv7();
    rows.clientRole.push({ id, ...role, ...audit() });
    return id;
  });
  const operationRoleIds = OPERATION_ROLES.map((role) => {
    const id = uuidv7();
    rows.operationRole.push({ id, ...role, ...audit() });
    return id;
  });

  const clients = addDemoClients(
    { random, rows, audit, owners, managers, legalEntityIds, industryIds, brandIds, clientRoleIds, operationRoleIds },
    DEMO_CLIENTS,
  );
  addDemoAllocations(rows, clients, legalEntityIds, userIds);

  await ctx.database.db.transaction(async (tx) => {
    const repository = createRecordsRepository(tx);
    const insert = <K extends DemoTable>(table: K) => repository.insertMany(table, rows[table]);
    for (const table of DEMO_INSERT_ORDER) await insert(table);
  });
  ctx.print(
    `demo records: ${rows.legalEntity.length} legal entities, ${rows.industry.length} industries, ${rows.client.length} clients, ` +
      `${rows.costCentre.length} cost centres, ${rows.contactPerson.length} contact persons; demo users ${DEMO_USERS.map((u) => u.email).join(', ')} ` +
      `(password ${DEMO_PASSWORD}); ${PRODUCT_CODE}_EVENTS is the events account source`,
  );
}

/**
 * Allocations: the operation user covers the remote-services entity and one hospital client;
 * the site user two sites and one school; every operations manager their sites (once each).
 */
function addDemoAllocations(rows: DemoRows, clients: DemoClients, legalEntityIds: Map<string, string>, userIds: Map<string, string>): void {
  const opsUser = userIds.get('ops.user@demo.example')!;
  const siteUser = userIds.get('site.user@demo.example')!;
  rows.allocation.push({ id: uuidv7(), userId: opsUser, legalEntityId: legalEntityIds.get('SBR') });
  rows.allocation.push({ id: uuidv7(), userId: opsUser, clientId: clients.clientsByIndustry.get('Healthcare')![0] });
  rows.allocation.push({ id: uuidv7(), userId: siteUser, clientId: clients.clientsByIndustry.get('Education')![0] });
  for (const site of clients.siteIds.slice(0, 2)) rows.allocation.push({ id: uuidv7(), userId: siteUser, costCentreId: site.id });
  for (const relation of rows.costCentreRelation) {
    rows.allocation.push({ id: uuidv7(), userId: relation.contactPersonId, costCentreId: relation.costCentreId });
  }
  const seen = new Set<string>();
  rows.allocation = rows.allocation.filter((a) => {
    const key = `${a.userId}:${a.legalEntityId ?? a.clientId ?? a.costCentreId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const recordsDemoSeeder: DemoSeeder = { key: 'records', name: 'records', run: seedRecordsDemo };
