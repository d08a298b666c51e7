import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ticketCreateFormSchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { insertTicket, multipart, richText } from './test/factories/helpdesk';
import { buildAddress, insertBrand, insertClient, insertContactPerson, insertCostCentre, insertIndustry, insertLegalEntity, insertRole, insertSubIndustry, post } from './test/factories/records';
import { bodyWith, oneCharacter, SCRIPTS, stringLimits, valueAt, valueOfLength, type StringLimit } from './test/schema-limits';

/**
 * Every maximum length of the request schemas, found by walking the
 * contract's zod schemas of each PATCH route (so a new field or route is
 * covered without editing this file): a value of exactly the maximum, in
 * ASCII and in non-ASCII letters, is stored and answered back unchanged; one
 * character more answers 400 naming the field; nothing answers 500.
 */
let t: TestApp;
let admin: TestUser;
/** The record each PATCH route changes, by the route's collection path. */
const instances = new Map<string, string>();
/** Path parameters naming a parent record. */
const parents = new Map<string, string>();

const AREAS = /^\/api\/(accounts|base|operations|helpdesk|identity)\//;

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: 1000 });
  admin = await insertUser(t, { superuser: true });
  const token = admin.token;
  const legalEntity = await insertLegalEntity(t, token);
  const industry = await insertIndustry(t, token);
  const subIndustry = await insertSubIndustry(t, token, industry.id);
  const client = await insertClient(t, token, { owner: admin.id, legal_entity: legalEntity.id });
  const person = await insertContactPerson(t, token, { company: client.id });
  const costCentre = await insertCostCentre(t, token, { client: client.id, legal_entity: legalEntity.id });
  const brand = await insertBrand(t, token);
  const clientRole = await insertRole(t, token, 'accounts');
  const operationRole = await insertRole(t, token, 'operations');
  const clientRelation = await post(t, token, '/api/accounts/contact-relations/', { client: client.id, contact_person: person.id });
  const siteRelation = await post(t, token, '/api/operations/contact-relations/', { cost_centre: costCentre.id, contact_person: admin.id });
  const ticket = await insertTicket(t, admin);
  const conversation = await post(t, token, `/api/helpdesk/tickets/${ticket.id}/conversations/`, { message: richText('Hello.') });
  const pageSetting = await post(t, token, '/api/identity/page-setting/', { page: 'BOUNDARY-PAGE', layout: 'GRID' });
  const view = await post(t, token, '/api/identity/views/', { page: 'BOUNDARY-PAGE', name: 'Boundary view' });
  const cannedReply = await post(t, token, '/api/helpdesk/canned-replies/', { title: 'Boundary reply', body: richText('Hello.') });

  parents.set('client_id', client.id).set('contact_person_id', person.id).set('legal_entity_id', legalEntity.id);
  parents.set('industry_id', industry.id).set('cost_centre_id', costCentre.id).set('ticket_id', ticket.id).set('page_id', pageSetting.id);
  instances.set('/api/accounts/clients/', client.id).set('/api/accounts/contact-persons/', person.id);
  instances.set('/api/accounts/contact-relations/', clientRelation.id).set('/api/accounts/roles/', clientRole.id);
  instances.set('/api/base/industries/', industry.id).set('/api/base/sub-industries/', subIndustry.id).set('/api/base/industries/{industry_id}/sub-industries/', subIndustry.id);
  instances.set('/api/base/legal-entities/', legalEntity.id).set('/api/operations/brands/', brand.id).set('/api/operations/cost-centres/', costCentre.id);
  instances.set('/api/operations/roles/', operationRole.id).set('/api/operations/contact-relations/', siteRelation.id);
  instances.set('/api/helpdesk/tickets/', ticket.id).set('/api/helpdesk/tickets/{ticket_id}/conversations/', conversation.id);
  instances.set('/api/identity/views/', view.id);
  instances.set('/api/helpdesk/canned-replies/', cannedReply.id);
  // Help desk teams, routing rules and SLA policies (they match PROBLEM/LOW tickets only, so no other ticket here is routed).
  const team = await post(t, token, '/api/helpdesk/teams/', { name: 'Boundary team' });
  const rule = await post(t, token, '/api/helpdesk/routing-rules/', { position: 1, team: team.id, ticket_type: 'PROBLEM', priority: 'LOW' });
  const hours = { timezone: 'UTC', days: { mon: [['08:00', '17:00']] } };
  const policy = await post(t, token, '/api/helpdesk/sla-policies/', { name: 'Boundary policy', position: 1, ticket_type: 'PROBLEM', priority: 'LOW', first_response_minutes: 10, resolution_minutes: 20, business_hours: hours });
  instances.set('/api/helpdesk/teams/', team.id).set('/api/helpdesk/routing-rules/', rule.id).set('/api/helpdesk/sla-policies/', policy.id);
  for (const [owner, ownerPath] of [
    ['client_id', '/api/accounts/clients/{client_id}/'],
    ['contact_person_id', '/api/accounts/contact-persons/{contact_person_id}/'],
    ['legal_entity_id', '/api/base/legal-entities/{legal_entity_id}/'],
    ['cost_centre_id', '/api/operations/cost-centres/{cost_centre_id}/'],
  ] as const) {
    const base = ownerPath.replace(`{${owner}}`, parents.get(owner)!);
    instances.set(`${ownerPath}addresses/`, (await post(t, token, `${base}addresses/`, buildAddress())).id);
    instances.set(`${ownerPath}contacts/`, (await post(t, token, `${base}contacts/`, { contact_type: 'PHONE', contact_detail: '0400 000 000' })).id);
  }
}, 120_000);
afterAll(() => t?.close());

function urlOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
    if (name !== 'id') return parents.get(name) ?? `missing-${name}`;
    return instances.get(path.slice(0, offset)) ?? 'missing-instance';
  });
}

const describeLimit = (limit: StringLimit) => limit.path.join('.');

/** Fields whose validity depends on a sibling: the sibling sent with them and the value's shape. */
const COMPANIONS: Record<string, { siblings: Record<string, unknown>; shape: 'email' }> = {
  contact_detail: { siblings: { contact_type: 'EMAIL' }, shape: 'email' },
};
/** Limits that are guards over a closed set of values: only "one past" is checked. */
const GUARDS: Record<string, string> = { timezone: 'an IANA zone name: no zone is as long as its limit' };

describe('string length boundaries from the contract', () => {
  it('stores every maximum length exactly (ASCII, unicode and beyond the BMP) and answers 400 naming the field one past it', async () => {
    const routes = t.app.routeTable.filter((e) => e.method === 'PATCH' && e.endpoint.body && !e.endpoint.multipart && AREAS.test(e.path));
    const failures: string[] = [];
    const skipped: string[] = [];
    let checked = 0;
    for (const entry of routes) {
      const url = urlOf(entry.path);
      if (url.includes('missing')) {
        failures.push(`${entry.path}: no test record for this route (add one in beforeAll)`);
        continue;
      }
      for (const limit of stringLimits(entry.endpoint.body as z.ZodType)) {
        const name = `${entry.path} ${describeLimit(limit)} (max ${limit.max})`;
        for (const script of SCRIPTS) {
          const unicode = script !== 'ascii';
          const field = String(limit.path[limit.path.length - 1]);
          const companion = COMPANIONS[field];
          const value = valueOfLength(limit, limit.max, script, companion?.shape);
          const payload = (text: string) => ({ ...companion?.siblings, ...bodyWith(limit.path, text) });
          if (value === undefined) {
            // No value of that length is valid (a closed set such as time zones): only one past the limit is checked.
            if (!GUARDS[field]) skipped.push(`${name}${unicode ? ` ${script}` : ''}`);
          } else {
            checked += 1;
            const atMax = await t.request({ method: 'PATCH', url, token: admin.token, payload: payload(value) });
            if (atMax.statusCode !== 200) {
              failures.push(`${name} at ${limit.max}${unicode ? ` ${script}` : ''}: ${atMax.statusCode} ${atMax.body.slice(0, 200)}`);
            } else {
              const echoed = valueAt(atMax.json(), limit.path);
              if (echoed !== undefined && echoed !== value && !(typeof echoed === 'string' && echoed.toLowerCase() === value.toLowerCase())) {
                failures.push(`${name}${unicode ? ` ${script}` : ''}: answered ${JSON.stringify(echoed).slice(0, 60)}, sent ${JSON.stringify(value).slice(0, 60)}`);
              }
            }
          }
          const over = await t.request({ method: 'PATCH', url, token: admin.token, payload: payload(`${oneCharacter(script)}${value ?? 'a'.repeat(limit.max)}`) });
          const named = over.statusCode === 400 && (valueAt(over.json(), limit.path) !== undefined || valueAt(over.json(), limit.path.filter((p) => typeof p === 'string')) !== undefined);
          if (!named) {
            failures.push(`${name} at ${limit.max + 1}${unicode ? ` ${script}` : ''}: ${over.statusCode} ${over.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk must have found the spec's limits (255 names, 11-digit numbers, 30-char brand names...).
    expect(checked).toBeGreaterThan(80);
    expect(skipped.filter((s) => !s.endsWith('unicode') && !s.endsWith('astral'))).toEqual([]);
  }, 300_000);

  it("the help drawer's multipart form: every maximum length at, past and in unicode", async () => {
    const user = await insertUser(t, { userType: 6 });
    const content = JSON.stringify(richText('Boundaries.'));
    const failures: string[] = [];
    for (const limit of stringLimits(ticketCreateFormSchema)) {
      for (const script of SCRIPTS) {
        const value = valueOfLength(limit, limit.max, script)!;
        const over = multipart({ title: 'Boundary', ticket_content: content, [String(limit.path[0])]: `x${value}` });
        const refused = await t.request({ method: 'POST', url: '/api/helpdesk/my-tickets/issue/', token: user.token, payload: over.payload, headers: over.headers });
        if (refused.statusCode !== 400 || !(String(limit.path[0]) in refused.json())) failures.push(`${describeLimit(limit)} at ${limit.max + 1}: ${refused.statusCode} ${refused.body}`);
        if (GUARDS[String(limit.path[0])]) continue;
        const atMax = multipart({ title: 'Boundary', ticket_content: content, [String(limit.path[0])]: value });
        const created = await t.request({ method: 'POST', url: '/api/helpdesk/my-tickets/issue/', token: user.token, payload: atMax.payload, headers: atMax.headers });
        if (created.statusCode !== 201) failures.push(`${describeLimit(limit)} at ${limit.max}: ${created.statusCode} ${created.body}`);
        else {
          const detail = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${created.json().id}/`, token: user.token });
          if (valueAt(detail.json(), limit.path) !== value) failures.push(`${describeLimit(limit)}: stored ${JSON.stringify(valueAt(detail.json(), limit.path))}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Values of the wrong type, out of any column's range, or shaped to trip a parser or the database. */
const HOSTILE_VALUES: unknown[] = [
  null, '', ' ', '\u0000', 'a\u0000b', '\u202e\ud800', -1, 0.5, -0, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, true, [], {}, ['x'], { id: 'x' },
  'not-a-uuid', '00000000-0000-0000-0000-000000000000', '0001-01-01', '9999-12-31T23:59:59Z', '2024-02-30', '275760-09-13', 'NaN', '1e400',
  '<script>alert(1)</script>', "'; drop table x; --",
];

describe('hostile values in every PATCH field', () => {
  it('answer 200 or 4xx, never 5xx', async () => {
    const routes = t.app.routeTable.filter((e) => e.method === 'PATCH' && e.endpoint.body && !e.endpoint.multipart && AREAS.test(e.path));
    const failures: string[] = [];
    let sent = 0;
    for (const entry of routes) {
      const url = urlOf(entry.path);
      const schema = entry.endpoint.body as z.ZodType;
      const fields = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
      for (const field of fields) {
        for (const value of HOSTILE_VALUES) {
          sent += 1;
          const response = await t.request({ method: 'PATCH', url, token: admin.token, payload: { [field]: value } });
          if (response.statusCode >= 500) failures.push(`${entry.path} ${field}=${JSON.stringify(value)}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 300_000);
});
