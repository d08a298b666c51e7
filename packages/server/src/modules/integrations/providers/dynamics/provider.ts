import type { Connector, SyncPage } from '../../connector';
import { retryPolicyFromEnv, secret, type Env, type ProviderDefinition } from '../../provider';
import { createODataClient } from './client';
import { dimensionKey, mapDimensionValue, mapInvoiceJournal, mapSettlement, mapSpend, mapTransaction, mapVendor } from './mapper';

/** Entity sets read, in write order (journals before their lines only for readability: lines carry no foreign key). */
export const DYNAMICS_ENTITY_SETS = {
  vendors: 'VendorsV3',
  dimensionValues: 'FinancialDimensionValues',
  journals: 'AtlasVendInvoiceJours',
  spends: 'CCGVendSpends',
  settlements: 'CCGVendSettlements',
  transactions: 'CCGVendTransactions',
} as const;

export const dynamicsProvider: ProviderDefinition = {
  provider: 'dynamics',
  cronEnv: 'SYNC_DYNAMICS_CRON',
  env: [
    { name: 'DYNAMICS_URL', meaning: 'Finance and Operations environment URL (turns the connector on)' },
    { name: 'DYNAMICS_TENANT_ID', meaning: 'Azure AD tenant of the app registration' },
    { name: 'DYNAMICS_CLIENT_ID', meaning: 'App registration (client) id' },
    { name: 'DYNAMICS_CLIENT_SECRET', meaning: 'Client secret (or DYNAMICS_CLIENT_SECRET_FILE)' },
    {
      name: 'DYNAMICS_TOKEN_URL',
      meaning: 'Token endpoint',
      default: 'https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token',
    },
    { name: 'DYNAMICS_PAGE_SIZE', meaning: 'Rows per OData page (odata.maxpagesize)', default: '5000' },
    {
      name: 'DYNAMICS_SITE_DIMENSION',
      meaning: 'Financial dimension whose values derive state, segment and group',
      default: 'CostCentre',
    },
    { name: 'SYNC_DYNAMICS_CRON', meaning: 'Schedule (cron, 5 fields, server time zone)' },
  ],
  fromEnv(env: Env): Connector | null {
    if (!env.DYNAMICS_URL) return null;
    const clientId = env.DYNAMICS_CLIENT_ID;
    const clientSecret = secret(env, 'DYNAMICS_CLIENT_SECRET');
    if (!clientId || !clientSecret || (!env.DYNAMICS_TENANT_ID && !env.DYNAMICS_TOKEN_URL)) {
      throw new Error(
        'DYNAMICS_URL needs DYNAMICS_CLIENT_ID, DYNAMICS_CLIENT_SECRET and DYNAMICS_TENANT_ID (or DYNAMICS_TOKEN_URL)',
      );
    }
    const tokenUrl = env.DYNAMICS_TOKEN_URL || `https://login.microsoftonline.com/${env.DYNAMICS_TENANT_ID}/oauth2/v2.0/token`;
    const pageSize = Number(env.DYNAMICS_PAGE_SIZE || 5000);
    const siteDimension = env.DYNAMICS_SITE_DIMENSION || 'CostCentre';
    const retry = retryPolicyFromEnv(env);
    return {
      provider: 'dynamics',
      targets: ['vendor', 'financialDimensionValue', 'vendInvoiceJour', 'vendSpend', 'vendSettlement', 'vendTransaction'],
      async *fetch(ctx): AsyncGenerator<SyncPage> {
        const client = createODataClient({
          baseUrl: env.DYNAMICS_URL!,
          tokenUrl,
          clientId,
          clientSecret,
          pageSize,
          retry,
          log: ctx.log,
        });
        for await (const rows of client.entity(DYNAMICS_ENTITY_SETS.vendors))
          yield { target: 'vendor', rows: rows.map(mapVendor) };
        const existing = await ctx.existingIds('financialDimensionValue');
        for await (const rows of client.entity(DYNAMICS_ENTITY_SETS.dimensionValues)) {
          yield {
            target: 'financialDimensionValue',
            rows: rows.map((r) => mapDimensionValue(r, existing.get(dimensionKey(r)), siteDimension)),
          };
        }
        for await (const rows of client.entity(DYNAMICS_ENTITY_SETS.journals))
          yield { target: 'vendInvoiceJour', rows: rows.map(mapInvoiceJournal) };
        for await (const rows of client.entity(DYNAMICS_ENTITY_SETS.spends))
          yield { target: 'vendSpend', rows: rows.map(mapSpend) };
        for await (const rows of client.entity(DYNAMICS_ENTITY_SETS.settlements))
          yield { target: 'vendSettlement', rows: rows.map(mapSettlement) };
        for await (const rows of client.entity(DYNAMICS_ENTITY_SETS.transactions))
          yield { target: 'vendTransaction', rows: rows.map(mapTransaction) };
      },
    };
  },
};
