import { buildDemoRows } from '../../modules/integrations/integrations.seed';
import { createSyncRepository } from '../../modules/integrations/sync.repository';
import type { TestApp } from '../test-app';

/** Fills the synced tables with the demo rows (as a sync would) and names a few ids tests address directly. */
export async function seedIntegrationRows(t: TestApp) {
  const rows = buildDemoRows();
  const repository = createSyncRepository(t.database.db);
  for (const [target, batch] of rows) await repository.upsert(target, batch);
  const of = (target: string) => rows.find(([name]) => name === target)![1];
  return {
    invoice: String(of('invoiceHeader')[0]!.id),
    journal: String(of('vendInvoiceJour')[0]!.id),
    group: String(of('directoryGroup')[0]!.id),
  };
}
