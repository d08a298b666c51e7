import { uuidv7 } from '../../db/ids';
import type { Random } from '../../platform/demo-random';
import type { BulkRow, BulkTable } from './records.tables';
import { near, STREETS, type City } from './records.demo-places';

/** The tables the demo seed fills, in insert order: referenced tables first. */
export const DEMO_INSERT_ORDER = [
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
] as const satisfies readonly BulkTable[];
export type DemoTable = (typeof DEMO_INSERT_ORDER)[number];

/** The demo seed's rows, by table. */
export type DemoRows = { [K in DemoTable]: BulkRow<K>[] };

export const emptyDemoRows = (): DemoRows => ({
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

/** The audit columns of one row (a creation time drawn from the seed's random sequence). */
export type DemoAudit = Pick<BulkRow<'client'>, 'createdAt' | 'updatedAt' | 'createdById' | 'updatedById'>;

/** The record an address or contact belongs to: one of its owner columns. */
type Owner = Partial<Pick<BulkRow<'contact'>, 'clientId' | 'contactPersonId' | 'costCentreId' | 'legalEntityId'>>;

/** Cuts at a word boundary so names stay readable within a column's limit. */
export const fitWords = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max + 1).replace(/\s+\S*$/, ''));
export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

export function demoAddress(random: Random, city: City, owner: Owner, name: string, primary: boolean, audit: DemoAudit): BulkRow<'address'> {
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

/** A contact (primary unless `extra` says otherwise) of the owner. */
export function demoContact(
  owner: Owner,
  contactType: BulkRow<'contact'>['contactType'],
  contactDetail: string,
  audit: DemoAudit,
  extra: { description?: string; isPrimary?: boolean } = {},
): BulkRow<'contact'> {
  return { id: uuidv7(), ...owner, contactType, contactDetail, isPrimary: true, ...extra, ...audit };
}

export function demoPhone(random: Random, state: string) {
  const area = { NSW: '02', ACT: '02', VIC: '03', TAS: '03', QLD: '07', WA: '08', SA: '08', NT: '08' }[state] ?? '02';
  return `${area} ${random.digits(4)} ${random.digits(4)}`;
}
export const demoMobile = (random: Random) => `04${random.digits(2)} ${random.digits(3)} ${random.digits(3)}`;
