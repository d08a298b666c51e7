import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import {
  insertBrand,
  insertClient,
  insertContactPerson,
  insertCostCentre,
  insertIndustry,
  insertLegalEntity,
  insertRole,
  insertSubIndustry,
} from '../../test/factories/records';
import { insertTicket, richText } from '../../test/factories/helpdesk';
import { seedIntegrationRows } from '../../test/factories/integrations';

/**
 * `ordering` and `select` in the OpenAPI document are the values the list resources accept:
 * every documented value answers 200 and one outside the enum answers 400, on every list.
 */
type Schema = { type?: string; enum?: string[]; items?: Schema; maxItems?: number };
type Parameter = { name: string; in: string; style?: string; explode?: boolean; schema?: Schema };
let t: TestApp;
let admin: TestUser;
let document: { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
const ajv = new Ajv2020({ strict: false, validateSchema: false });
addFormats.default(ajv);
/** The documented schema of a list's 200 JSON answer, as a reference into the document. */
const pageSchema = (path: string) => ({
  $ref: `openapi#/paths/${encodeURIComponent(path.replace(/~/g, '~0').replace(/\//g, '~1'))}/get/responses/200/content/application~1json/schema`,
});
/** Parent ids by the path before them, where the collection there lists no rows (or is no list). */
const seeded: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const legalEntity = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity.id });
  await insertCostCentre(t, admin.token, { client: client.id, legal_entity: legalEntity.id });
  await insertContactPerson(t, admin.token, { company: client.id });
  await insertSubIndustry(t, admin.token, (await insertIndustry(t, admin.token)).id);
  await insertBrand(t, admin.token);
  await insertRole(t, admin.token, 'accounts');
  await insertRole(t, admin.token, 'operations');
  // A webhook for its deliveries' list (a public address literal: the address guard refuses others, and resolves none).
  const webhook = await t.request({
    method: 'POST',
    url: '/api/automations/webhooks/',
    token: admin.token,
    payload: { name: 'Values hook', url: 'https://93.184.215.14/hook', events: [] },
  });
  expect(webhook.statusCode, webhook.body).toBe(201);
  seeded['/api/operations/contact-persons/'] = admin.id;
  const ticket = await insertTicket(t, admin);
  const conversation = await t.request({
    method: 'POST',
    url: `/api/helpdesk/tickets/${ticket.id}/conversations/`,
    token: admin.token,
    payload: { message: richText('hi') },
  });
  seeded['/api/helpdesk/tickets/conversations/'] = seeded['/api/helpdesk/my-tickets/conversations/'] = conversation.json().id;
  const rows = await seedIntegrationRows(t);
  seeded['/api/dynamics/atlas-vend-invoice-jour/'] = rows.journal;
  seeded['/api/google-sync/directory-group/'] = rows.group;
  document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
  ajv.addSchema(document as never, 'openapi');
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });

/**
 * The path with each `{param}` replaced by its first documented choice, a seeded id, or the first
 * row of the collection before it.
 */
async function concrete(path: string): Promise<string | undefined> {
  let url = path;
  const pathParameters = document.paths[path]?.get?.parameters?.filter((p) => p.in === 'path') ?? [];
  for (const match of path.matchAll(/\{(\w+)\}/g)) {
    const placeholder = match[0];
    const collection = url.slice(0, url.indexOf(placeholder));
    let id = pathParameters.find((p) => p.name === match[1])?.schema?.enum?.[0] ?? seeded[collection];
    if (!id) {
      const page = await get(`${collection}?limit=1`);
      id = page.statusCode === 200 ? page.json().results?.[0]?.id : undefined;
    }
    if (!id) return undefined;
    url = url.replace(placeholder, id);
  }
  return url;
}

const lists = () =>
  Object.entries(document.paths).flatMap(([path, methods]) => {
    const parameters = methods.get?.parameters ?? [];
    const ordering = parameters.find((p) => p.in === 'query' && p.name === 'ordering');
    const select = parameters.find((p) => p.in === 'query' && p.name === 'select');
    return ordering && select ? [{ path, ordering, select }] : [];
  });

describe('ordering and select values in the document', () => {
  it('are comma-separated enums (style form, explode false) on every list operation', () => {
    const problems = lists().flatMap(({ path, ordering, select }) =>
      [ordering, select]
        .filter((p) => p.style !== 'form' || p.explode !== false || p.schema?.type !== 'array' || !p.schema.items?.enum?.length)
        .map((p) => `${path}: ${p.name} ${JSON.stringify(p)}`),
    );
    expect(lists().length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('every documented ordering value and select path answers 200 on every list, selected answers as documented; an undocumented one answers 400', async () => {
    const problems: string[] = [];
    for (const { path, ordering, select } of lists()) {
      const url = await concrete(path);
      if (!url) {
        problems.push(`${path}: no seeded parent`);
        continue;
      }
      for (const value of ordering.schema!.items!.enum!) {
        const answer = await get(`${url}?ordering=${encodeURIComponent(value)}`);
        if (answer.statusCode !== 200)
          problems.push(`${url}?ordering=${value}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      const paths = select.schema!.items!.enum!;
      // At least two requests, so each answer is a strict subset of the item.
      const chunk = Math.min(select.schema!.maxItems ?? paths.length, Math.ceil(paths.length / 2));
      for (let i = 0; i < paths.length; i += chunk) {
        const value = paths.slice(i, i + chunk).join(',');
        const answer = await get(`${url}?select=${encodeURIComponent(value)}`);
        if (answer.statusCode !== 200)
          problems.push(`${url}?select=${value.slice(0, 80)}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        else if (!ajv.validate(pageSchema(path), answer.json()))
          problems.push(`${url}?select=${value.slice(0, 80)}: not as documented: ${ajv.errorsText(ajv.errors)}`);
      }
      for (const [name, value] of [
        ['ordering', '-not_a_field'],
        ['select', 'not_a_field'],
      ]) {
        const answer = await get(`${url}?${name}=${value}`);
        if (answer.statusCode !== 400 || !(name! in answer.json()))
          problems.push(`${url}?${name}=${value}: ${answer.statusCode}, not a 400 naming ${name}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
