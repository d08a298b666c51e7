import { randomBytes } from 'node:crypto';
import type { TestApp } from '../test-app';
import { createRecordsRepository } from '../../modules/records/records.repository';

/** Records created through the HTTP API (so each factory exercises the same rules a client hits). */

let counter = 0;
const unique = () => `${++counter}${randomBytes(3).toString('hex')}`.toUpperCase();

async function post<T = Record<string, unknown> & { id: string }>(t: TestApp, token: string, url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await t.request({ method: 'POST', url, token, payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} -> ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

export function buildAddress(overrides: Record<string, unknown> = {}) {
  return {
    address_name: 'Head office',
    purpose: 'BUSINESS',
    street_address: '1 George Street',
    locality: 'Sydney',
    state: 'NSW',
    postal_code: '2000',
    country: 'Australia',
    latitude: '-33.8688197',
    longitude: '151.2092955',
    ...overrides,
  };
}

export const insertLegalEntity = (t: TestApp, token: string, overrides: Record<string, unknown> = {}) =>
  post(t, token, '/api/base/legal-entities/', { name: `Legal Entity ${unique()}`, abbr: `LE${unique()}`.slice(0, 11), ...overrides });

export const insertIndustry = (t: TestApp, token: string, overrides: Record<string, unknown> = {}) =>
  post(t, token, '/api/base/industries/', { name: `Industry ${unique()}`, ...overrides });

export const insertSubIndustry = (t: TestApp, token: string, industryId: string, overrides: Record<string, unknown> = {}) =>
  post(t, token, `/api/base/industries/${industryId}/sub-industries/`, { name: `Sub-industry ${unique()}`, ...overrides });

export const insertClient = (t: TestApp, token: string, values: { owner: string; legal_entity: string } & Record<string, unknown>) =>
  post(t, token, '/api/accounts/clients/', { name: `Client ${unique()}`, account_number: `AC-${unique()}`, ...values });

export const insertCostCentre = (t: TestApp, token: string, values: { client: string; legal_entity: string } & Record<string, unknown>) =>
  post(t, token, '/api/operations/cost-centres/', { name: `Site ${unique()}`, code: unique().slice(0, 10), email: `site.${unique().toLowerCase()}@example.test`, ...values });

export const insertContactPerson = (t: TestApp, token: string, values: { company: string } & Record<string, unknown>) =>
  post(t, token, '/api/accounts/contact-persons/', { first_name: 'Pat', last_name: `Person${unique()}`, ...values });

export const insertBrand = (t: TestApp, token: string, overrides: Record<string, unknown> = {}) =>
  post(t, token, '/api/operations/brands/', { name: `Brand ${unique()}`.slice(0, 30), ...overrides });

export const insertRole = (t: TestApp, token: string, kind: 'accounts' | 'operations', overrides: Record<string, unknown> = {}) =>
  post(t, token, `/api/${kind}/roles/`, { role: `Role ${unique()}`, ...overrides });

/** Allocations have no API of their own (they are assigned by administrators through the CLI and seed). */
export async function allocate(t: TestApp, userId: string, target: { legalEntityId?: string; clientId?: string; costCentreId?: string }) {
  await createRecordsRepository(t.database.db).allocate(userId, target);
}

export { post };
