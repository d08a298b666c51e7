import type { Connector, SyncPage } from '../../connector';
import type { SyncTarget } from '../../sync.repository';
import { retryPolicyFromEnv, secret, type Env, type ProviderDefinition } from '../../provider';
import { BUYLINK_EXPORTS, createDropFolderSource, createFeedSource, type BuylinkExport } from './client';
import { mapAllocation, mapConsoleLog, mapCostCentre, mapInvoice, mapSupplier } from './mapper';

const EXPORT_TARGETS = {
  suppliers: { target: 'supplier', map: mapSupplier },
  'cost-centres': { target: 'buylinkCostCentre', map: mapCostCentre },
  'supplier-cost-centre-allocations': { target: 'supplierCostCentreAllocation', map: mapAllocation },
  invoices: { target: 'invoiceHeader', map: mapInvoice },
  'console-logs': { target: 'consoleLog', map: mapConsoleLog },
} satisfies Record<BuylinkExport, { target: SyncTarget; map: (r: Record<string, unknown>) => unknown }>;

export const buylinkProvider: ProviderDefinition = {
  provider: 'buylink',
  cronEnv: 'SYNC_BUYLINK_CRON',
  env: [
    { name: 'BUYLINK_URL', meaning: 'Export feed base URL (HTTP mode; turns the connector on)' },
    { name: 'BUYLINK_API_KEY', meaning: 'Feed API key, sent as X-Api-Key (or BUYLINK_API_KEY_FILE)' },
    { name: 'BUYLINK_PAGE_SIZE', meaning: 'Records per feed page', default: '1000' },
    { name: 'BUYLINK_DROP_DIR', meaning: 'Folder of <export>.csv files (CSV mode; used when BUYLINK_URL is unset)' },
    { name: 'SYNC_BUYLINK_CRON', meaning: 'Schedule (cron, 5 fields, server time zone)' },
  ],
  fromEnv(env: Env): Connector | null {
    if (!env.BUYLINK_URL && !env.BUYLINK_DROP_DIR) return null;
    const apiKey = secret(env, 'BUYLINK_API_KEY');
    if (env.BUYLINK_URL && !apiKey) throw new Error('BUYLINK_URL needs BUYLINK_API_KEY');
    const retry = retryPolicyFromEnv(env);
    return {
      provider: 'buylink',
      targets: ['supplier', 'buylinkCostCentre', 'supplierCostCentreAllocation', 'invoiceHeader', 'consoleLog'],
      async *fetch(ctx): AsyncGenerator<SyncPage> {
        const source = env.BUYLINK_URL
          ? createFeedSource({
              baseUrl: env.BUYLINK_URL,
              apiKey: apiKey!,
              pageSize: Number(env.BUYLINK_PAGE_SIZE || 1000),
              retry,
              log: ctx.log,
            })
          : createDropFolderSource({ folder: env.BUYLINK_DROP_DIR!, log: ctx.log });
        for (const name of BUYLINK_EXPORTS) {
          const { target, map } = EXPORT_TARGETS[name] as { target: SyncTarget; map: (r: Record<string, unknown>) => unknown };
          for await (const records of source.records(name)) {
            yield { target, rows: records.map((r) => map(r)) } as SyncPage;
          }
        }
      },
    };
  },
};
