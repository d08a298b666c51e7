import {
  buylinkCostCentreSchema,
  CONSOLE_DOC_TYPES,
  consoleLogSchema,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  invoiceHeaderSchema,
  supplierCostCentreAllocationSchema,
  supplierSchema,
} from '@ops/contract/integrations/buylink.schemas';
import {
  buylinkCostCentres,
  consoleLogs,
  invoiceHeaders,
  supplierCostCentreAllocations,
  suppliers,
} from '../../db/schema/buylink';
import { syncedResource } from './synced-resource';

export const buylinkCostCentresResource = syncedResource({
  name: 'buylink-cost-centres',
  table: buylinkCostCentres,
  id: buylinkCostCentres.id,
  itemSchema: buylinkCostCentreSchema,
  order: ['id', 'CostCentreCode', 'CostCentreName'],
  search: ['CostCentreName', 'CostCentreCode'],
  defaultOrdering: ['CostCentreName'],
});

export const suppliersResource = syncedResource({
  name: 'buylink-suppliers',
  table: suppliers,
  id: suppliers.id,
  itemSchema: supplierSchema,
  order: ['id', 'SupplierName', 'SupplierCategory'],
  search: ['SupplierName', 'BusinessName'],
  defaultOrdering: ['SupplierName'],
});

export const allocationsResource = syncedResource({
  name: 'buylink-supplier-cost-centre-allocations',
  table: supplierCostCentreAllocations,
  id: supplierCostCentreAllocations.id,
  itemSchema: supplierCostCentreAllocationSchema,
  order: ['id', 'supplier', 'cost_centre', 'CostCentreCode'],
  search: ['CostCentreCode', 'CustomerAccountNo', 'APCreditorCode'],
  defaultOrdering: ['id'],
});

export const consoleLogsResource = syncedResource({
  name: 'buylink-console-logs',
  table: consoleLogs,
  id: consoleLogs.id,
  itemSchema: consoleLogSchema,
  order: ['id', 'created_date', 'level', 'supplier'],
  search: ['doc_name'],
  defaultOrdering: ['-created_date'],
  enums: { doc_type: CONSOLE_DOC_TYPES },
});

export const invoiceHeadersResource = syncedResource({
  name: 'buylink-invoices',
  table: invoiceHeaders,
  id: invoiceHeaders.id,
  itemSchema: invoiceHeaderSchema,
  order: [
    'id',
    'InvoiceDate',
    'InvoiceNumber',
    'TotalAmountIncTax',
    'UpdatedOn',
    'status',
    'supplier',
    'cost_centre',
    'CostCentreCode',
  ],
  search: ['InvoiceNumber', 'SupplierName'],
  defaultOrdering: ['-InvoiceDate'],
  enums: { type: INVOICE_TYPES, status: INVOICE_STATUSES },
});
