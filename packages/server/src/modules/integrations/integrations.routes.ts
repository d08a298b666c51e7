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
    route(app, ep, ({ request, query }) => service.employees(listRequestOf(request, query)));
  }

  route(app, buylinkEndpoints.listConsoleLogs, ({ request, query }) =>
    service.list('consoleLogs', listRequestOf(request, query)),
  );
  route(app, buylinkEndpoints.listCostCentres, ({ request, query }) =>
    service.list('buylinkCostCentres', listRequestOf(request, query)),
  );
  route(app, buylinkEndpoints.listInvoices, ({ request, query }) => service.list('invoices', listRequestOf(request, query)));
  route(app, buylinkEndpoints.listSuppliers, ({ request, query }) => service.list('suppliers', listRequestOf(request, query)));
  route(app, buylinkEndpoints.listSupplierCostCentreAllocations, ({ request, query }) =>
    service.list('supplierAllocations', listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listInvoiceJournals, ({ request, query }) =>
    service.list('invoiceJournals', listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listFinancialDimensionValues, ({ request, query }) =>
    service.list('financialDimensionValues', listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listVendors, ({ request, query }) => service.list('vendors', listRequestOf(request, query)));
  route(app, googleSyncEndpoints.listGroups, ({ request, query }) => service.list('groups', listRequestOf(request, query)));

  route(app, buylinkEndpoints.getInvoice, ({ params }) => service.invoice(params.id));
  route(app, dynamicsEndpoints.getInvoiceJournal, ({ params }) => service.invoiceJournal(params.id));
  route(app, dynamicsEndpoints.listInvoiceSettlements, ({ request, query, params }) =>
    service.invoiceSettlements(params.invoice_id, listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listInvoiceSpends, ({ request, query, params }) =>
    service.invoiceSpends(params.invoice_id, listRequestOf(request, query)),
  );
  route(app, dynamicsEndpoints.listInvoiceTransactions, ({ request, query, params }) =>
    service.invoiceTransactions(params.invoice_id, listRequestOf(request, query)),
  );

  route(app, googleSyncEndpoints.getGroup, ({ params }) => service.group(params.id));
  route(app, googleSyncEndpoints.listGroupMembers, ({ request, query, params }) =>
    service.groupMembers(params.group_id, listRequestOf(request, query)),
  );
  route(app, googleSyncEndpoints.listOfficeUsers, ({ request, query }) =>
    service.directoryUsers('office', listRequestOf(request, query)),
  );
  route(app, googleSyncEndpoints.listSiteUsers, ({ request, query }) =>
    service.directoryUsers('site', listRequestOf(request, query)),
  );

  route(app, syncRunEndpoints.listRuns, ({ request, query }) => service.runs(listRequestOf(request, query)));
}
