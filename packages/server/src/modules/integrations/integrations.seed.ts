import type { DemoSeeder } from '../../platform/demo-seeder';
import { createSyncRepository, type SyncTarget } from './sync.repository';
import { mapPositionTitle, mapWorker } from './providers/adp/mapper';
import { generateAdpWorkers } from './providers/adp/fake-server';
import { mapAllocation, mapConsoleLog, mapCostCentre, mapInvoice, mapSupplier } from './providers/buylink/mapper';
import { generateBuylinkData } from './providers/buylink/fake-server';
import {
  mapDimensionValue,
  mapInvoiceJournal,
  mapSettlement,
  mapSpend,
  mapTransaction,
  mapVendor,
} from './providers/dynamics/mapper';
import { generateDynamicsData } from './providers/dynamics/fake-server';
import { mapGroup, mapMember, mapUser, parseSiteRule } from './providers/google-sync/mapper';
import { generateGoogleData } from './providers/google-sync/fake-server';

/**
 * Demo rows for the four synced areas: the fakes' generated source records
 * put through the connectors' own mappers, so the demo has exactly the shape
 * a real sync produces. Written directly (no run log entry: nothing ran).
 */
export function buildDemoRows(): [SyncTarget, Record<string, unknown>[]][] {
  const google = generateGoogleData(60);
  const siteRule = parseSiteRule('orgunit:/Sites');
  const users = google.users.map((u) => mapUser(u, { siteRule, customSchema: 'EmployeeDetails' }));
  const userIds = new Set(users.map((u) => u.id));
  const members = google.groups.flatMap((g) =>
    (google.members[g.id as string] ?? []).map((m) => mapMember(m, g.id as string, userIds, undefined)),
  );

  const dynamics = generateDynamicsData(80);
  const buylink = generateBuylinkData(120);
  const workers = generateAdpWorkers(150).map(mapWorker);
  const titles = [...new Set(workers.map((w) => w.USERFIELDM1).filter((t): t is string => t !== null))].map(mapPositionTitle);
  titles.filter((t) => t.title === 'Site Manager').forEach((t) => (t.site_contact = true));

  return [
    ['directoryGroup', google.groups.map(mapGroup)],
    ['directoryUser', users],
    ['groupMember', members],
    ['vendor', dynamics.VendorsV3.map(mapVendor)],
    ['financialDimensionValue', dynamics.FinancialDimensionValues.map((r) => mapDimensionValue(r, undefined, 'CostCentre'))],
    ['vendInvoiceJour', dynamics.AtlasVendInvoiceJours.map(mapInvoiceJournal)],
    ['vendSpend', dynamics.CCGVendSpends.map(mapSpend)],
    ['vendSettlement', dynamics.CCGVendSettlements.map(mapSettlement)],
    ['vendTransaction', dynamics.CCGVendTransactions.map(mapTransaction)],
    ['supplier', buylink.suppliers.map(mapSupplier)],
    ['buylinkCostCentre', buylink['cost-centres'].map(mapCostCentre)],
    ['supplierCostCentreAllocation', buylink['supplier-cost-centre-allocations'].map(mapAllocation)],
    ['invoiceHeader', buylink.invoices.map(mapInvoice)],
    ['consoleLog', buylink['console-logs'].map(mapConsoleLog)],
    ['positionTitle', titles],
    ['employee', workers],
  ];
}

export const integrationsDemoSeeder: DemoSeeder = {
  key: 'integrations',
  name: 'integrations (directory, ERP finance, purchasing portal, payroll)',
  async run({ database }) {
    await database.db.transaction(async (tx) => {
      const repository = createSyncRepository(tx);
      for (const [target, rows] of buildDemoRows()) await repository.upsert(target, rows);
    });
  },
};
