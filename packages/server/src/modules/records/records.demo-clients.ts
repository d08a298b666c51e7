import { ACCOUNT_SOURCES, ACCOUNT_TYPES, CONTACT_PERSON_TYPES } from '@ops/contract/records/records.schemas';
import { uuidv7 } from '../../db/ids';
import type { Random } from '../../platform/demo-random';
import { DEPARTMENTS, FIRST_NAMES, INDUSTRIES, LAST_NAMES, POSITIONS, type IndustryData } from './records.demo-data';
import { CITIES, type City } from './records.demo-places';
import { demoAddress, demoContact, demoMobile, demoPhone, fitWords, slug, type DemoAudit, type DemoRows } from './records.demo-rows';

/** What the clients of the demo refer to: the base data's ids, the owners and operations managers. */
export interface DemoClientsInput {
  random: Random;
  rows: DemoRows;
  audit: () => DemoAudit;
  owners: string[];
  managers: string[];
  legalEntityIds: Map<string, string>;
  industryIds: Map<string, { id: string; subs: string[] }>;
  brandIds: { id: string; legalEntity: string }[];
  clientRoleIds: string[];
  operationRoleIds: string[];
}

/** The clients by industry and the sites (cost centres), for the allocations. */
export interface DemoClients {
  clientsByIndustry: Map<string, string[]>;
  siteIds: { id: string; clientId: string; legalEntity: string }[];
}

const cityByName = new Map(CITIES.map((c) => [c.name, c]));
export const demoCity = (name: string): City => cityByName.get(name)!;

/** `count` clients with their addresses and contacts, two or three sites each, and two contact people each. */
export function addDemoClients(input: DemoClientsInput, count: number): DemoClients {
  const { random, rows, audit } = input;
  const usedNames = new Set<string>();
  const clientsByIndustry = new Map<string, string[]>();
  const siteIds: DemoClients['siteIds'] = [];
  const sites = { number: 0 };
  for (let n = 0; n < count; n++) {
    const industry = INDUSTRIES[n % INDUSTRIES.length]!;
    const city = demoCity(random.pick(industry.cities ?? CITIES.map((c) => c.name)));
    let name = '';
    for (let attempt = 0; attempt < 10 && (!name || usedNames.has(name)); attempt++) {
      name = random.pick(industry.clientNames).replace('{place}', random.chance(0.5) ? random.pick(city.suburbs) : city.name);
    }
    if (usedNames.has(name)) name = `${name} ${n}`;
    usedNames.add(name);
    const id = uuidv7();
    const ind = input.industryIds.get(industry.name)!;
    const siblings = clientsByIndustry.get(industry.name) ?? [];
    const legalEntityId = input.legalEntityIds.get(industry.legalEntity)!;
    rows.client.push({
      id,
      ownerId: random.pick(input.owners),
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
    const owner = { clientId: id };
    rows.address.push(demoAddress(random, city, owner, 'Head office', true, audit()));
    if (random.chance(0.3)) rows.address.push(demoAddress(random, city, owner, 'Accounts payable', false, audit()));
    const domain = `${slug(name).slice(0, 24)}.example`;
    rows.contact.push(demoContact(owner, 'EMAIL', `reception@${domain}`, audit()));
    rows.contact.push(demoContact(owner, 'PHONE', demoPhone(random, city.state), audit()));
    rows.contact.push(demoContact(owner, 'WEBSITE', `https://www.${domain}`, audit()));
    if (random.chance(0.4))
      rows.contact.push(demoContact(owner, 'EMAIL', `accounts@${domain}`, audit(), { description: 'Accounts', isPrimary: false }));

    // Two or three sites per client (about 500 in all).
    const siteCount = random.int(2, 3);
    for (let s = 0; s < siteCount; s++) {
      sites.number += 1;
      const siteId = addDemoSite(input, { id, name, city, industry, legalEntityId, subs: ind }, sites.number);
      siteIds.push({ id: siteId, clientId: id, legalEntity: industry.legalEntity });
    }
    addDemoContactPeople(input, id, domain);
  }
  return { clientsByIndustry, siteIds };
}

type SiteClient = { id: string; name: string; city: City; industry: IndustryData; legalEntityId: string; subs: { id: string; subs: string[] } };

/** One site (cost centre) of a client, with its address, contacts and operations manager (some also an executive chef). */
function addDemoSite(input: DemoClientsInput, client: SiteClient, siteNumber: number): string {
  const { random, rows, audit, brandIds, managers, operationRoleIds } = input;
  const { city, industry } = client;
  const siteId = uuidv7();
  const brand = random.chance(0.85)
    ? random.pick(brandIds.filter((b) => b.legalEntity === industry.legalEntity).concat(brandIds[0]!))
    : undefined;
  const siteName = fitWords(`${client.name} ${random.pick(industry.siteNames)}`, 50);
  rows.costCentre.push({
    id: siteId,
    code: `CC${String(siteNumber).padStart(5, '0')}`,
    name: siteName,
    email: `site${siteNumber}@saltbush.example`,
    operationStatus: random.chance(0.75)
      ? 'OPERATING'
      : random.pick(['ONBOARDING', 'MOBILISING', 'DEMOBILISING', 'CLOSED', 'PLACEHOLDER'] as const),
    legalEntityId: client.legalEntityId,
    clientId: client.id,
    industryId: client.subs.id,
    subIndustryId: random.pick(client.subs.subs),
    brandId: brand?.id ?? null,
    ...audit(),
  });
  const owner = { costCentreId: siteId };
  if (random.chance(0.92)) rows.address.push(demoAddress(random, city, owner, 'Site', true, audit()));
  rows.contact.push(demoContact(owner, 'PHONE', demoPhone(random, city.state), audit()));
  rows.contact.push(demoContact(owner, 'MOBILE', demoMobile(random), audit()));
  rows.contact.push(demoContact(owner, 'EMAIL', `site${siteNumber}@saltbush.example`, audit()));
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
  return siteId;
}

/** Two contact people of a client, the second reporting to the first, related to it with one or two roles. */
function addDemoContactPeople(input: DemoClientsInput, clientId: string, domain: string): void {
  const { random, rows, audit, clientRoleIds } = input;
  let previous: string | null = null;
  for (let p = 0; p < 2; p++) {
    const personId = uuidv7();
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    rows.contactPerson.push({
      id: personId,
      companyId: clientId,
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
    const owner = { contactPersonId: personId };
    rows.contact.push(demoContact(owner, 'EMAIL', `${slug(first)}.${slug(last)}@${domain}`, audit()));
    rows.contact.push(demoContact(owner, 'MOBILE', demoMobile(random), audit()));
    const relationId = uuidv7();
    rows.contactRelation.push({
      id: relationId,
      clientId,
      contactPersonId: personId,
      startDate: `202${random.int(2, 5)}-0${random.int(1, 9)}-01`,
      ...audit(),
    });
    const roles = new Set([random.pick(clientRoleIds), ...(random.chance(0.4) ? [random.pick(clientRoleIds)] : [])]);
    for (const roleId of roles) rows.contactRelationRole.push({ relationId, roleId });
    previous = personId;
  }
}
