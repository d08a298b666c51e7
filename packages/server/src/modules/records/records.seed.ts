import type { DemoSeeder, SeedContext } from '../../platform/demo-seeder';
import { uuidv7 } from '../../db/ids';
import { DEMO_PASSWORD, ensureUser, identityFor } from '../identity/index';
import { createRecordsRepository } from './records.repository';
import type { BulkRow } from './records.tables';
import {
  BRANDS,
  CITIES,
  CLIENT_ROLES,
  createRandom,
  DEPARTMENTS,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  LEGAL_ENTITIES,
  near,
  OPERATION_ROLES,
  POSITIONS,
  STREETS,
  type City,
  type Random,
} from './records.demo-data';
import { ACCOUNT_SOURCES, ACCOUNT_TYPES, CONTACT_PERSON_TYPES, PRODUCT_CODE } from '@ops/contract/records/records.schemas';

// The demo users' password and helpers are identity's (identity/demo-users.ts); kept importable from here.
export { DEMO_PASSWORD, ensureUser, identityFor };

/** The shared password of every demo user (docs/decisions.md, "Demo data"). */

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
const cityByName = new Map(CITIES.map((c) => [c.name, c]));

type Rows = {
  legalEntity: BulkRow<'legalEntity'>[];
  industry: BulkRow<'industry'>[];
  subIndustry: BulkRow<'subIndustry'>[];
  brand: BulkRow<'brand'>[];
  clientRole: BulkRow<'clientRole'>[];
  operationRole: BulkRow<'operationRole'>[];
  client: BulkRow<'client'>[];
  costCentre: BulkRow<'costCentre'>[];
  contactPerson: BulkRow<'contactPerson'>[];
  contactRelation: BulkRow<'contactRelation'>[];
  contactRelationRole: BulkRow<'contactRelationRole'>[];
  costCentreRelation: BulkRow<'costCentreRelation'>[];
  costCentreRelationRole: BulkRow<'costCentreRelationRole'>[];
  address: BulkRow<'address'>[];
  contact: BulkRow<'contact'>[];
  allocation: BulkRow<'allocation'>[];
};

const emptyRows = (): Rows => ({
  legalEntity: [],
  industry: [],
  subIndustry: [],
  brand: [],
  clientRole: [],
  operationRole: [],
  client: [],
  costCentre: [],
  contactPerson: [],
  contactRelation: [],
  contactRelationRole: [],
  costCentreRelation: [],
  costCentreRelationRole: [],
  address: [],
  contact: [],
  allocation: [],
});

/** Insert order: referenced tables first. */
const INSERT_ORDER: (keyof Rows)[] = [
  'legalEntity',
  'industry',
  'subIndustry',
  'brand',
  'clientRole',
  'operationRole',
  'client',
  'costCentre',
  'contactPerson',
  'contactRelation',
  'contactRelationRole',
  'costCentreRelation',
  'costCentreRelationRole',
  'address',
  'contact',
  'allocation',
];

/** Cuts at a word boundary so names stay readable within a column's limit. */
const fitWords = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max + 1).replace(/\s+\S*$/, ''));
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

function address(
  random: Random,
  city: City,
  owner: Partial<BulkRow<'address'>>,
  name: string,
  primary: boolean,
  audit: object,
): BulkRow<'address'> {
  const number = random.int(1, 480);
  const street = random.pick(STREETS);
  const locality = random.chance(0.6) ? random.pick(city.suburbs) : city.name;
  return {
    id: uuidv7(),
    ...owner,
    addressName: name,
    purpose: random.pick(['BUSINESS', 'BUSINESS', 'DELIVERY', 'BILLING'] as const),
    isPrimary: primary,
    streetAddress: `${number} ${street}`,
    locality,
    state: city.state,
    postalCode: city.postcode,
    country: 'Australia',
    formattedAddress: `${number} ${street}, ${locality} ${city.state} ${city.postcode}, Australia`,
    timeZone: city.timeZone,
    ...near(random, city),
    ...audit,
  };
}

function phone(random: Random, state: string) {
  const area = { NSW: '02', ACT: '02', VIC: '03', TAS: '03', QLD: '07', WA: '08', SA: '08', NT: '08' }[state] ?? '02';
  return `${area} ${random.digits(4)} ${random.digits(4)}`;
}
const mobile = (random: Random) => `04${random.digits(2)} ${random.digits(3)} ${random.digits(3)}`;

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
    await identity.updateProfile(id, { phone: phone(random, 'NSW'), mobile: mobile(random) });
    managers.push(id);
  }
  const adminId = userIds.get('admin.user@demo.example')!;
  const owners = [adminId, userIds.get('corporate.user@demo.example')!, userIds.get('ops.user@demo.example')!];
  const started = new Date('2023-02-01T00:00:00Z').getTime();
  const audit = () => {
    const at = new Date(started + random.int(0, 900) * 86_400_000 + random.int(0, 86_399) * 1000);
    return { createdAt: at, updatedAt: at, createdById: adminId, updatedById: adminId };
  };
  const rows = emptyRows();

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
    rows.address.push(address(random, cityByName.get(entity.city)!, { legalEntityId: id }, 'Registered office', true, audit()));
    rows.contact.push({
      id: uuidv7(),
      legalEntityId: id,
      contactType: 'EMAIL',
      contactDetail: `accounts.${entity.abbr.toLowerCase()}@saltbush.example`,
      isPrimary: true,
      ...audit(),
    });
    rows.contact.push({
      id: uuidv7(),
      legalEntityId: id,
      contactType: 'PHONE',
      contactDetail: phone(random, cityByName.get(entity.city)!.state),
      isPrimary: true,
      ...audit(),
    });
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

  const usedNames = new Set<string>();
  const clientsByIndustry = new Map<string, string[]>();
  let siteNumber = 0;
  const siteIds: { id: string; clientId: string; legalEntity: string }[] = [];
  for (let n = 0; n < 200; n++) {
    const industry = INDUSTRIES[n % INDUSTRIES.length]!;
    const city = cityByName.get(random.pick(industry.cities ?? CITIES.map((c) => c.name)))!;
    let name = '';
    for (let attempt = 0; attempt < 10 && (!name || usedNames.has(name)); attempt++) {
      name = random.pick(industry.clientNames).replace('{place}', random.chance(0.5) ? random.pick(city.suburbs) : city.name);
    }
    if (usedNames.has(name)) name = `${name} ${n}`;
    usedNames.add(name);
    const id = uuidv7();
    const ind = industryIds.get(industry.name)!;
    const siblings = clientsByIndustry.get(industry.name) ?? [];
    const legalEntityId = legalEntityIds.get(industry.legalEntity)!;
    rows.client.push({
      id,
      ownerId: random.pick(owners),
      accountNumber: `C${String(10001 + n)}`,
      abn: `${random.int(1, 9)}${random.digits(10)}`,
      acn: random.chance(0.7) ? random.digits(9) : '',
      name,
      description: `${industry.subIndustries[0]} client in ${city.name}`,
      parentId: siblings.length && random.chance(0.12) ? random.pick(siblings) : null,
      legalEntityId,
      industryId: ind.id,
      subIndustryId: random.pick(ind.subs),
      relationStatus: random.chance(0.9) ? 'ACTIVE' : 'INACTIVE',
      accountType: random.chance(0.8) ? 'CLIENT' : random.pick(ACCOUNT_TYPES),
      accountSource: random.pick(ACCOUNT_SOURCES),
      numberOfEmployees: random.int(15, 4000),
      annualRevenue: `${random.int(500_000, 900_000_000)}.${random.digits(2)}`,
      tickerSymbol: random.chance(0.08) ? slug(name).slice(0, 3).toUpperCase() : '',
      ...audit(),
    });
    siblings.push(id);
    clientsByIndustry.set(industry.name, siblings);
    rows.address.push(address(random, city, { clientId: id }, 'Head office', true, audit()));
    if (random.chance(0.3)) rows.address.push(address(random, city, { clientId: id }, 'Accounts payable', false, audit()));
    const domain = `${slug(name).slice(0, 24)}.example`;
    rows.contact.push({
      id: uuidv7(),
      clientId: id,
      contactType: 'EMAIL',
      contactDetail: `reception@${domain}`,
      isPrimary: true,
      ...audit(),
    });
    rows.contact.push({
      id: uuidv7(),
      clientId: id,
      contactType: 'PHONE',
      contactDetail: phone(random, city.state),
      isPrimary: true,
      ...audit(),
    });
    rows.contact.push({
      id: uuidv7(),
      clientId: id,
      contactType: 'WEBSITE',
      contactDetail: `https://www.${domain}`,
      isPrimary: true,
      ...audit(),
    });
    if (random.chance(0.4))
      rows.contact.push({
        id: uuidv7(),
        clientId: id,
        contactType: 'EMAIL',
        description: 'Accounts',
        contactDetail: `accounts@${domain}`,
        isPrimary: false,
        ...audit(),
      });

    // Two or three sites per client (about 500 in all).
    const sites = random.int(2, 3);
    for (let s = 0; s < sites; s++) {
      siteNumber += 1;
      const siteId = uuidv7();
      const brand = random.chance(0.85)
        ? random.pick(brandIds.filter((b) => b.legalEntity === industry.legalEntity).concat(brandIds[0]!))
        : undefined;
      const siteName = fitWords(`${name} ${random.pick(industry.siteNames)}`, 50);
      rows.costCentre.push({
        id: siteId,
        code: `CC${String(siteNumber).padStart(5, '0')}`,
        name: siteName,
        email: `site${siteNumber}@saltbush.example`,
        operationStatus: random.chance(0.75)
          ? 'OPERATING'
          : random.pick(['ONBOARDING', 'MOBILISING', 'DEMOBILISING', 'CLOSED', 'PLACEHOLDER'] as const),
        legalEntityId,
        clientId: id,
        industryId: ind.id,
        subIndustryId: random.pick(ind.subs),
        brandId: brand?.id ?? null,
        ...audit(),
      });
      siteIds.push({ id: siteId, clientId: id, legalEntity: industry.legalEntity });
      if (random.chance(0.92)) rows.address.push(address(random, city, { costCentreId: siteId }, 'Site', true, audit()));
      rows.contact.push({
        id: uuidv7(),
        costCentreId: siteId,
        contactType: 'PHONE',
        contactDetail: phone(random, city.state),
        isPrimary: true,
        ...audit(),
      });
      rows.contact.push({
        id: uuidv7(),
        costCentreId: siteId,
        contactType: 'MOBILE',
        contactDetail: mobile(random),
        isPrimary: true,
        ...audit(),
      });
      rows.contact.push({
        id: uuidv7(),
        costCentreId: siteId,
        contactType: 'EMAIL',
        contactDetail: `site${siteNumber}@saltbush.example`,
        isPrimary: true,
        ...audit(),
      });
      // Every site has an operations manager; some also an executive chef.
      const relationId = uuidv7();
      rows.costCentreRelation.push({
        id: relationId,
        costCentreId: siteId,
        contactPersonId: managers[siteNumber % managers.length]!,
        startDate: '2024-01-01',
        ...audit(),
      });
      rows.costCentreRelationRole.push({ relationId, roleId: operationRoleIds[0]! });
      if (random.chance(0.3)) {
        const chefRelation = uuidv7();
        rows.costCentreRelation.push({
          id: chefRelation,
          costCentreId: siteId,
          contactPersonId: managers[(siteNumber + 3) % managers.length]!,
          ...audit(),
        });
        rows.costCentreRelationRole.push({ relationId: chefRelation, roleId: operationRoleIds[1]! });
      }
    }

    // Two contact people per client, related to it with one or two roles.
    let previous: string | null = null;
    for (let p = 0; p < 2; p++) {
      const personId = uuidv7();
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      rows.contactPerson.push({
        id: personId,
        companyId: id,
        reportsToId: previous,
        salutation: random.pick(['MR', 'MS', 'MRS', 'DR', ''] as const),
        firstName: first,
        lastName: last,
        department: random.pick(DEPARTMENTS),
        position: random.pick(POSITIONS),
        contactPersonType: p === 0 ? 'PRIMARY' : random.pick(CONTACT_PERSON_TYPES),
        communicationPreference: random.pick(['EMAIL', 'PHONE', 'EMAIL'] as const),
        isPrimary: p === 0,
        ...audit(),
      });
      rows.contact.push({
        id: uuidv7(),
        contactPersonId: personId,
        contactType: 'EMAIL',
        contactDetail: `${slug(first)}.${slug(last)}@${domain}`,
        isPrimary: true,
        ...audit(),
      });
      rows.contact.push({
        id: uuidv7(),
        contactPersonId: personId,
        contactType: 'MOBILE',
        contactDetail: mobile(random),
        isPrimary: true,
        ...audit(),
      });
      const relationId = uuidv7();
      rows.contactRelation.push({
        id: relationId,
        clientId: id,
        contactPersonId: personId,
        startDate: `202${random.int(2, 5)}-0${random.int(1, 9)}-01`,
        ...audit(),
      });
      const roles = new Set([random.pick(clientRoleIds), ...(random.chance(0.4) ? [random.pick(clientRoleIds)] : [])]);
      for (const roleId of roles) rows.contactRelationRole.push({ relationId, roleId });
      previous = personId;
    }
  }

  // Allocations: the operation user covers the remote-services entity and one hospital client;
  // the site user two sites and one school; every operations manager their sites.
  const opsUser = userIds.get('ops.user@demo.example')!;
  const siteUser = userIds.get('site.user@demo.example')!;
  rows.allocation.push({ id: uuidv7(), userId: opsUser, legalEntityId: legalEntityIds.get('SBR') });
  rows.allocation.push({ id: uuidv7(), userId: opsUser, clientId: clientsByIndustry.get('Healthcare')![0] });
  rows.allocation.push({ id: uuidv7(), userId: siteUser, clientId: clientsByIndustry.get('Education')![0] });
  for (const site of siteIds.slice(0, 2)) rows.allocation.push({ id: uuidv7(), userId: siteUser, costCentreId: site.id });
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

  await ctx.database.db.transaction(async (tx) => {
    const repository = createRecordsRepository(tx);
    // `as never`: `table` walks a union of tables, so its rows' type is the intersection TypeScript cannot form.
    for (const table of INSERT_ORDER) await repository.insertMany(table, rows[table] as never);
  });
  ctx.print(
    `demo records: ${rows.legalEntity.length} legal entities, ${rows.industry.length} industries, ${rows.client.length} clients, ` +
      `${rows.costCentre.length} cost centres, ${rows.contactPerson.length} contact persons; demo users ${DEMO_USERS.map((u) => u.email).join(', ')} ` +
      `(password ${DEMO_PASSWORD}); ${PRODUCT_CODE}_EVENTS is the events account source`,
  );
}

export const recordsDemoSeeder: DemoSeeder = { key: 'records', name: 'records', run: seedRecordsDemo };
