import type { Connector, SyncPage } from '../../connector';
import { retryPolicyFromEnv, secret, type Env, type ProviderDefinition } from '../../provider';
import { createWorkersClient } from './client';
import { mapPositionTitle, mapWorker } from './mapper';

export const adpProvider: ProviderDefinition = {
  provider: 'adp',
  cronEnv: 'SYNC_ADP_CRON',
  env: [
    { name: 'ADP_CLIENT_ID', meaning: 'API client id (turns the connector on)' },
    { name: 'ADP_CLIENT_SECRET', meaning: 'API client secret (or ADP_CLIENT_SECRET_FILE)' },
    { name: 'ADP_URL', meaning: 'API base URL', default: 'https://api.adp.com' },
    { name: 'ADP_TOKEN_URL', meaning: 'Token endpoint', default: 'https://accounts.adp.com/auth/oauth/v2/token' },
    { name: 'ADP_PAGE_SIZE', meaning: 'Workers per request ($top)', default: '100' },
    { name: 'SYNC_ADP_CRON', meaning: 'Schedule (cron, 5 fields, server time zone)' },
  ],
  fromEnv(env: Env): Connector | null {
    if (!env.ADP_CLIENT_ID) return null;
    const clientSecret = secret(env, 'ADP_CLIENT_SECRET');
    if (!clientSecret) throw new Error('ADP_CLIENT_ID needs ADP_CLIENT_SECRET');
    const retry = retryPolicyFromEnv(env);
    return {
      provider: 'adp',
      targets: ['positionTitle', 'employee'],
      async *fetch(ctx): AsyncGenerator<SyncPage> {
        const client = createWorkersClient({
          baseUrl: env.ADP_URL || 'https://api.adp.com',
          tokenUrl: env.ADP_TOKEN_URL || 'https://accounts.adp.com/auth/oauth/v2/token',
          clientId: env.ADP_CLIENT_ID!,
          clientSecret,
          pageSize: Number(env.ADP_PAGE_SIZE || 100),
          retry,
          log: ctx.log,
        });
        const titles = new Set<string>();
        yield { target: 'positionTitle', rows: [] };
        for await (const workers of client.workers()) {
          const rows = workers.map(mapWorker);
          const fresh = rows.map((r) => r.USERFIELDM1).filter((t): t is string => t !== null && !titles.has(t));
          fresh.forEach((t) => titles.add(t));
          if (fresh.length) yield { target: 'positionTitle', rows: [...new Set(fresh)].map(mapPositionTitle) };
          yield { target: 'employee', rows };
        }
      },
    };
  },
};
