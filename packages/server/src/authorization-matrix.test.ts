import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultGrantsFor, moduleOfModel, type PermissionModel, type UserType } from '@ops/contract/common/permissions';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, signIn, type TestUser } from './test/factories/users';
import { multipart, raiseTicket, richText, SAMPLE_FILES } from './test/factories/helpdesk';
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
    const served = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
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
        if (principal.user && endsCredentials(entry.path)) principal.user.token = await signIn(t, principal.user.email, principal.user.password);
        const expected = allowedFor(principal, entry);
        const status = response.statusCode;
        const ok = expected === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok) failures.push(`${entry.method} ${entry.path} as ${principal.name}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`);
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
 * Another user's own-ticket access: every my-tickets route that names a
 * ticket, conversation or attachment is called by every signed-in principal
 * with the real ids of someone else's ticket, and must answer 404 (never 403,
 * which would confirm the ticket exists) and change nothing.
 */
describe("another user's own-ticket access", () => {
  const OWN_TICKET_PATH = /^\/api\/helpdesk\/my-tickets\/(\{(ticket_id|id)\}|conversations\/\{conversation_id\})\//;

  it('answers 404 on every my-tickets path and method for a ticket of another user, and changes nothing', async () => {
    const owner = await insertUser(t, { userType: 6 });
    const ticket = await raiseTicket(t, owner, { files: [{ field: 'attachments[0][attachment]', filename: 'owner.txt', content: SAMPLE_FILES.txt() }] });
    const ticketAttachment = (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/`, token: owner.token })).json().results[0].id as string;
    const message = await t.request({ method: 'POST', url: `/api/helpdesk/my-tickets/${ticket}/conversations/`, token: owner.token, payload: { message: richText('Owner only.') } });
    const conversation = message.json().id as string;
    const file = multipart({}, [{ field: 'attachment', filename: 'reply.txt', content: SAMPLE_FILES.txt() }]);
    const uploaded = await t.request({ method: 'POST', url: `/api/helpdesk/my-tickets/conversations/${conversation}/attachments/`, token: owner.token, payload: file.payload, headers: file.headers });
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
        if (parent.endsWith('/conversations/attachments/') || /\/conversations\/\{conversation_id\}\/attachments\/$/.test(parent)) return conversationAttachment;
        if (parent.endsWith('/attachments/')) return ticketAttachment;
        if (parent.endsWith('/conversations/')) return conversation;
        return ticket;
      });

    const entries = t.app.routeTable.filter((e) => OWN_TICKET_PATH.test(e.path));
    // Every kind of nested own-ticket resource is in the generated set.
    for (const part of ['{id}/', '{ticket_id}/attachments/{id}/download/', '{ticket_id}/conversations/{id}/', 'conversations/{conversation_id}/attachments/{id}/']) {
      expect(entries.some((e) => e.path.endsWith(part)), part).toBe(true);
    }
    const failures: string[] = [];
    for (const entry of entries) {
      for (const principal of principals.filter((p) => p.user)) {
        const url = urlFor(entry.path);
        const body = entry.endpoint.multipart ? file : entry.method === 'GET' || entry.method === 'DELETE' ? undefined : { payload: { message: richText('Not yours.'), title: 'Not yours' } };
        const response = await t.request({ method: entry.method, url, token: principal.user!.token, ...(body ?? {}) });
        if (response.statusCode !== 404) failures.push(`${entry.method} ${url} as ${principal.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    const download = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/${ticketAttachment}/download/`, token: owner.token });
    expect(download.statusCode).toBe(200);
  }, 120_000);
});

function isMethodNotAllowedRoute(route: { method: string; url: string }): boolean {
  return t.app.routeTable.some((e) => fastifyPath(e.path) === route.url) && !t.app.routeTable.some((e) => fastifyPath(e.path) === route.url && e.method === route.method);
}
