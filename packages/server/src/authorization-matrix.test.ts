import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultGrantsFor, moduleOfModel, type PermissionModel, type UserType } from '@ops/contract/common/permissions';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { createTestApp, type TestApp } from './test/test-app';
import ExcelJS from 'exceljs';
import { grant, insertUser, signIn, type TestUser } from './test/factories/users';
import { multipart, raiseTicket, richText, SAMPLE_FILES } from './test/factories/helpdesk';
import {
  allocate,
  buildAddress,
  insertClient,
  insertContactPerson,
  insertCostCentre,
  insertLegalEntity,
  post,
} from './test/factories/records';
import { fastifyPath, type RouteTableEntry } from './platform/route';

/**
 * The authorization matrix, generated from the route table: every route is
 * called by anonymous, a superuser, a user of each default group and a user
 * with no group, and the status must follow the route's declared access rule
 * and the default group policy. A route added anywhere is covered without
 * editing this file.
 */
interface Principal {
  name: string;
  user?: TestUser;
  userType?: UserType;
  superuser?: boolean;
  noGroup?: boolean;
}

let t: TestApp;
const principals: Principal[] = [{ name: 'anonymous' }];

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: 1000 });
  principals.push({ name: 'superuser', superuser: true, user: await insertUser(t, { superuser: true }) });
  for (const type of [1, 2, 3, 4, 5, 6, 7] as UserType[]) {
    principals.push({ name: `group of user type ${type}`, userType: type, user: await insertUser(t, { userType: type }) });
  }
  principals.push({ name: 'user with no group', noGroup: true, user: await insertUser(t, { userType: 2, noGroup: true }) });
}, 120_000);
afterAll(() => t?.close());

function allowedFor(principal: Principal, entry: RouteTableEntry): 'allowed' | 401 | 403 {
  const access = entry.endpoint.access;
  if (access.kind === 'public' || access.kind === 'optional') return 'allowed';
  if (!principal.user) return 401;
  if (access.kind === 'authenticated' || principal.superuser) return 'allowed';
  if (principal.noGroup || !principal.userType) return 403;
  const module = moduleOfModel(access.model);
  if (!module) throw new Error(`${entry.method} ${entry.path}: model ${access.model} is not in the permission catalogue`);
  return defaultGrantsFor(principal.userType, module, access.model as PermissionModel).includes(access.action) ? 'allowed' : 403;
}

/** A URL for the route with sample path parameters (enum: its first value; otherwise a random uuid). */
function sampleUrl(endpoint: EndpointDefinition): string {
  const shape = endpoint.params instanceof z.ZodObject ? (endpoint.params.shape as Record<string, z.ZodType>) : {};
  return endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const schema = shape[name];
    if (schema instanceof z.ZodEnum) return String(schema.options[0]);
    return randomUUID();
  });
}

const endsCredentials = (path: string) => /\/logout(all)?\/$/.test(path);

describe('authorization matrix', () => {
  it('covers every API route Fastify serves', () => {
    const declared = new Set(t.app.routeTable.map((e) => `${e.method} ${fastifyPath(e.path)}`));
    // /api/docs/ is the interactive reference: static pages over the public OpenAPI document, not API operations.
    const served = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    const undeclared = served.filter((r) => !declared.has(`${r.method} ${r.url}`) && !isMethodNotAllowedRoute(r));
    expect(undeclared).toEqual([]);
  });

  it('answers every route as its access rule and the default groups say', async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeTable) {
      for (const principal of principals) {
        // A stream that is allowed never ends; its delivery is proved by the notifications tests.
        if (entry.endpoint.streaming && allowedFor(principal, entry) === 'allowed') continue;
        let token = principal.user?.token;
        if (token && endsCredentials(entry.path)) token = await signIn(t, principal.user!.email, principal.user!.password);
        const response = await t.request({
          method: entry.method,
          url: sampleUrl(entry.endpoint),
          token,
          ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { payload: {} }),
        });
        // logoutall ends every token of the user: sign the principal in again.
        if (principal.user && endsCredentials(entry.path))
          principal.user.token = await signIn(t, principal.user.email, principal.user.password);
        const expected = allowedFor(principal, entry);
        const status = response.statusCode;
        const ok = expected === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok)
          failures.push(
            `${entry.method} ${entry.path} as ${principal.name}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers 405 to methods a path does not list, for anyone', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const entry of t.app.routeTable) byPath.set(entry.path, (byPath.get(entry.path) ?? new Set()).add(entry.method));
    const failures: string[] = [];
    for (const [path, methods] of byPath) {
      const endpoint = t.app.routeTable.find((e) => e.path === path)!.endpoint;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !methods.has(m))) {
        const response = await t.request({ method: method as 'GET', url: sampleUrl(endpoint) });
        if (response.statusCode !== 405) failures.push(`${method} ${path}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Step-up (spec platform §14.5): every route the contract marks `stepUp` answers 403
 * `step_up_required` to a caller allowed to use it whose last password or second-factor check is
 * older than STEP_UP_SECONDS, before it reads the body; `'export'` routes only for their CSV and
 * XLSX exports.
 */
describe('step-up', () => {
  it('marks the sensitive routes, and each refuses a stale check with the 403 of the spec', async () => {
    const marked = t.app.routeTable.filter((e) => e.endpoint.stepUp);
    expect(marked.map((e) => `${e.method} ${e.path}${e.endpoint.stepUp === 'export' ? ' (exports)' : ''}`).sort()).toEqual([
      'DELETE /api/identity/allocations/{id}/',
      'DELETE /api/identity/mfa/passkeys/{id}/',
      'GET /api/adp/employees (exports)',
      'GET /api/adp/employees/ (exports)',
      'GET /api/identity/users/{id}/export/',
      'GET /api/operations/cost-centres/{cost_centre_id}/employees/ (exports)',
      'POST /api/identity/allocations/',
      'POST /api/identity/mfa/passkeys/',
      'POST /api/identity/mfa/passkeys/options/',
      'POST /api/identity/mfa/totp/setup/',
      'POST /api/identity/users/{id}/erase/',
      'POST /api/identity/users/{id}/mfa/reset/',
    ]);
    const admin = await insertUser(t, { superuser: true });
    await t.database.query(`update auth_token set verified_at = now() - interval '11 minutes' where user_id = $1`, [admin.id]);
    const failures: string[] = [];
    for (const entry of marked) {
      for (const format of entry.endpoint.stepUp === 'export' ? ['csv', 'xlsx'] : [undefined]) {
        const url = sampleUrl(entry.endpoint) + (format ? `?format=${format}` : '');
        const response = await t.request({ method: entry.method, url, token: admin.token, ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { payload: {} }) });
        if (response.statusCode !== 403 || response.json().code !== 'step_up_required') failures.push(`${entry.method} ${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      if (entry.endpoint.stepUp === 'export') {
        const plain = await t.request({ method: entry.method, url: sampleUrl(entry.endpoint), token: admin.token });
        if (plain.statusCode === 403) failures.push(`${entry.method} ${entry.path} without an export: 403`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Another user's own-ticket access: every my-tickets route that names a
 * ticket, conversation or attachment is called by every signed-in principal
 * with the real ids of someone else's ticket, and must answer 404 (never 403,
 * which would confirm the ticket exists) and change nothing.
 */
describe("another user's own-ticket access", () => {
  const OWN_TICKET_PATH = /^\/api\/helpdesk\/my-tickets\/(\{(ticket_id|id)\}|conversations\/\{conversation_id\})\//;

  it('answers 404 on every my-tickets path and method for a ticket of another user, and changes nothing', async () => {
    const owner = await insertUser(t, { userType: 6 });
    const ticket = await raiseTicket(t, owner, {
      files: [{ field: 'attachments[0][attachment]', filename: 'owner.txt', content: SAMPLE_FILES.txt() }],
    });
    const ticketAttachment = (
      await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/`, token: owner.token })
    ).json().results[0].id as string;
    const message = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${ticket}/conversations/`,
      token: owner.token,
      payload: { message: richText('Owner only.') },
    });
    const conversation = message.json().id as string;
    const file = multipart({}, [{ field: 'attachment', filename: 'reply.txt', content: SAMPLE_FILES.txt() }]);
    const uploaded = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/conversations/${conversation}/attachments/`,
      token: owner.token,
      payload: file.payload,
      headers: file.headers,
    });
    expect(uploaded.statusCode).toBe(201);
    const conversationAttachment = uploaded.json().id as string;
    const snapshot = async () =>
      (
        await t.database.query<{ n: string }>(
          `select (select count(*) from helpdesk_attachment where ticket_id = $1)::text || '/' || (select count(*) from helpdesk_conversation where ticket_id = $1)::text || '/' ||
                  (select updated_at::text from helpdesk_ticket where id = $1) as n`,
          [ticket],
        )
      )[0]!.n;
    const before = await snapshot();

    // Real ids by what each placeholder names under its path.
    const urlFor = (path: string) =>
      path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
        if (name === 'ticket_id') return ticket;
        if (name === 'conversation_id') return conversation;
        const parent = path.slice(0, offset);
        if (parent.endsWith('/conversations/attachments/') || /\/conversations\/\{conversation_id\}\/attachments\/$/.test(parent))
          return conversationAttachment;
        if (parent.endsWith('/attachments/')) return ticketAttachment;
        if (parent.endsWith('/conversations/')) return conversation;
        return ticket;
      });

    const entries = t.app.routeTable.filter((e) => OWN_TICKET_PATH.test(e.path));
    // Every kind of nested own-ticket resource is in the generated set.
    for (const part of [
      '{id}/',
      '{ticket_id}/attachments/{id}/download/',
      '{ticket_id}/conversations/{id}/',
      'conversations/{conversation_id}/attachments/{id}/',
    ]) {
      expect(
        entries.some((e) => e.path.endsWith(part)),
        part,
      ).toBe(true);
    }
    const failures: string[] = [];
    for (const entry of entries) {
      for (const principal of principals.filter((p) => p.user)) {
        const url = urlFor(entry.path);
        const body = entry.endpoint.multipart
          ? file
          : entry.method === 'GET' || entry.method === 'DELETE'
            ? undefined
            : { payload: { message: richText('Not yours.'), title: 'Not yours' } };
        const response = await t.request({ method: entry.method, url, token: principal.user!.token, ...(body ?? {}) });
        if (response.statusCode !== 404)
          failures.push(`${entry.method} ${url} as ${principal.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    const download = await t.request({
      method: 'GET',
      url: `/api/helpdesk/my-tickets/${ticket}/attachments/${ticketAttachment}/download/`,
      token: owner.token,
    });
    expect(download.statusCode).toBe(200);
  }, 120_000);
});

/**
 * Allocation scope over every read route: an Operation user and a Site user
 * allocated to one client call every GET route of the route table (lists,
 * details, nested lists, `format=csv` exports, maps) with the ids of records
 * outside their allocation, and every list with filters that step into a
 * related record outside it. No answer may contain an outside record, and a
 * relation filter into an outside record never matches (spec platform §5;
 * docs/decisions.md, "Relation traversal").
 */
describe('allocation scope on every read route', () => {
  const outside = `Outside${randomUUID().slice(0, 8)}`;
  const hidden = `Hidden${randomUUID().slice(0, 8)}`;
  const ids: Record<string, string> = {};
  const scoped: Principal[] = [];
  let admin: TestUser;

  beforeAll(async () => {
    admin = principals.find((p) => p.superuser)!.user!;
    const leIn = await insertLegalEntity(t, admin.token);
    // Legal entities and roles are not allocation-scoped (spec platform §5), so they carry no outside marker.
    const leOut = await insertLegalEntity(t, admin.token);
    const address = { address: buildAddress() };
    const clientIn = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: leIn.id,
      name: 'Inside Client',
      ...address,
    });
    const clientOut = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: leOut.id,
      name: `${outside} Client`,
      annual_revenue: '1000000.00',
      number_of_employees: 40,
      ...address,
    });
    const siteIn = await insertCostCentre(t, admin.token, {
      client: clientIn.id,
      legal_entity: leIn.id,
      name: 'Inside Site',
      code: `IN${outside.slice(-6)}`,
      address: buildAddress(),
    });
    const siteOut = await insertCostCentre(t, admin.token, {
      client: clientOut.id,
      franchisor: clientOut.id,
      legal_entity: leOut.id,
      name: `${outside} Site`,
      code: `OU${outside.slice(-6)}`,
      address: buildAddress(),
    });
    // Outside records that point at outside records, so every relation probe below matches for the superuser.
    await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: leOut.id,
      name: `${outside} Branch`,
      parent: clientOut.id,
      master_record: clientOut.id,
    });
    // Hidden: outside the allocation, but pointed at by records inside it (a directly allocated cost
    // centre of an unallocated client, a franchisor, a parent, a manager, a contact), the case a
    // relation filter could probe. A visible record may name them; a filter must not match them.
    const clientHidden = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: leOut.id,
      name: `${hidden} Client`,
      annual_revenue: '2000000.00',
      number_of_employees: 12,
    });
    const siteDirect = await insertCostCentre(t, admin.token, {
      client: clientHidden.id,
      franchisor: clientHidden.id,
      legal_entity: leOut.id,
      name: 'Inside Direct Site',
    });
    const personHidden = await insertContactPerson(t, admin.token, { company: clientHidden.id, last_name: hidden });
    const personIn = await insertContactPerson(t, admin.token, {
      company: clientIn.id,
      last_name: 'Insider',
      reports_to: personHidden.id,
    });
    const personOut = await insertContactPerson(t, admin.token, { company: clientOut.id, last_name: outside });
    await insertContactPerson(t, admin.token, { company: clientOut.id, last_name: `${outside}Report`, reports_to: personOut.id });
    const parented = await t.request({
      method: 'PATCH',
      url: `/api/accounts/clients/${clientIn.id}/`,
      token: admin.token,
      payload: { parent: clientHidden.id, master_record: clientHidden.id },
    });
    expect(parented.statusCode, parented.body).toBe(200);
    const role = await post(t, admin.token, '/api/accounts/roles/', { role: `Role ${randomUUID().slice(0, 8)}` });
    const relationOut = await post(t, admin.token, '/api/accounts/contact-relations/', {
      client: clientOut.id,
      contact_person: personOut.id,
      role: [role.id],
    });
    const operationRole = await post(t, admin.token, '/api/operations/roles/', { role: `Role ${randomUUID().slice(0, 8)}` });
    const siteRelationOut = await post(t, admin.token, '/api/operations/contact-relations/', {
      cost_centre: siteOut.id,
      contact_person: admin.id,
      role: [operationRole.id],
    });
    await post(t, admin.token, '/api/accounts/contact-relations/', {
      client: clientIn.id,
      contact_person: personHidden.id,
      role: [role.id],
    });
    await post(t, admin.token, '/api/operations/contact-relations/', {
      cost_centre: siteDirect.id,
      contact_person: admin.id,
      role: [operationRole.id],
    });
    const franchised = await t.request({
      method: 'PATCH',
      url: `/api/operations/cost-centres/${siteIn.id}/`,
      token: admin.token,
      payload: { franchisor: clientHidden.id },
    });
    expect(franchised.statusCode, franchised.body).toBe(200);
    Object.assign(ids, {
      clientIn: clientIn.id,
      clientOut: clientOut.id,
      siteIn: siteIn.id,
      siteOut: siteOut.id,
      personIn: personIn.id,
      personOut: personOut.id,
      relationOut: relationOut.id,
      siteRelationOut: siteRelationOut.id,
      siteDirect: siteDirect.id,
      clientHidden: clientHidden.id,
      personHidden: personHidden.id,
      leOut: leOut.id,
    });
    for (const [code, name] of [
      [`IN${outside.slice(-6)}`, 'Inside Worker'],
      [`OU${outside.slice(-6)}`, `${outside} Worker`],
    ] as const) {
      await t.database.query(
        `insert into adp_employee (id, emp_code, comp_id, employee_name, status, email, mobile, cost_centre_code) values ($1, $2, 'C1', $3, 'Active', $4, '0400 000 000', $5)`,
        [randomUUID(), `E${randomUUID().slice(0, 8)}`, name, `${name.replace(/\W/g, '.').toLowerCase()}@example.test`, code],
      );
    }
    for (const type of [4, 5] as UserType[]) {
      const user = await insertUser(t, { userType: type });
      await allocate(t, user.id, { clientId: clientIn.id });
      await allocate(t, user.id, { costCentreId: siteDirect.id });
      scoped.push({ name: `allocated user of type ${type}`, userType: type, user });
    }
  }, 120_000);

  const leaks = (body: string) =>
    body.toLowerCase().includes(outside.toLowerCase()) ||
    [ids.clientOut, ids.siteOut, ids.personOut, ids.relationOut, ids.siteRelationOut].some((id) => body.includes(id!));

  /** The outside record a path parameter names, by the collection it follows. */
  function outsideUrl(path: string): string {
    return path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
      const before = path.slice(0, offset);
      if (name === 'cost_centre_id' || before.endsWith('/cost-centres/')) return ids.siteOut!;
      if (name === 'client_id' || before.endsWith('/clients/')) return ids.clientOut!;
      if (before.endsWith('/contact-persons/')) return ids.personOut!;
      if (before === '/api/operations/contact-relations/') return ids.siteRelationOut!;
      if (before.endsWith('/contact-relations/')) return ids.relationOut!;
      return randomUUID();
    });
  }

  /** The visible record a path parameter names (the directly allocated cost centre, the allocated client). */
  function insideUrl(path: string): string {
    return path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
      const before = path.slice(0, offset);
      if (name === 'cost_centre_id' || before.endsWith('/cost-centres/')) return ids.siteDirect!;
      if (name === 'client_id' || before.endsWith('/clients/')) return ids.clientIn!;
      if (before.endsWith('/contact-persons/')) return ids.personIn!;
      return randomUUID();
    });
  }

  const isList = (entry: RouteTableEntry) =>
    entry.endpoint.query instanceof z.ZodObject && 'filters' in entry.endpoint.query.shape;
  const reads = () => t.app.routeTable.filter((e) => e.method === 'GET' && !e.endpoint.streaming);

  it('shows nothing outside the allocation on any list, detail, nested, export or map route', async () => {
    const failures: string[] = [];
    let inside = 0;
    for (const principal of scoped) {
      for (const entry of reads()) {
        const url = outsideUrl(entry.path);
        for (const variant of isList(entry) ? [url, `${url}?format=csv`, `${url}?search=${outside}`] : [url]) {
          const response = await t.request({ method: 'GET', url: variant, token: principal.user!.token });
          if (response.statusCode >= 500 || (response.statusCode === 200 && leaks(response.body))) {
            failures.push(`GET ${variant} as ${principal.name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
          if (response.statusCode === 200 && /Inside (Client|Site|Worker)/.test(response.body)) inside += 1;
        }
      }
      // The outside records themselves answer 404, as records that do not exist.
      for (const url of [
        `/api/accounts/clients/${ids.clientOut}/`,
        `/api/operations/cost-centres/${ids.siteOut}/`,
        `/api/accounts/contact-persons/${ids.personOut}/`,
        `/api/operations/cost-centres/${ids.siteOut}/employees/`,
      ]) {
        const status = (await t.request({ method: 'GET', url, token: principal.user!.token })).statusCode;
        if (status !== 404) failures.push(`GET ${url} as ${principal.name}: ${status}, expected 404`);
      }
    }
    expect(failures).toEqual([]);
    // The routes did answer the allocated records (clients, cost centres, employees, maps), so the check saw real data.
    expect(inside).toBeGreaterThan(8);
  }, 300_000);

  it('never matches a related record outside the allocation through a relation filter, on any list', async () => {
    const probes: Record<string, unknown>[] = [
      { client__annual_revenue__gte: 0 },
      { client__number_of_employees__gt: 0 },
      { client__name__icontains: hidden },
      { franchisor__name__icontains: hidden },
      { parent__name__icontains: hidden },
      { master_record__annual_revenue__isnull: false },
      { reports_to__last_name__icontains: hidden },
      { contact_person__last_name__icontains: hidden },
      { cost_centre__client__annual_revenue__gte: 0 },
      { cost_centre__franchisor__name__icontains: hidden },
    ];
    const failures: string[] = [];
    const matchedForAdmin = new Set<number>();
    for (const entry of reads().filter(isList)) {
      const base = insideUrl(entry.path);
      for (const [index, probe] of probes.entries()) {
        const url = `${base}?${new URLSearchParams({ filters: JSON.stringify(probe) }).toString()}`;
        const full = await t.request({ method: 'GET', url, token: admin.token });
        if (full.statusCode === 200 && full.json().count > 0) matchedForAdmin.add(index);
        for (const principal of scoped) {
          const response = await t.request({ method: 'GET', url, token: principal.user!.token });
          if (response.statusCode === 200 ? response.json().count !== 0 : response.statusCode >= 500) {
            failures.push(`GET ${url} as ${principal.name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every probe does reach a hidden record for someone who may see it.
    expect([...matchedForAdmin].sort((a, b) => a - b)).toEqual(probes.map((_, i) => i));
  }, 300_000);

  /**
   * Visible records that point at hidden ones (a parent and master record, a franchisor, a client of
   * a directly allocated cost centre, a contact's manager, a contact relation, a ticket's site and its
   * history) keep the hidden record's id but never its name, on any read route: lists, details,
   * nested lists, CSV and XLSX exports, maps, timelines, search (docs/decisions.md, "Withheld
   * related records").
   */
  it('names no related record outside the allocation on any read route, export, search or timeline', async () => {
    const siteHidden = await insertCostCentre(t, admin.token, {
      client: ids.clientHidden!,
      legal_entity: ids.leOut!,
      name: `${hidden} Site`,
      code: `HI${hidden.slice(-6)}`,
    });
    const ticketTitle = `Scoped ticket ${randomUUID().slice(0, 8)}`;
    const tickets = new Map<string, string>();
    for (const principal of scoped) {
      // Staff reading tickets see those of their allocation and their own (docs/decisions.md, issue 14).
      await grant(t, principal.user!.email, 'ticket.read');
      const form = multipart({ title: ticketTitle, ticket_content: JSON.stringify(richText('Broken oven.')), cost_centre: ids.siteDirect! });
      const raised = await t.request({
        method: 'POST',
        url: '/api/helpdesk/my-tickets/issue/',
        token: principal.user!.token,
        payload: form.payload,
        headers: form.headers,
      });
      expect(raised.statusCode, raised.body).toBe(201);
      const moved = await t.request({
        method: 'PATCH',
        url: `/api/helpdesk/tickets/${raised.json().id}/`,
        token: admin.token,
        payload: { cost_centre: siteHidden.id },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.body).toContain(`${hidden} Site`);
      tickets.set(principal.name, raised.json().id);
    }

    const urlFor = (path: string, ticket: string) =>
      path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
        const before = path.slice(0, offset);
        if (name === 'ticket_id' || before.endsWith('/tickets/')) return ticket;
        if (name === 'cost_centre_id' || before.endsWith('/cost-centres/')) return ids.siteDirect!;
        if (name === 'client_id' || before.endsWith('/clients/')) return ids.clientIn!;
        if (before.endsWith('/contact-persons/')) return ids.personIn!;
        return randomUUID();
      });
    const textOf = async (response: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) => {
      if (!String(response.headers['content-type'] ?? '').includes('spreadsheetml')) return response.body;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
      return cells.join('\n');
    };
    const failures: string[] = [];
    let withheld = 0;
    let ticketSeen = 0;
    for (const principal of scoped) {
      const urls: string[] = [];
      for (const entry of reads()) {
        const url = urlFor(entry.path, tickets.get(principal.name)!);
        urls.push(url);
        if (isList(entry)) urls.push(`${url}?format=csv`, `${url}?format=xlsx`);
      }
      for (const q of ['Inside', 'Insider', ticketTitle, hidden]) urls.push(`/api/search/?q=${encodeURIComponent(q)}`);
      for (const url of urls) {
        const response = await t.request({ method: 'GET', url, token: principal.user!.token });
        if (response.statusCode >= 500) failures.push(`GET ${url} as ${principal.name}: ${response.statusCode}`);
        if (response.statusCode !== 200) continue;
        const text = await textOf(response);
        if (text.toLowerCase().includes(hidden.toLowerCase()))
          failures.push(`GET ${url} as ${principal.name} names a record outside the allocation: ${text.slice(0, 200)}`);
        if (text.includes(ids.clientHidden!) || text.includes(ids.personHidden!) || text.includes(siteHidden.id)) withheld += 1;
        if (text.includes(ticketTitle)) ticketSeen += 1;
      }
    }
    expect(failures).toEqual([]);
    // The hidden records were referenced (by id) in many answers, and the tickets were read, so the check saw them.
    expect(withheld).toBeGreaterThan(10);
    expect(ticketSeen).toBeGreaterThan(4);
  }, 300_000);

  it('refuses a relation filter into a model the caller may not read, naming filters', async () => {
    const url = `/api/helpdesk/my-tickets/?${new URLSearchParams({ filters: JSON.stringify({ requester__email__icontains: '@' }) }).toString()}`;
    const failures: string[] = [];
    for (const principal of principals.filter((p) => p.user)) {
      const canReadUsers =
        principal.superuser || (!principal.noGroup && defaultGrantsFor(principal.userType!, 'identity', 'user').includes('read'));
      const response = await t.request({ method: 'GET', url, token: principal.user!.token });
      const ok = canReadUsers
        ? response.statusCode === 200
        : response.statusCode === 400 && Object.keys(response.json()).join() === 'filters';
      if (!ok) failures.push(`${principal.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // The rule is about the model, not the route: the caller's own tickets still filter on their own fields.
    const employee = principals.find((p) => p.userType === 6)!.user!;
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/my-tickets/?filters=${encodeURIComponent('{"title__icontains":"x"}')}`,
          token: employee.token,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('a write that keeps a reference outside the allocation', () => {
  it('passes with the stored value (answered withheld) and refuses a new outside reference like an unknown id', async () => {
    const admin = principals.find((p) => p.superuser)!.user!;
    const legalEntity = await insertLegalEntity(t, admin.token);
    const outsideName = `Kept${randomUUID().slice(0, 8)}`;
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity.id, name: `${outsideName} Client` });
    const other = await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity.id, name: `${outsideName} Other` });
    const site = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: legalEntity.id, name: 'Kept Site' });
    const user = await insertUser(t, { userType: 4 });
    await allocate(t, user.id, { costCentreId: site.id });
    const url = `/api/operations/cost-centres/${site.id}/`;
    const kept = await t.request({ method: 'PATCH', url, token: user.token, payload: { client: client.id, notes: 'Edited by the site' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().client).toEqual({ id: client.id, name: null, account_number: null });
    expect(kept.body).not.toContain(outsideName);
    const moved = await t.request({ method: 'PATCH', url, token: user.token, payload: { client: other.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ client: [`Invalid pk "${other.id}" - object does not exist.`] });
  });
});

function isMethodNotAllowedRoute(route: { method: string; url: string }): boolean {
  return (
    t.app.routeTable.some((e) => fastifyPath(e.path) === route.url) &&
    !t.app.routeTable.some((e) => fastifyPath(e.path) === route.url && e.method === route.method)
  );
}
