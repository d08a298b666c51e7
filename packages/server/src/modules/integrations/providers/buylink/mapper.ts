import { CONSOLE_DOC_TYPES, INVOICE_STATUSES, INVOICE_TYPES } from '@ops/contract/integrations/buylink.schemas';
import { day, decimal, flag, instant, int64, oneOf, optionalInt64, required, text } from '../../mapping';
import type { SyncRow } from '../../sync.repository';

/* Feed and CSV carry the same field names; CSV values are all text, which every coercion here accepts. */

export function mapCostCentre(r: Record<string, unknown>): SyncRow<'buylinkCostCentre'> {
  return {
    id: int64(r.id, 'cost-centres.id'),
    CostCentreName: required(r.CostCentreName, 'CostCentreName', 80),
    CostCentreCode: required(r.CostCentreCode, 'CostCentreCode', 20),
    Trading: flag(r.Trading),
    DownloadFormat: text(r.DownloadFormat, 20),
    Email: text(r.Email, 254),
    AccountsEmail: text(r.AccountsEmail, 254),
    parent: optionalInt64(r.parent, 'cost-centres.parent'),
  };
}

export function mapSupplier(r: Record<string, unknown>): SyncRow<'supplier'> {
  return {
    id: int64(r.id, 'suppliers.id'),
    SupplierName: required(r.SupplierName, 'SupplierName', 100),
    SupplierCategory: text(r.SupplierCategory, 100),
    TradingSupplier: flag(r.TradingSupplier),
    BuyingGroup: text(r.BuyingGroup, 100),
    Active: flag(r.Active),
    BusinessName: text(r.BusinessName, 150),
    ABNNumber: text(r.ABNNumber, 11)?.replace(/\s/g, '') ?? null,
    Phone: text(r.Phone, 30),
    Fax: text(r.Fax, 30),
    parent: optionalInt64(r.parent, 'suppliers.parent'),
  };
}

export function mapAllocation(r: Record<string, unknown>): SyncRow<'supplierCostCentreAllocation'> {
  return {
    id: required(r.id, 'supplier-cost-centre-allocations.id', 20),
    CostCentreCode: text(r.CostCentreCode, 20),
    CustomerAccountNo: text(r.CustomerAccountNo, 90),
    APCreditorCode: text(r.APCreditorCode, 20),
    IsActive: flag(r.IsActive),
    supplier: int64(r.supplier, 'allocations.supplier'),
    cost_centre: int64(r.cost_centre, 'allocations.cost_centre'),
  };
}

export function mapConsoleLog(r: Record<string, unknown>): SyncRow<'consoleLog'> {
  const docType = text(r.doc_type);
  return {
    id: int64(r.id, 'console-logs.id'),
    dns_name: text(r.dns_name, 250),
    doc_id: text(r.doc_id, 50),
    doc_type: docType === null ? null : oneOf(docType, CONSOLE_DOC_TYPES, 'doc_type'),
    doc_name: text(r.doc_name, 100),
    file_type: text(r.file_type, 10),
    created_date: instant(r.created_date, 'created_date'),
    category: text(r.category, 50),
    log_type: text(r.log_type, 50),
    log_subtype: text(r.log_subtype, 50),
    level: text(r.level, 20),
    supplier: optionalInt64(r.supplier, 'console-logs.supplier'),
  };
}

const amount = (r: Record<string, unknown>, field: string) => decimal(r[field], field, 4);

export function mapInvoice(r: Record<string, unknown>): SyncRow<'invoiceHeader'> {
  const t = (field: string, max: number) => text(r[field], max);
  return {
    id: int64(r.id, 'invoices.id'),
    type: oneOf(r.type, INVOICE_TYPES, 'invoices.type'),
    InvoiceDate: day(r.InvoiceDate, 'InvoiceDate'),
    InvoiceNumber: required(r.InvoiceNumber, 'InvoiceNumber', 80),
    PONumber: t('PONumber', 80),
    CostCentreCode: t('CostCentreCode', 20),
    SupplierName: t('SupplierName', 100),
    SupplierABN: t('SupplierABN', 11),
    SupplierCode: t('SupplierCode', 50),
    FreightDescription: t('FreightDescription', 100),
    AccountCode: t('AccountCode', 50),
    GLAccountCode: t('GLAccountCode', 50),
    APCreditorCode: t('APCreditorCode', 20),
    CustomerAccountNo: t('CustomerAccountNo', 90),
    FreightAccountCode: t('FreightAccountCode', 50),
    TotalAmountIncTax: amount(r, 'TotalAmountIncTax'),
    TotalGST: amount(r, 'TotalGST'),
    FreightGST: amount(r, 'FreightGST'),
    FreightFeeIncTax: amount(r, 'FreightFeeIncTax'),
    TaxCode: t('TaxCode', 10),
    FreightTaxCode: t('FreightTaxCode', 10),
    CodeLevel1: t('CodeLevel1', 50),
    CodeLevel2: t('CodeLevel2', 50),
    CodeLevel3: t('CodeLevel3', 50),
    CodeLevel4: t('CodeLevel4', 50),
    CodeLevel5: t('CodeLevel5', 50),
    CodeLevel6: t('CodeLevel6', 50),
    CodeLevel7: t('CodeLevel7', 50),
    ReceiptedDate: instant(r.ReceiptedDate, 'ReceiptedDate'),
    UpdatedOn: instant(r.UpdatedOn, 'UpdatedOn'),
    ApprovedByUserName: t('ApprovedByUserName', 150),
    ApprovedOn: instant(r.ApprovedOn, 'ApprovedOn'),
    cost_centre: optionalInt64(r.cost_centre, 'invoices.cost_centre'),
    supplier: optionalInt64(r.supplier, 'invoices.supplier'),
    status: oneOf(r.status, INVOICE_STATUSES, 'invoices.status'),
  };
}
