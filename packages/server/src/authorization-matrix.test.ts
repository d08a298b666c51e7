import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultGrantsFor, moduleOfModel, type PermissionModel, type UserType } from '@ops/contract/common/permissions';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, signIn, type TestUser } from './test/factories/users';
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

function isMethodNotAllowedRoute(route: { method: string; url: string }): boolean {
  return t.app.routeTable.some((e) => fastifyPath(e.path) === route.url) && !t.app.routeTable.some((e) => fastifyPath(e.path) === route.url && e.method === route.method);
}
