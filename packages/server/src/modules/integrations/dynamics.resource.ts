import { and, eq } from 'drizzle-orm';
import {
  financialDimensionValueSchema,
  VENDOR_HOLD_STATUSES,
  vendInvoiceJourSchema,
  vendorV3Schema,
  vendSettlementSchema,
  vendSpendSchema,
  vendTransactionSchema,
} from '@ops/contract/integrations/dynamics.schemas';
import {
  financialDimensionValues,
  vendInvoiceJours,
  vendorsV3,
  vendSettlements,
  vendSpends,
  vendTransactions,
} from '../../db/schema/dynamics';
import { syncedResource } from './synced-resource';

export const invoiceJournalsResource = syncedResource({
  name: 'vend-invoice-jours',
  table: vendInvoiceJours,
  id: vendInvoiceJours.id,
  itemSchema: vendInvoiceJourSchema,
  order: ['id', 'InvoiceDate', 'DueDate', 'InvoiceAmount', 'InvoiceAccount', 'InvoiceId', 'VendorName'],
  search: ['InvoiceId', 'VendorName', 'InvoiceAccount'],
  defaultOrdering: ['-InvoiceDate'],
});

export const vendSpendsResource = syncedResource({
  name: 'vend-spends',
  table: vendSpends,
  id: vendSpends.id,
  itemSchema: vendSpendSchema,
  order: ['id', 'LineNum', 'InvoicePostingDate'],
  search: ['SiteDesc', 'CategoryDescription', 'MainAccount'],
  defaultOrdering: ['LineNum'],
});

export const vendTransactionsResource = syncedResource({
  name: 'vend-transactions',
  table: vendTransactions,
  id: vendTransactions.RecordId,
  itemSchema: vendTransactionSchema,
  order: ['RecordId', 'TransDate'],
  search: ['Voucher', 'JournalNum'],
  defaultOrdering: ['TransDate'],
});

export const vendSettlementsResource = syncedResource({
  name: 'vend-settlements',
  table: vendSettlements,
  id: vendSettlements.id,
  itemSchema: vendSettlementSchema,
  order: ['id', 'TransDate'],
  search: ['SettlementVoucher', 'OffsetTransVoucher'],
  defaultOrdering: ['TransDate'],
});

/** Lines of an invoice journal: same company, vendor account and invoice number. */
export const journalLink = {
  spends: (j: { dataAreaId: string; InvoiceAccount: string; InvoiceId: string }) =>
    and(
      eq(vendSpends.dataAreaId, j.dataAreaId),
      eq(vendSpends.InvoiceAccount, j.InvoiceAccount),
      eq(vendSpends.InvoiceId, j.InvoiceId),
    ),
  transactions: (j: { dataAreaId: string; InvoiceAccount: string; InvoiceId: string }) =>
    and(
      eq(vendTransactions.dataAreaId, j.dataAreaId),
      eq(vendTransactions.AccountNum, j.InvoiceAccount),
      eq(vendTransactions.InvoiceId, j.InvoiceId),
    ),
  settlements: (j: { dataAreaId: string; InvoiceAccount: string; InvoiceId: string }) =>
    and(
      eq(vendSettlements.dataAreaId, j.dataAreaId),
      eq(vendSettlements.AccountNum, j.InvoiceAccount),
      eq(vendSettlements.InvoiceId, j.InvoiceId),
    ),
};

export const financialDimensionValuesResource = syncedResource({
  name: 'financial-dimension-values',
  table: financialDimensionValues,
  id: financialDimensionValues.id,
  itemSchema: financialDimensionValueSchema,
  order: ['DimensionValue', 'state', 'segment', 'group'],
  search: ['DimensionValue', 'Description'],
  defaultOrdering: ['DimensionValue'],
});

export const vendorsResource = syncedResource({
  name: 'vendors-v3',
  table: vendorsV3,
  id: vendorsV3.id,
  itemSchema: vendorV3Schema,
  order: ['id', 'VendorAccountNumber', 'VendorOrganizationName', 'VendorGroupId'],
  search: ['VendorOrganizationName', 'VendorSearchName', 'VendorAccountNumber'],
  defaultOrdering: ['VendorAccountNumber'],
  enums: { OnHoldStatus: VENDOR_HOLD_STATUSES },
});
