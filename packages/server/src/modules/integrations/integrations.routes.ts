import type { FastifyInstance } from 'fastify';
import {
  adpEndpoints,
  buylinkEndpoints,
  dynamicsEndpoints,
  googleSyncEndpoints,
  syncRunEndpoints,
} from '@ops/contract/integrations/integrations.endpoints';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import type { IntegrationsService } from './integrations.service';

/** Read-only APIs over the synced tables; writes answer 405 (no write route is registered). */
export async function integrationsRoutes(app: FastifyInstance, options: { service: IntegrationsService }) {
  const { service } = options;

  for (const ep of [adpEndpoints.listEmployees, adpEndpoints.listEmployeesBare]) {
    route(app, ep, async ({ request, query }) => service.employees(await listRequestOf(request, query)));
  }

  route(app, buylinkEndpoints.listConsoleLogs, async ({ request, query }) =>
    service.list('consoleLogs', await listRequestOf(request, query)),
  );
  route(app, buylinkEndpoints.listCostCentres, async ({ request, query }) =>
    service.list('buylinkCostCentres', await listRequestOf(request, query)),
  );
  route(app, buylinkEndpoints.listInvoices, async ({ request, query }) => service.list('invoices', await listRequestOf(request, query)));
  route(app, buylinkEndpoints.listSuppliers, async ({ request, query }) => service.list('suppliers', await listRequestOf(request, query)));
  route(app, buylinkEndpoints.listSupplierCostCentreAllocations, async ({ request, query }) =>
    service.list('supplierAllocations', await listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listInvoiceJournals, async ({ request, query }) =>
    service.list('invoiceJournals', await listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listFinancialDimensionValues, async ({ request, query }) =>
    service.list('financialDimensionValues', await listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listVendors, async ({ request, query }) => service.list('vendors', await listRequestOf(request, query)));
  route(app, googleSyncEndpoints.listGroups, async ({ request, query }) => service.list('groups', await listRequestOf(request, query)));

  route(app, buylinkEndpoints.getInvoice, ({ params }) => service.invoice(params.id));
  route(app, dynamicsEndpoints.getInvoiceJournal, ({ params }) => service.invoiceJournal(params.id));
  route(app, dynamicsEndpoints.listInvoiceSettlements, async ({ request, query, params }) =>
    service.invoiceSettlements(params.invoice_id, await listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listInvoiceSpends, async ({ request, query, params }) =>
    service.invoiceSpends(params.invoice_id, await listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listInvoiceTransactions, async ({ request, query, params }) =>
    service.invoiceTransactions(params.invoice_id, await listRequestOf(request, query)),
  );

  route(app, googleSyncEndpoints.getGroup, ({ params }) => service.group(params.id));
  route(app, googleSyncEndpoints.listGroupMembers, async ({ request, query, params }) =>
    service.groupMembers(params.group_id, await listRequestOf(request, query)),
  );
  route(app, googleSyncEndpoints.listOfficeUsers, async ({ request, query }) =>
    service.directoryUsers('office', await listRequestOf(request, query)),
  );
  route(app, googleSyncEndpoints.listSiteUsers, async ({ request, query }) =>
    service.directoryUsers('site', await listRequestOf(request, query)),
  );

  route(app, syncRunEndpoints.listRuns, async ({ request, query }) => service.runs(await listRequestOf(request, query)));
}
