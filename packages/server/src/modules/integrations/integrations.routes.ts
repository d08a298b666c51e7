import type { FastifyInstance } from 'fastify';
import {
  buylinkCostCentreSchema,
  consoleLogSchema,
  invoiceHeaderSchema,
  supplierCostCentreAllocationSchema,
  supplierSchema,
} from '@ops/contract/integrations/buylink.schemas';
import {
  financialDimensionValueSchema,
  vendInvoiceJourSchema,
  vendorV3Schema,
  vendSettlementSchema,
  vendSpendSchema,
  vendTransactionSchema,
} from '@ops/contract/integrations/dynamics.schemas';
import { directoryGroupSchema, directoryUserSchema, groupMemberSchema } from '@ops/contract/integrations/google-sync.schemas';
import {
  adpEndpoints,
  buylinkEndpoints,
  dynamicsEndpoints,
  googleSyncEndpoints,
  syncRunEndpoints,
} from '@ops/contract/integrations/integrations.endpoints';
import { route } from '../../platform/route';
import { employeesResource, employeesVisibleTo } from './adp.resource';
import { listViewer } from '../../list-query/list-viewer';
import {
  allocationsResource,
  buylinkCostCentresResource,
  consoleLogsResource,
  invoiceHeadersResource,
  suppliersResource,
} from './buylink.resource';
import {
  financialDimensionValuesResource,
  invoiceJournalsResource,
  journalLink,
  vendorsResource,
  vendSettlementsResource,
  vendSpendsResource,
  vendTransactionsResource,
} from './dynamics.resource';
import {
  directoryGroupsResource,
  directoryUsersResource,
  groupMembersResource,
  membersOfGroup,
  usersOfKind,
} from './google-sync.resource';
import { toItem, type IntegrationsService } from './integrations.service';
import { syncRunsResource } from './sync-runs.resource';

/** Read-only APIs over the synced tables; writes answer 405 (no write route is registered). */
export async function integrationsRoutes(app: FastifyInstance, options: { service: IntegrationsService }) {
  const { service } = options;
  const rows = service.tableHydrator;

  for (const ep of [adpEndpoints.listEmployees, adpEndpoints.listEmployeesBare]) {
    route(app, ep, async ({ request, query }) => service.list(request, employeesResource, query, service.employeesHydrator, employeesVisibleTo(await listViewer(request))) as never);
  }

  route(
    app,
    buylinkEndpoints.listConsoleLogs,
    ({ request, query }) =>
      service.list(request, consoleLogsResource, query, rows(consoleLogsResource, consoleLogSchema, 'id')) as never,
  );
  route(
    app,
    buylinkEndpoints.listCostCentres,
    ({ request, query }) =>
      service.list(
        request,
        buylinkCostCentresResource,
        query,
        rows(buylinkCostCentresResource, buylinkCostCentreSchema, 'id'),
      ) as never,
  );
  route(
    app,
    buylinkEndpoints.listInvoices,
    ({ request, query }) =>
      service.list(request, invoiceHeadersResource, query, rows(invoiceHeadersResource, invoiceHeaderSchema, 'id')) as never,
  );
  route(
    app,
    buylinkEndpoints.getInvoice,
    async ({ params }) => toItem(invoiceHeaderSchema, await service.requireInvoice(params.id)) as never,
  );
  route(
    app,
    buylinkEndpoints.listSuppliers,
    ({ request, query }) =>
      service.list(request, suppliersResource, query, rows(suppliersResource, supplierSchema, 'id')) as never,
  );
  route(
    app,
    buylinkEndpoints.listSupplierCostCentreAllocations,
    ({ request, query }) =>
      service.list(
        request,
        allocationsResource,
        query,
        rows(allocationsResource, supplierCostCentreAllocationSchema, 'id'),
      ) as never,
  );

  route(
    app,
    dynamicsEndpoints.listInvoiceJournals,
    ({ request, query }) =>
      service.list(request, invoiceJournalsResource, query, rows(invoiceJournalsResource, vendInvoiceJourSchema, 'id')) as never,
  );
  route(
    app,
    dynamicsEndpoints.getInvoiceJournal,
    async ({ params }) => toItem(vendInvoiceJourSchema, await service.requireJournal(params.id)) as never,
  );
  route(app, dynamicsEndpoints.listInvoiceSettlements, async ({ request, query, params }) => {
    const journal = await service.requireJournal(params.invoice_id);
    return service.list(
      request,
      vendSettlementsResource,
      query,
      rows(vendSettlementsResource, vendSettlementSchema, 'id'),
      journalLink.settlements(journal),
    ) as never;
  });
  route(app, dynamicsEndpoints.listInvoiceSpends, async ({ request, query, params }) => {
    const journal = await service.requireJournal(params.invoice_id);
    return service.list(
      request,
      vendSpendsResource,
      query,
      rows(vendSpendsResource, vendSpendSchema, 'id'),
      journalLink.spends(journal),
    ) as never;
  });
  route(app, dynamicsEndpoints.listInvoiceTransactions, async ({ request, query, params }) => {
    const journal = await service.requireJournal(params.invoice_id);
    return service.list(
      request,
      vendTransactionsResource,
      query,
      rows(vendTransactionsResource, vendTransactionSchema, 'RecordId'),
      journalLink.transactions(journal),
    ) as never;
  });
  route(
    app,
    dynamicsEndpoints.listFinancialDimensionValues,
    ({ request, query }) =>
      service.list(
        request,
        financialDimensionValuesResource,
        query,
        rows(financialDimensionValuesResource, financialDimensionValueSchema, 'id'),
      ) as never,
  );
  route(
    app,
    dynamicsEndpoints.listVendors,
    ({ request, query }) => service.list(request, vendorsResource, query, rows(vendorsResource, vendorV3Schema, 'id')) as never,
  );

  route(app, googleSyncEndpoints.listGroupMembers, async ({ request, query, params }) => {
    await service.requireGroup(params.group_id);
    return service.list(
      request,
      groupMembersResource,
      query,
      rows(groupMembersResource, groupMemberSchema, 'uid'),
      membersOfGroup(params.group_id),
    ) as never;
  });
  route(
    app,
    googleSyncEndpoints.listGroups,
    ({ request, query }) =>
      service.list(request, directoryGroupsResource, query, rows(directoryGroupsResource, directoryGroupSchema, 'id')) as never,
  );
  route(
    app,
    googleSyncEndpoints.getGroup,
    async ({ params }) => toItem(directoryGroupSchema, await service.requireGroup(params.id)) as never,
  );
  route(
    app,
    googleSyncEndpoints.listOfficeUsers,
    ({ request, query }) =>
      service.list(
        request,
        directoryUsersResource,
        query,
        rows(directoryUsersResource, directoryUserSchema, 'id'),
        usersOfKind('office'),
      ) as never,
  );
  route(
    app,
    googleSyncEndpoints.listSiteUsers,
    ({ request, query }) =>
      service.list(
        request,
        directoryUsersResource,
        query,
        rows(directoryUsersResource, directoryUserSchema, 'id'),
        usersOfKind('site'),
      ) as never,
  );

  route(
    app,
    syncRunEndpoints.listRuns,
    ({ request, query }) => service.list(request, syncRunsResource, query, service.runsHydrator) as never,
  );
}
