import fs from 'node:fs';
import type { Connector, SyncPage } from '../../connector';
import { asObject } from '../../mapping';
import { retryPolicyFromEnv, type Env, type ProviderDefinition } from '../../provider';
import { createDirectoryClient, type ServiceAccountKey } from './client';
import { mapGroup, mapMember, mapUser, parseSiteRule } from './mapper';

function readKey(env: Env): ServiceAccountKey | null {
  const raw =
    env.GOOGLE_SYNC_CREDENTIALS_JSON ||
    (env.GOOGLE_SYNC_CREDENTIALS_FILE ? fs.readFileSync(env.GOOGLE_SYNC_CREDENTIALS_FILE, 'utf8') : undefined);
  if (!raw) return null;
  const key = asObject(JSON.parse(raw));
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new Error('Google service account credentials need client_email and private_key');
  }
  return {
    client_email: key.client_email,
    private_key: key.private_key,
    token_uri: typeof key.token_uri === 'string' ? key.token_uri : undefined,
  };
}

export const googleSyncProvider: ProviderDefinition = {
  provider: 'google-sync',
  cronEnv: 'SYNC_GOOGLE_CRON',
  env: [
    {
      name: 'GOOGLE_SYNC_CREDENTIALS_FILE',
      meaning: 'Service account key (JSON file); or GOOGLE_SYNC_CREDENTIALS_JSON inline. Turns the connector on',
    },
    { name: 'GOOGLE_SYNC_SUBJECT', meaning: 'Workspace administrator the service account acts as (domain-wide delegation)' },
    { name: 'GOOGLE_SYNC_CUSTOMER', meaning: 'Customer id of the Workspace account', default: 'my_customer' },
    { name: 'GOOGLE_SYNC_BASE_URL', meaning: 'Admin SDK base URL', default: 'https://admin.googleapis.com' },
    {
      name: 'GOOGLE_SYNC_TOKEN_URL',
      meaning: "Token endpoint (default: the key's token_uri)",
      default: 'https://oauth2.googleapis.com/token',
    },
    {
      name: 'GOOGLE_SYNC_SITE_RULE',
      meaning: 'Which users are site staff: orgunit:/Prefix[,/Other] or employee-type:Type[,Other]',
      default: 'orgunit:/Sites',
    },
    {
      name: 'GOOGLE_SYNC_CUSTOM_SCHEMA',
      meaning: 'Custom schema with fields Sector, Region, EmployeeType',
      default: 'EmployeeDetails',
    },
    { name: 'SYNC_GOOGLE_CRON', meaning: 'Schedule (cron, 5 fields, server time zone)' },
  ],
  fromEnv(env: Env): Connector | null {
    const key = readKey(env);
    if (!key) return null;
    if (!env.GOOGLE_SYNC_SUBJECT)
      throw new Error('GOOGLE_SYNC_SUBJECT (the administrator to act as) is required with Google credentials');
    const siteRule = parseSiteRule(env.GOOGLE_SYNC_SITE_RULE || 'orgunit:/Sites');
    const customSchema = env.GOOGLE_SYNC_CUSTOM_SCHEMA || 'EmployeeDetails';
    const retry = retryPolicyFromEnv(env);
    return {
      provider: 'google-sync',
      targets: ['directoryGroup', 'directoryUser', 'groupMember'],
      async *fetch(ctx): AsyncGenerator<SyncPage> {
        const client = createDirectoryClient({
          baseUrl: env.GOOGLE_SYNC_BASE_URL || 'https://admin.googleapis.com',
          tokenUrl: env.GOOGLE_SYNC_TOKEN_URL || key.token_uri || 'https://oauth2.googleapis.com/token',
          key,
          subject: env.GOOGLE_SYNC_SUBJECT!,
          customer: env.GOOGLE_SYNC_CUSTOMER || 'my_customer',
          retry,
          log: ctx.log,
        });
        const userIds = new Set<string>();
        let sawUsers = false;
        for await (const page of client.users()) {
          sawUsers = true;
          // Suspended accounts are not part of the working directory.
          const rows = page
            .filter((u) => u.suspended !== true && u.archived !== true)
            .map((u) => mapUser(u, { siteRule, customSchema }));
          rows.forEach((r) => userIds.add(r.id));
          yield { target: 'directoryUser', rows };
        }
        if (!sawUsers) yield { target: 'directoryUser', rows: [] };

        const groupIds: string[] = [];
        yield { target: 'groupMember', rows: [] };
        for await (const page of client.groups()) {
          const rows = page.map(mapGroup);
          groupIds.push(...rows.map((g) => g.id));
          yield { target: 'directoryGroup', rows };
        }
        const existing = await ctx.existingIds('groupMember');
        for (const groupId of groupIds) {
          for await (const page of client.members(groupId)) {
            yield {
              target: 'groupMember',
              rows: page.map((m) => mapMember(m, groupId, userIds, existing.get(`${groupId}\u0001${String(m.id)}`))),
            };
          }
        }
      },
    };
  },
};
