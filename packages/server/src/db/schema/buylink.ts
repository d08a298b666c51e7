import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { int64 } from './integrations';

/*
 * Mirror of the purchasing portal (Buylink). Its ids are int64. References
 * between its records (parent, supplier, cost_centre) carry no foreign keys:
 * the portal owns their integrity and a dangling one must not fail a sync.
 */

export const buylinkCostCentres = pgTable(
  'buylink_cost_centre',
  {
    id: int64('id').primaryKey(),
    CostCentreName: varchar('cost_centre_name', { length: 80 }).notNull(),
    CostCentreCode: varchar('cost_centre_code', { length: 20 }).notNull(),
    Trading: boolean('trading').notNull(),
    DownloadFormat: varchar('download_format', { length: 20 }),
    Email: varchar('email', { length: 254 }),
    AccountsEmail: varchar('accounts_email', { length: 254 }),
    parent: int64('parent_id'),
  },
  (t) => [
    index('buylink_cost_centre_code_idx').on(t.CostCentreCode, t.id),
    index('buylink_cost_centre_name_idx').on(t.CostCentreName, t.id),
    index('buylink_cost_centre_parent_idx').on(t.parent),
    index('buylink_cost_centre_name_trgm').using('gin', sql`${t.CostCentreName} gin_trgm_ops`),
  ],
);

export const suppliers = pgTable(
  'buylink_supplier',
  {
    id: int64('id').primaryKey(),
    SupplierName: varchar('supplier_name', { length: 100 }).notNull(),
    SupplierCategory: varchar('supplier_category', { length: 100 }),
    TradingSupplier: boolean('trading_supplier').notNull(),
    BuyingGroup: varchar('buying_group', { length: 100 }),
    Active: boolean('active').notNull(),
    BusinessName: varchar('business_name', { length: 150 }),
    ABNNumber: varchar('abn_number', { length: 11 }),
    Phone: varchar('phone', { length: 30 }),
    Fax: varchar('fax', { length: 30 }),
    parent: int64('parent_id'),
  },
  (t) => [
    index('buylink_supplier_name_idx').on(t.SupplierName, t.id),
    index('buylink_supplier_category_idx').on(t.SupplierCategory, t.id),
    index('buylink_supplier_parent_idx').on(t.parent),
    index('buylink_supplier_name_trgm').using('gin', sql`${t.SupplierName} gin_trgm_ops`),
    index('buylink_supplier_business_trgm').using('gin', sql`${t.BusinessName} gin_trgm_ops`),
  ],
);

export const supplierCostCentreAllocations = pgTable(
  'buylink_supplier_cost_centre_allocation',
  {
    id: varchar('id', { length: 20 }).primaryKey(),
    CostCentreCode: varchar('cost_centre_code', { length: 20 }),
    CustomerAccountNo: varchar('customer_account_no', { length: 90 }),
    APCreditorCode: varchar('ap_creditor_code', { length: 20 }),
    IsActive: boolean('is_active').notNull(),
    supplier: int64('supplier_id').notNull(),
    cost_centre: int64('cost_centre_id').notNull(),
  },
  (t) => [
    index('buylink_allocation_supplier_idx').on(t.supplier, t.id),
    index('buylink_allocation_cost_centre_idx').on(t.cost_centre, t.id),
    index('buylink_allocation_code_idx').on(t.CostCentreCode, t.id),
  ],
);

export const consoleLogs = pgTable(
  'buylink_console_log',
  {
    id: int64('id').primaryKey(),
    dns_name: varchar('dns_name', { length: 250 }),
    doc_id: varchar('doc_id', { length: 50 }),
    doc_type: varchar('doc_type', { length: 2 }),
    doc_name: varchar('doc_name', { length: 100 }),
    file_type: varchar('file_type', { length: 10 }),
    created_date: timestamptz('created_date'),
    category: varchar('category', { length: 50 }),
    log_type: varchar('log_type', { length: 50 }),
    log_subtype: varchar('log_subtype', { length: 50 }),
    level: varchar('level', { length: 20 }),
    supplier: int64('supplier_id'),
  },
  (t) => [
    check('buylink_console_log_doc_type_ck', sql`${t.doc_type} in ('IN', 'CR', 'PO', 'PA')`),
    index('buylink_console_log_created_idx').on(t.created_date.desc(), t.id),
    index('buylink_console_log_supplier_idx').on(t.supplier, t.id),
    index('buylink_console_log_level_idx').on(t.level, t.id),
    index('buylink_console_log_doc_name_trgm').using('gin', sql`${t.doc_name} gin_trgm_ops`),
  ],
);

/** Invoice amounts: 16 integer and 4 decimal digits. */
const amount = (name: string) => numeric(name, { precision: 20, scale: 4 }).notNull();
const code = (name: string) => varchar(name, { length: 50 });

export const invoiceHeaders = pgTable(
  'buylink_invoice_header',
  {
    id: int64('id').primaryKey(),
    type: varchar('type', { length: 2 }).notNull(),
    InvoiceDate: date('invoice_date', { mode: 'string' }),
    InvoiceNumber: varchar('invoice_number', { length: 80 }).notNull(),
    PONumber: varchar('po_number', { length: 80 }),
    CostCentreCode: varchar('cost_centre_code', { length: 20 }),
    SupplierName: varchar('supplier_name', { length: 100 }),
    SupplierABN: varchar('supplier_abn', { length: 11 }),
    SupplierCode: code('supplier_code'),
    FreightDescription: varchar('freight_description', { length: 100 }),
    AccountCode: code('account_code'),
    GLAccountCode: code('gl_account_code'),
    APCreditorCode: varchar('ap_creditor_code', { length: 20 }),
    CustomerAccountNo: varchar('customer_account_no', { length: 90 }),
    FreightAccountCode: code('freight_account_code'),
    TotalAmountIncTax: amount('total_amount_inc_tax'),
    TotalGST: amount('total_gst'),
    FreightGST: amount('freight_gst'),
    FreightFeeIncTax: amount('freight_fee_inc_tax'),
    TaxCode: varchar('tax_code', { length: 10 }),
    FreightTaxCode: varchar('freight_tax_code', { length: 10 }),
    CodeLevel1: code('code_level1'),
    CodeLevel2: code('code_level2'),
    CodeLevel3: code('code_level3'),
    CodeLevel4: code('code_level4'),
    CodeLevel5: code('code_level5'),
    CodeLevel6: code('code_level6'),
    CodeLevel7: code('code_level7'),
    ReceiptedDate: timestamptz('receipted_date'),
    UpdatedOn: timestamptz('updated_on'),
    ApprovedByUserName: varchar('approved_by_user_name', { length: 150 }),
    ApprovedOn: timestamptz('approved_on'),
    cost_centre: int64('cost_centre_id'),
    supplier: int64('supplier_id'),
    status: varchar('status', { length: 10 }).notNull(),
  },
  (t) => [
    check('buylink_invoice_header_type_ck', sql`${t.type} in ('IN', 'CR')`),
    check('buylink_invoice_header_status_ck', sql`${t.status} in ('PENDING', 'RECEIPTED', 'APPROVED', 'EXPORTED', 'REJECTED', 'ON_HOLD')`),
    index('buylink_invoice_header_date_idx').on(t.InvoiceDate, t.id),
    index('buylink_invoice_header_number_idx').on(t.InvoiceNumber, t.id),
    index('buylink_invoice_header_total_idx').on(t.TotalAmountIncTax, t.id),
    index('buylink_invoice_header_updated_idx').on(t.UpdatedOn, t.id),
    index('buylink_invoice_header_status_idx').on(t.status, t.id),
    index('buylink_invoice_header_supplier_idx').on(t.supplier, t.id),
    index('buylink_invoice_header_cost_centre_idx').on(t.cost_centre, t.id),
    index('buylink_invoice_header_cc_code_idx').on(t.CostCentreCode, t.id),
    index('buylink_invoice_header_cc_date_idx').on(t.CostCentreCode, t.InvoiceDate, t.id),
    index('buylink_invoice_header_number_trgm').using('gin', sql`${t.InvoiceNumber} gin_trgm_ops`),
    index('buylink_invoice_header_supplier_trgm').using('gin', sql`${t.SupplierName} gin_trgm_ops`),
  ],
);
