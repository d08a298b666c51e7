import { z } from 'zod';
import { date, dateTime, decimal, flag, int64, text } from './synced-fields';

/** Purchasing portal (Buylink) records; its ids are int64 and travel as strings. */
export const buylinkCostCentreSchema = z.object({
  id: int64(),
  CostCentreName: z.string(),
  CostCentreCode: z.string(),
  Trading: flag(),
  DownloadFormat: text(),
  Email: text(),
  AccountsEmail: text(),
  parent: int64().nullable(),
});

export const supplierSchema = z.object({
  id: int64(),
  SupplierName: z.string(),
  SupplierCategory: text(),
  TradingSupplier: flag(),
  BuyingGroup: text(),
  Active: flag(),
  BusinessName: text(),
  ABNNumber: text(),
  Phone: text(),
  Fax: text(),
  parent: int64().nullable(),
});

export const supplierCostCentreAllocationSchema = z.object({
  id: z.string().max(20),
  CostCentreCode: text(),
  CustomerAccountNo: text(),
  APCreditorCode: text(),
  IsActive: flag(),
  supplier: int64(),
  cost_centre: int64(),
});

export const CONSOLE_DOC_TYPES = ['IN', 'CR', 'PO', 'PA'] as const;

export const consoleLogSchema = z.object({
  id: int64(),
  dns_name: text(),
  doc_id: text(),
  doc_type: z.enum(CONSOLE_DOC_TYPES).nullable(),
  doc_name: text(),
  file_type: text(),
  created_date: dateTime(),
  category: text(),
  log_type: text(),
  log_subtype: text(),
  level: text(),
  supplier: int64().nullable(),
});

export const INVOICE_TYPES = ['IN', 'CR'] as const;
export const INVOICE_STATUSES = ['PENDING', 'RECEIPTED', 'APPROVED', 'EXPORTED', 'REJECTED', 'ON_HOLD'] as const;

/** Invoice amounts: up to 16 integer digits and 4 decimals. */
const amount = () => decimal(16, 4);

export const invoiceHeaderSchema = z.object({
  id: int64(),
  type: z.enum(INVOICE_TYPES),
  InvoiceDate: date(),
  InvoiceNumber: z.string(),
  PONumber: text(),
  CostCentreCode: text(),
  SupplierName: text(),
  SupplierABN: text(),
  SupplierCode: text(),
  FreightDescription: text(),
  AccountCode: text(),
  GLAccountCode: text(),
  APCreditorCode: text(),
  CustomerAccountNo: text(),
  FreightAccountCode: text(),
  TotalAmountIncTax: amount(),
  TotalGST: amount(),
  FreightGST: amount(),
  FreightFeeIncTax: amount(),
  TaxCode: text(),
  FreightTaxCode: text(),
  CodeLevel1: text(),
  CodeLevel2: text(),
  CodeLevel3: text(),
  CodeLevel4: text(),
  CodeLevel5: text(),
  CodeLevel6: text(),
  CodeLevel7: text(),
  ReceiptedDate: dateTime(),
  UpdatedOn: dateTime(),
  ApprovedByUserName: text(),
  ApprovedOn: dateTime(),
  cost_centre: int64().nullable(),
  supplier: int64().nullable(),
  status: z.enum(INVOICE_STATUSES),
});
