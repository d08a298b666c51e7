import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractRouteGroups, existingGroupFiles, renderRouteFiles, ROUTES_FILE } from './endpoint-routes';
import * as routes from '../src/api/endpoint-routes';

describe('endpoint routes (src/api/endpoint-routes.ts)', () => {
  it('is what the generator writes from the contract today, with no file left over (run `npx tsx packages/web/scripts/endpoint-routes.ts`)', async () => {
    const files = await renderRouteFiles(await contractRouteGroups());
    expect([...existingGroupFiles(), ROUTES_FILE].sort()).toEqual([...files.keys()].sort());
    for (const [file, source] of files) expect(fs.readFileSync(file, 'utf8'), file).toBe(source);
  });

  it('has every endpoint group of the contract, each endpoint with its method and path and nothing else', async () => {
    const groups = await contractRouteGroups();
    expect(groups.length).toBeGreaterThan(10);
    const exported = routes as unknown as Record<string, unknown>;
    expect(Object.keys(exported).sort()).toEqual(groups.map((group) => group.name).sort());
    for (const group of groups) expect(exported[group.name], group.name).toEqual(group.routes);
    // Spot checks against the contract's own definitions.
    const { identityEndpoints } = await import('@ops/contract/identity/identity.endpoints');
    const { jobEndpoints } = await import('@ops/contract/jobs/jobs.endpoints');
    expect(routes.identityEndpoints.getUser).toEqual({
      method: identityEndpoints.getUser.method,
      path: identityEndpoints.getUser.path,
    });
    expect(routes.jobEndpoints.bulk.tickets).toEqual({ method: 'POST', path: jobEndpoints.bulk.tickets.path, model: 'ticket' });
    expect(routes.accountsEndpoints.clients.list).toEqual({ method: 'GET', path: '/api/accounts/clients/', model: 'client' });
  });
});
