import { z } from 'zod';
import { endpoint, type Access } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { employeeSchema } from './adp.schemas';
import {
  buylinkCostCentreSchema,
  consoleLogSchema,
  invoiceHeaderSchema,
  supplierCostCentreAllocationSchema,
  supplierSchema,
} from './buylink.schemas';
import {
  financialDimensionValueSchema,
  vendInvoiceJourSchema,
  vendorV3Schema,
  vendSettlementSchema,
  vendSpendSchema,
  vendTransactionSchema,
} from './dynamics.schemas';
import { directoryGroupSchema, directoryUserSchema, groupMemberSchema } from './google-sync.schemas';
import { syncRunSchema } from './sync-runs.schemas';

const read = (model: string): Access => ({ kind: 'permission', model, action: 'read' });
const int64Id = z.string().regex(/^\d{1,19}$/);
const googleId = z.string().regex(/^[A-Za-z0-9_.@-]{1,64}$/);

const list = <T extends z.ZodType>(path: string, summary: string, tags: string[], model: string, item: T) =>
  endpoint({ method: 'GET', path, summary, tags, access: read(model), query: listQuerySchema, responses: { 200: paginated(item) } });
const nestedList = <T extends z.ZodType, P extends z.ZodType>(path: string, summary: string, tags: string[], model: string, item: T, params: P) =>
  endpoint({ method: 'GET', path, summary, tags, access: read(model), params, query: listQuerySchema, responses: { 200: paginated(item) } });

const adp = ['adp'];
const buylink = ['buylink'];
const dynamics = ['dynamics'];
const google = ['google-sync'];

// Payroll exports (CSV, XLSX) need step-up (spec platform §14.5).
export const adpEndpoints = {
  listEmployees: { ...list('/api/adp/employees/', 'Payroll employees', adp, 'employee', employeeSchema), stepUp: 'export' as const },
  // Spec api-contract §7 writes the path without the slash; both forms answer (spec platform §10).
  listEmployeesBare: { ...list('/api/adp/employees', 'Payroll employees (path without trailing slash)', adp, 'employee', employeeSchema), stepUp: 'export' as const },
};

export const buylinkEndpoints = {
  listConsoleLogs: list('/api/buylink/console-logs/', 'Purchasing portal console logs', buylink, 'consolelog', consoleLogSchema),
  listCostCentres: list('/api/buylink/cost-centres/', 'Purchasing portal cost centres', buylink, 'buylinkcostcentre', buylinkCostCentreSchema),
  listInvoices: list('/api/buylink/invoices/', 'Purchasing portal invoice headers', buylink, 'invoiceheader', invoiceHeaderSchema),
  getInvoice: endpoint({
    method: 'GET',
    path: '/api/buylink/invoices/{id}/',
    summary: 'One purchasing portal invoice header',
    tags: buylink,
    access: read('invoiceheader'),
    params: z.object({ id: int64Id }),
    responses: { 200: invoiceHeaderSchema },
  }),
  listSuppliers: list('/api/buylink/supplier/', 'Purchasing portal suppliers', buylink, 'supplier', supplierSchema),
  listSupplierCostCentreAllocations: list(
    '/api/buylink/supplier-cost-centre-allocations/',
    'Supplier accounts per cost centre',
    buylink,
    'suppliercostcentreallocation',
    supplierCostCentreAllocationSchema,
  ),
};

const invoiceParams = z.object({ invoice_id: int64Id });

export const dynamicsEndpoints = {
  listInvoiceJournals: list('/api/dynamics/atlas-vend-invoice-jours/', 'Vendor invoice journals', dynamics, 'vendinvoicejour', vendInvoiceJourSchema),
  getInvoiceJournal: endpoint({
    method: 'GET',
    path: '/api/dynamics/atlas-vend-invoice-jours/{id}/',
    summary: 'One vendor invoice journal',
    tags: dynamics,
    access: read('vendinvoicejour'),
    params: z.object({ id: int64Id }),
    responses: { 200: vendInvoiceJourSchema },
  }),
  listInvoiceSettlements: nestedList(
    '/api/dynamics/atlas-vend-invoice-jour/{invoice_id}/ccg-vend-settlements/',
    "Settlements of a vendor invoice (invoice_id is the journal's id)",
    dynamics,
    'vendsettlement',
    vendSettlementSchema,
    invoiceParams,
  ),
  listInvoiceSpends: nestedList(
    '/api/dynamics/atlas-vend-invoice-jour/{invoice_id}/ccg-vend-spends/',
    "Spend lines of a vendor invoice (invoice_id is the journal's id)",
    dynamics,
    'vendspend',
    vendSpendSchema,
    invoiceParams,
  ),
  listInvoiceTransactions: nestedList(
    '/api/dynamics/atlas-vend-invoice-jour/{invoice_id}/ccg-vend-transactions/',
    "Vendor transactions of a vendor invoice (invoice_id is the journal's id)",
    dynamics,
    'vendtransaction',
    vendTransactionSchema,
    invoiceParams,
  ),
  listFinancialDimensionValues: list(
    '/api/dynamics/financial-dimension-values/',
    'Financial dimension values with derived state, segment and group',
    dynamics,
    'financialdimensionvalue',
    financialDimensionValueSchema,
  ),
  listVendors: list('/api/dynamics/vendors-v3/', 'Vendors (VendorsV3 entity)', dynamics, 'vendor', vendorV3Schema),
};

export const googleSyncEndpoints = {
  listGroupMembers: nestedList(
    '/api/google-sync/directory-group/{group_id}/members/',
    'Members of a directory group',
    google,
    'member',
    groupMemberSchema,
    z.object({ group_id: googleId }),
  ),
  listGroups: list('/api/google-sync/directory-groups/', 'Directory groups', google, 'directorygroup', directoryGroupSchema),
  getGroup: endpoint({
    method: 'GET',
    path: '/api/google-sync/directory-groups/{id}/',
    summary: 'One directory group',
    tags: google,
    access: read('directorygroup'),
    params: z.object({ id: googleId }),
    responses: { 200: directoryGroupSchema },
  }),
  listOfficeUsers: list('/api/google-sync/directory-users/office/', 'Directory users working in offices', google, 'directoryuser', directoryUserSchema),
  listSiteUsers: list('/api/google-sync/directory-users/site/', 'Directory users working on sites', google, 'directoryuser', directoryUserSchema),
};

export const syncRunEndpoints = {
  listRuns: list('/api/integrations/runs/', 'Connector runs, newest first', ['integrations'], 'syncrun', syncRunSchema),
};
